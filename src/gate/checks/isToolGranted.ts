import { toolDigest } from '../../registry/toolDigest.js';
import { pass, type Check } from '../Check.js';

/**
 * Is this exact (name, version) resolvable, grantable and inside the run's
 * grant, and, when the grant pins it (rev 2), is its registered definition
 * the pinned one? An exact match only: no prefix, no fuzzy match, no case folding.
 */
export const isToolGranted: Check = (call, ctx) => {
  if (ctx.tool?.entry.grantable !== true || !ctx.compiledGrant.tools.has(call.ref)) {
    return { code: 'not_granted', ref: call.ref };
  }
  // A grant without pins pays one map lookup; the digest is computed once per entry.
  const pin = ctx.compiledGrant.pins.get(call.ref);
  return pin === undefined || toolDigest(ctx.tool.entry) === pin
    ? pass
    : { code: 'not_granted', ref: call.ref };
};
