/**
 * Type test, run by `npm run typecheck` (tsconfig includes test/): turn and
 * dispatch records narrow on `settled` and `allowed`, so a reader's strict
 * code reads `record.reprompt` as a string once it checked the settlement,
 * and `record.calls ?? []` still reads on any record. A record type that
 * loses its union fails the typecheck (each line below would then be an error).
 */
import type { DispatchRecord, Refusal, TurnRecord } from '../../src/index.js';

export function readTurn(record: TurnRecord): string {
  // Any record: the fields of the other kinds read as undefined.
  const calls: readonly unknown[] = record.calls ?? [];
  if (record.settled === 'rejected') {
    const reprompt: string = record.reprompt;
    const refusal: Refusal = record.refusal;
    return `${reprompt} ${refusal.code}`;
  }
  if (record.settled === 'answer') {
    const answer: string = record.answer;
    return answer;
  }
  if (record.settled === 'tool') {
    const dispatches: readonly DispatchRecord[] = record.dispatches;
    return `${String(record.calls.length + calls.length)} calls, ${String(dispatches.length)} dispatched`;
  }
  // @ts-expect-error a dead-lettered turn shows no reason
  const none: string = record.reprompt;
  return none;
}

export function readDispatch(record: DispatchRecord): string {
  if (record.allowed) return record.wouldRefuse?.code ?? 'allowed';
  const refusal: Refusal = record.refusal;
  return refusal.reason;
}
