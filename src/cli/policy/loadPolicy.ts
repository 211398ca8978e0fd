import { messageOf } from '../../data/messageOf.js';
import { parsePolicy, type ParsePolicyOptions } from './parsePolicy.js';
import type { PolicyFiles, PolicyResult } from './types.js';

/** Reads and parses a policy file; an unreadable file is one error at its start. */
export function loadPolicy(
  file: string,
  files: PolicyFiles,
  options: ParsePolicyOptions = {},
): PolicyResult {
  let text: string;
  try {
    text = files.readFile(file);
  } catch (error) {
    const message = `cannot read the policy file: ${messageOf(error)}`;
    return {
      ok: false,
      diagnostics: [
        {
          severity: 'error',
          code: 'unreadable_file',
          file,
          line: 1,
          column: 1,
          message,
          fix: 'check the path',
        },
      ],
    };
  }
  return parsePolicy(file, text, files, options);
}
