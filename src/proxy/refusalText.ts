import type { Refusal } from '../gate/types.js';

/**
 * The text a refused `tools/call` returns (SPEC §14.4): the §7 reason on its
 * first line, then one line per detail saying why in words the model can
 * act on (the deny entry, the real path, "pass an absolute path"), each
 * after the argument's JSON Pointer when it names one.
 *
 * // the path /srv/.env is outside the granted folder scope
 * // /path: the deny entry !**\/.env takes it away
 */
export function refusalText(refusal: Refusal): string {
  const lines = [refusal.reason];
  for (const detail of refusal.details ?? []) {
    // A detail is one line: a line break in it must not pass for a line of its own.
    const message = detail.message.replace(/[\n\r\u2028\u2029]+/g, ' ');
    lines.push(detail.pointer === '' ? message : `${detail.pointer}: ${message}`);
  }
  return lines.join('\n');
}
