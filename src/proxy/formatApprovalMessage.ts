import { sha256Hex } from '../data/sha256Hex.js';
import { collectResourceValues } from '../gate/collectResourceValues.js';
import type { ApprovalRequest } from '../gate/types.js';
import { parseResourcePointer } from '../registry/parseResourcePointer.js';
import type { ToolEntry } from '../registry/types.js';

/** The longest message a person is shown (SPEC §14.4). */
export const MAX_APPROVAL_MESSAGE = 2_000;
/** The longest resource value shown on its line; the arguments below hold it whole. */
const MAX_VALUE = 300;

/** Control, format (bidi, zero-width, tags) and line/paragraph separator characters. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
/** Everything but printable ASCII. */
const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/g;

/** Each UTF-16 code unit of the text as `\uXXXX`. */
const codeUnits = (text: string): string =>
  [...Array(text.length).keys()]
    .map((index) => `\\u${text.charCodeAt(index).toString(16).padStart(4, '0')}`)
    .join('');

/**
 * What a person reads before approving one call of an `ask` tool (SPEC
 * §14.4): the ref, then each value the tool's resource bindings read (path,
 * URL, host, secret name) on its own line with every control, format, bidi,
 * zero-width and separator character escaped as `\uXXXX`, then the
 * arguments as JSON with those and every other non-ASCII character escaped,
 * cut to keep the whole within 2,000 characters, and last the arguments'
 * `sha256:` digest (of the text the approval covers) and how many characters
 * were cut. A write to `data/run.sh` with 200 KB of content that pretends to
 * name `data/notes.txt` shows `data/run.sh` on its third line.
 *
 * // fs/write_file@1 will run once with:
 * //   path (write) /path: "data/run.sh"
 * // arguments: {"content":"\u202e…","path":"data/run.sh"}
 * // arguments sha256:3f… (198,109 characters cut)
 */
export function formatApprovalMessage(
  approval: ApprovalRequest,
  entry: ToolEntry | undefined,
  args: Readonly<Record<string, unknown>>,
): string {
  const lines = [`${escapeHidden(approval.ref)} will run once with:`];
  for (const resource of entry?.resources ?? []) {
    const segments = parseResourcePointer(resource.at);
    if (!segments.ok) continue;
    const found = collectResourceValues(segments.value, args);
    if ('problem' in found) continue;
    const kind = resource.kind === 'path' ? `path (${resource.access ?? 'write'})` : resource.kind;
    for (const { pointer, value } of found.values) {
      lines.push(`  ${kind} ${escapeHidden(pointer)}: ${showValue(value)}`);
    }
  }
  const digest = `arguments sha256:${sha256Hex(approval.arguments)}`;
  const head = lines.join('\n');
  const shown = escapeNonAscii(approval.arguments);
  const prefix = `${head}\narguments: `;
  const whole = `${prefix}${shown}\n${digest}`;
  if (whole.length <= MAX_APPROVAL_MESSAGE) return whole;
  // Room for the arguments once the ellipsis, the digest and the longest footnote are placed.
  const room =
    MAX_APPROVAL_MESSAGE - prefix.length - 2 - digest.length - footnote(shown.length).length;
  let kept = Math.max(0, room);
  // Never end inside an escape: \u20… would read as another character.
  const escape = shown.lastIndexOf('\\u', kept - 1);
  if (escape !== -1 && escape > kept - 6) kept = escape;
  const text = `${prefix}${shown.slice(0, kept)}…\n${digest}${footnote(shown.length - kept)}`;
  // A header of many resource lines can outgrow the limit on its own: it is cut too.
  return text.length <= MAX_APPROVAL_MESSAGE
    ? text
    : `${text.slice(0, MAX_APPROVAL_MESSAGE - digest.length - 2)}…\n${digest}`;
}

/** ` (1,234 characters cut)`, or nothing when nothing was cut. */
function footnote(cut: number): string {
  return cut <= 0 ? '' : ` (${cut.toLocaleString('en-US')} characters cut)`;
}

/** A resource value on its line: a string quoted, hidden characters escaped, long ones cut. */
function showValue(value: unknown): string {
  // A resource value was read from JSON: it always has a JSON text.
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const cut = text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
  const escaped = escapeHidden(cut);
  return typeof value === 'string' ? `"${escaped}"` : escaped;
}

/** The text with every control, format and separator character as `\uXXXX`. */
export function escapeHidden(text: string): string {
  return text.replace(HIDDEN, codeUnits);
}

/** The text with every character outside printable ASCII as `\uXXXX`. */
export function escapeNonAscii(text: string): string {
  return text.replace(NOT_PRINTABLE_ASCII, codeUnits);
}
