import { pass, type Check } from '../Check.js';

/**
 * Is this exact (name, version) resolvable, grantable and inside the run's grant?
 * An exact match only: no prefix, no fuzzy match, no case folding.
 */
export const isToolGranted: Check = (call, ctx) =>
  ctx.tool?.entry.grantable === true && ctx.compiledGrant.tools.has(call.ref)
    ? pass
    : { code: 'not_granted', ref: call.ref };
