import { pass, type Check } from '../Check.js';

/** Is the call shape one the tool declared? A missing shape means the tool's default. */
export const isShapeSupported: Check = (call, ctx) => {
  // INVARIANT: a tool the registry no longer has passes here only because
  // dispatch.grant, the next check, refuses it with the right code.
  if (ctx.tool === undefined) return pass;
  const shapes = ctx.tool.entry.shapes;
  return call.shape === undefined || shapes.includes(call.shape)
    ? pass
    : { code: 'unsupported_shape', ref: call.ref, shape: call.shape };
};
