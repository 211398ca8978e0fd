import type { Refusal, TurnDecision } from '../../gate/types.js';
import type { Expectation } from '../policy/parseTestFile.js';

/** One policy test case's outcome, as `toolgate test` reports it. */
export interface CaseResult {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly name: string;
  readonly ok: boolean;
  readonly expected: Expectation;
  readonly actual: { readonly settled: TurnDecision['settled']; readonly refusal?: Refusal };
}

/** `refused with not_granted, call 1` / `allowed` */
export function describeExpectation(expect: Expectation): string {
  if (expect === 'allow') return 'allowed';
  return `refused with ${expect.refuse}${expect.callIndex === undefined ? '' : `, call ${expect.callIndex}`}`;
}

/** What happened, in the same words as the expectation. */
export function describeActual(result: CaseResult): string {
  const refusal = result.actual.refusal;
  if (refusal === undefined)
    return result.actual.settled === 'answer'
      ? 'allowed (an answer)'
      : 'allowed (every call passes both stages)';
  return `refused with ${refusal.code}${refusal.callIndex === undefined ? '' : `, call ${refusal.callIndex}`}`;
}
