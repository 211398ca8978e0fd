import { isNameVisible } from '../../scope/visible/isNameVisible.js';
import { pass, type Check } from '../Check.js';

/**
 * Is the tool shown to this agent? Only asked when the context carries
 * `visible`: an entry is a tool name, `prefix/*` for every name under
 * `prefix/`, or `*` for every name. The menu uses the same rule, so it never
 * lists a tool this check would refuse.
 */
export const isToolVisible: Check = (call, ctx) =>
  isNameVisible(call.tool, ctx.visible) ? pass : { code: 'hidden_tool', name: call.tool };
