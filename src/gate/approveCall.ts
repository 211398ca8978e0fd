import { hasOwn } from '../data/hasOwn.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import { readApprovalKey } from './readApprovalKey.js';
import { signApproval } from './signApproval.js';
import type { ApprovalRequest } from './types.js';

const DIGEST = /^sha256:[0-9a-f]{64}$/;

/**
 * Approves one exact call (SPEC §5 rev 2): takes the `approval` of an
 * `approval_required` refusal, once a person has read its `ref` and
 * `arguments` and said yes, and returns the token to pass as the context's
 * `approval` (or `run.dispatch(call, { approval })`). The token is
 * `hmac-sha256:` + hex HMAC-SHA256(key, digest): it verifies only for that
 * digest (that ref, that tool definition, those argument bytes) at a gate
 * made with the same `approvalKey`. Keep the key where the model cannot
 * read it. Throws `ToolgateError` (`invalid_option`) for a bad approval or key.
 *
 * // approveCall(refusal.approval, key) => 'hmac-sha256:3f…'
 */
export function approveCall(approval: ApprovalRequest, key: string | Uint8Array): string {
  const digest =
    isPlainObject(approval) && hasOwn(approval, 'digest') ? approval.digest : undefined;
  if (typeof digest !== 'string' || !DIGEST.test(digest)) {
    throw new ToolgateError(
      'invalid_option',
      'approveCall needs the approval of an approval_required refusal, { digest: "sha256:<64 hex>", ref, arguments }; pass refusal.approval',
    );
  }
  return signApproval(readApprovalKey(key, 'the approval key'), digest);
}
