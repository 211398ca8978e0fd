import { APPROVAL_ID } from '../gate/usedApprovals.js';
import { hasOwn } from '../data/hasOwn.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { ToolgateError } from '../errors/ToolgateError.js';

/**
 * Reads `run.dispatch`'s options (rev 2) and returns the approval token, if
 * any. Options are the runtime's, not the model's, so a malformed one is a
 * programming error: it throws `ToolgateError` (`invalid_option`) and
 * nothing is checked or recorded.
 *
 * // ({ approval: 'hmac-sha256:…' }) => 'hmac-sha256:…'
 * // ({ approval: 42 })              => throws: approval must be the token string approveCall returned
 */
export function readDispatchOptions(options: unknown): string | undefined {
  if (options === undefined) return undefined;
  if (!isPlainObject(options)) {
    throw new ToolgateError(
      'invalid_option',
      'run.dispatch options must be an object such as { approval: token }',
    );
  }
  const unknown = Object.keys(options).find((key) => key !== 'approval');
  if (unknown !== undefined) {
    throw new ToolgateError(
      'invalid_option',
      `run.dispatch has no option ${JSON.stringify(unknown)}; the only option is approval`,
    );
  }
  // Own properties only: a polluted Object.prototype must not supply a token.
  const approval = hasOwn(options, 'approval') ? options.approval : undefined;
  if (approval !== undefined && typeof approval !== 'string') {
    throw new ToolgateError(
      'invalid_option',
      'run.dispatch approval must be the token string approveCall returned',
    );
  }
  return approval;
}

/** (rev 3) The id of one person's yes (`APPROVAL_ID`), when `toolgate mcp` gives one; else nothing. */
export function readApprovalId(options: unknown): string | undefined {
  if (typeof options !== 'object' || options === null || !hasOwn(options, APPROVAL_ID))
    return undefined;
  const id: unknown = (options as Record<PropertyKey, unknown>)[APPROVAL_ID];
  return typeof id === 'string' && id !== '' ? id : undefined;
}
