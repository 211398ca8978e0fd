import type { TurnDecision } from '../../gate/types.js';
import type { Place } from '../diagnostics.js';
import { formatDecision } from '../format/formatDecision.js';
import { formatRefusal } from '../format/formatRefusal.js';
import { printableLines } from '../format/printableLines.js';
import type { CallExplanation, CheckExplanation, MatchedEntry, TurnExplanation } from './types.js';

const VERDICT: Readonly<Record<CheckExplanation['verdict'], string>> = {
  pass: 'pass',
  refused: 'REFUSED',
  not_run: '-',
};
const ID_WIDTH = 19;

/**
 * An explanation for people: a header with the context, then each call with
 * every check in order (verdict, check id, what let it through and where the
 * policy says so), then the gate's verdict on the whole turn.
 *
 * // call 0: fs-read@1 {"path":"src/app.ts"}
 * //   pass     proposal.granted     fs-read@1 is granted: tools[0] fs-read@1 (policy.yaml:31:9)
 * //   …
 * //   REFUSED  dispatch.folder      the path /etc/passwd is outside the granted folder scope
 */
export function formatExplanation(
  header: readonly string[],
  explanation: TurnExplanation,
  decision: TurnDecision,
): string {
  const lines = [...header, ''];
  if (explanation.kind === 'answer')
    lines.push('the turn is an answer: there is no call to check', '');
  if (explanation.kind === 'turn_refused')
    lines.push('the turn is refused before any call is checked', '');
  if (explanation.kind === 'calls') {
    for (const call of explanation.calls) lines.push(...formatCall(call), '');
    if (decision.settled === 'rejected' && explanation.calls.length > 1) {
      lines.push(
        'one refused call rejects the whole turn; the gate reports the first refusal in its order:',
        'the proposal stage for every call, then the dispatch stage for every call.',
        '',
      );
    }
  }
  // Both are escaped line by line already: no raw newline is left inside one of their lines.
  lines.push(...formatDecision(decision).split('\n'));
  return printableLines(lines);
}

function formatCall(call: CallExplanation): string[] {
  const lines = [
    `call ${call.callIndex}: ${call.ref} ${(JSON.stringify(call.arguments) as string | undefined) ?? ''}`,
  ];
  if (call.refusal !== undefined) lines.push(...formatRefusal(call.refusal, '  ').split('\n'));
  for (const check of call.checks) {
    const facts =
      check.refusal === undefined
        ? [...check.notes, ...check.matched.map(formatMatch)]
        : refusalLines(check);
    const [first = '', ...rest] = facts;
    lines.push(
      `  ${VERDICT[check.verdict].padEnd(8)} ${check.id.padEnd(ID_WIDTH)} ${first}`.trimEnd(),
    );
    for (const more of rest) lines.push(`${' '.repeat(2 + 8 + 1 + ID_WIDTH + 1)}${more}`);
  }
  return lines;
}

function refusalLines(check: CheckExplanation): string[] {
  const refusal = check.refusal;
  if (refusal === undefined) return [];
  return [
    `${refusal.reason} (${refusal.code})`,
    ...(refusal.details ?? []).map(
      (detail) => `${detail.pointer === '' ? '' : `${detail.pointer}: `}${detail.message}`,
    ),
    ...check.notes,
  ];
}

const VERB: Readonly<Record<MatchedEntry['scope'], string>> = {
  tools: 'granted by',
  folders: 'granted by',
  network: 'granted by',
  secrets: 'granted by',
  visible: 'shown by',
  step: 'listed in',
};

/**
 * One matched entry on one line.
 *
 * // path /workspace/a.ts (read) at /path: granted by grants.coder.folders[0] /workspace (write) (policy.yaml:33:9)
 * // tool fs-read@1: granted by grants.coder.tools[0] (policy.yaml:30:9)
 */
function formatMatch(match: MatchedEntry): string {
  const at = match.pointer === undefined ? '' : ` at ${match.pointer}`;
  const name = match.source ?? `${match.scope}[${match.index}]`;
  // A ref or a step's tool name is the want itself: no need to repeat it.
  const entry = match.scope === 'tools' || match.scope === 'step' ? '' : ` ${match.entry}`;
  const access = match.access === undefined ? '' : ` (${match.access})`;
  const where = match.place === undefined ? '' : ` (${formatPlace(match.place)})`;
  return `${match.want}${at}: ${VERB[match.scope]} ${name}${entry}${access}${where}`;
}

function formatPlace(place: Place): string {
  return `${place.file}:${place.line}:${place.column}`;
}
