import { parsePolicy } from '../cli/policy/parsePolicy.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import { toLoadedPolicy } from './toLoadedPolicy.js';
import type { LoadPolicyResult, PolicyFileAccess } from './types.js';

/** With no file access, a policy that names other files (Kortix manifests) cannot read them. */
const NO_FILES: PolicyFileAccess = {
  readFile: (path) => {
    throw new Error(`no file access was given to read ${path}`);
  },
  exists: () => false,
};

/**
 * Loads a policy from its text (YAML or JSON; JSON is YAML): registry,
 * grants, steps, agents and `servers`, with every diagnostic `toolgate
 * validate` gives, placed in `file` (a name for messages). Never throws for
 * a bad policy: `{ ok: false, diagnostics }`. `files` reads the files a
 * policy names (Kortix manifests); without it, such a policy reports them
 * unreadable. Throws `ToolgateError` only for arguments of the wrong kind.
 *
 * // parsePolicyText('version: 1\ngrants:\n  default: { tools: [fs-read@1], folders: [/srv] }\n')
 * //   => { ok: true, policy: { grants: Map { 'default' => Grant }, … }, diagnostics: [] }
 */
export function parsePolicyText(
  text: string,
  options: { readonly file?: string; readonly files?: PolicyFileAccess } = {},
): LoadPolicyResult {
  if (typeof text !== 'string') {
    throw new ToolgateError('invalid_option', 'parsePolicyText needs the policy text as a string');
  }
  return toLoadedPolicy(
    parsePolicy(options.file ?? 'policy.yaml', text, options.files ?? NO_FILES),
  );
}
