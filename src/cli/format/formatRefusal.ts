import type { Refusal } from '../../gate/types.js';
import { printableLines } from './printableLines.js';

/**
 * A refusal for people: the code and check, which call, the reason in the
 * spec's words, then each detail (pointer: message), indented.
 *
 * // REFUSED: folder_out_of_scope at dispatch.folder (call 1, fs-write@1)
 * //   the path /etc/passwd is outside the granted folder scope
 * //   /path: no granted folder allows writing here
 */
export function formatRefusal(refusal: Refusal, indent = ''): string {
  const call = refusal.callIndex === undefined ? '' : `call ${refusal.callIndex}`;
  const ref = refusal.ref === undefined ? '' : refusal.ref;
  const which = [call, ref].filter((part) => part !== '').join(', ');
  const lines = [
    `${indent}REFUSED: ${refusal.code} at ${refusal.check}${which === '' ? '' : ` (${which})`}`,
    `${indent}  ${refusal.reason}`,
    ...(refusal.details ?? []).map(
      (detail) =>
        `${indent}  ${detail.pointer === '' ? '' : `${detail.pointer}: `}${detail.message}`,
    ),
  ];
  return printableLines(lines);
}
