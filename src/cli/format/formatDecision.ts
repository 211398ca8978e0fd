import type { TurnDecision } from '../../gate/types.js';
import { formatRefusal } from './formatRefusal.js';
import { printableLines } from './printableLines.js';

/**
 * The gate's verdict on a whole turn, for people.
 *
 * // ALLOWED: 1 call passes both stages of the gate
 * //   call 0  fs-read@1  {"path":"src/index.ts"}
 */
export function formatDecision(decision: TurnDecision): string {
  switch (decision.settled) {
    case 'answer':
      return 'ALLOWED: the turn is an answer, with no call to check';
    case 'tool': {
      const count =
        decision.calls.length === 1 ? '1 call passes' : `${decision.calls.length} calls pass`;
      const calls = decision.calls.map(
        (call, index) => `  call ${index}  ${call.ref}  ${JSON.stringify(call.arguments)}`,
      );
      return printableLines([`ALLOWED: ${count} both stages of the gate`, ...calls]);
    }
    case 'rejected':
      return formatRefusal(decision.refusal);
  }
}
