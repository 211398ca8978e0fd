import { pass, type Check } from '../Check.js';

/** Is the tool declared for this step? With no step, every tool is. */
export const isToolInStep: Check = (call, ctx) =>
  ctx.step === undefined || ctx.step.tools.includes(call.tool)
    ? pass
    : { code: 'unknown_tool', name: call.tool, step: ctx.step.name };
