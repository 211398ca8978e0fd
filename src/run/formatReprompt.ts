import { describeValue } from '../data/describeValue.js';
import type { Refusal } from '../gate/types.js';

/** The most details a reprompt lists; the rest are counted. */
const MAX_DETAILS = 10;

/**
 * Writes the text that re-prompts the model after a rejected turn: it says
 * nothing ran, states the refusal's reason (SPEC wording), which call it
 * was, and each detail, so the model can fix the turn and try again.
 *
 * // { reason: 'the arguments for search@1 do not match its inputSchema', callIndex: 0,
 * //   ref: 'search@1', details: [{ pointer: '/query', message: 'must be string' }] }
 * // => Your last turn was refused, so none of its calls ran.
 * //    Reason: the arguments for search@1 do not match its inputSchema
 * //    Refused call: 1 of the turn (search@1)
 * //    Details:
 * //    - /query: must be string
 * //    Fix the turn and try again, or answer without calling a tool.
 */
export function formatReprompt(refusal: Refusal): string {
  const lines = [
    'Your last turn was refused, so none of its calls ran.',
    `Reason: ${refusal.reason}`,
  ];
  if (refusal.callIndex !== undefined) {
    const ref = refusal.ref === undefined ? '' : ` (${describeValue(refusal.ref)})`;
    lines.push(`Refused call: ${refusal.callIndex + 1} of the turn${ref}`);
  }
  const details = refusal.details ?? [];
  if (details.length > 0) {
    lines.push('Details:');
    for (const { pointer, message } of details.slice(0, MAX_DETAILS)) {
      lines.push(
        `- ${pointer === '' ? '(the call)' : describeValue(pointer)}: ${describeValue(message)}`,
      );
    }
    if (details.length > MAX_DETAILS) lines.push(`- … and ${details.length - MAX_DETAILS} more`);
  }
  lines.push('Fix the turn and try again, or answer without calling a tool.');
  return lines.join('\n');
}
