import { existsSync, readFileSync } from 'node:fs';
import { loadPolicy as loadCliPolicy } from '../cli/policy/loadPolicy.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import { toLoadedPolicy } from './toLoadedPolicy.js';
import type { LoadPolicyResult, PolicyFileAccess } from './types.js';

const NODE_FILES: PolicyFileAccess = {
  readFile: (path) => readFileSync(path, 'utf8'),
  exists: (path) => existsSync(path),
};

/**
 * Loads a policy file (YAML or JSON) into a registry, grants, steps, agents
 * and `servers`, with the same diagnostics as `toolgate validate` — the one
 * loader the CLI, the MCP proxy and a runtime share. An unreadable file is
 * one `unreadable_file` error; a bad policy is `{ ok: false, diagnostics }`,
 * never a throw. `files` replaces `node:fs` (tests, bundles). Throws
 * `ToolgateError` only for arguments of the wrong kind.
 *
 * // const loaded = loadPolicy('policy.yaml');
 * // if (!loaded.ok) throw new Error(formatDiagnostics(loaded.diagnostics));
 * // const grant = loaded.policy.grants.get('default');
 */
export function loadPolicy(file: string, files: PolicyFileAccess = NODE_FILES): LoadPolicyResult {
  if (typeof file !== 'string' || file === '') {
    throw new ToolgateError('invalid_option', 'loadPolicy needs the path of the policy file');
  }
  return toLoadedPolicy(loadCliPolicy(file, files));
}
