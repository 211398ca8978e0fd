import type { PolicyResult } from '../cli/policy/types.js';
import { hasOwn } from '../data/hasOwn.js';
import type { LoadedPolicy, LoadPolicyResult } from './types.js';

/**
 * The CLI loader's result as the public policy entry gives it: the same
 * diagnostics; the policy without the parsed-file internals, `servers`
 * passed through when the loader read one.
 */
export function toLoadedPolicy(result: PolicyResult): LoadPolicyResult {
  if (!result.ok) return Object.freeze({ ok: false, diagnostics: result.diagnostics });
  const { file, registry, grants, steps, agents } = result.policy;
  const servers = hasOwn(result.policy, 'servers') ? result.policy.servers : undefined;
  const policy: LoadedPolicy = Object.freeze({
    file,
    registry,
    grants,
    steps,
    agents,
    ...(servers === undefined ? {} : { servers }),
  });
  return Object.freeze({ ok: true, policy, diagnostics: result.diagnostics });
}
