import type { TurnDecision } from '../gate/types.js';
import type { ToolEntry } from '../registry/types.js';
import { digestToolEntry } from './digestToolEntry.js';
import { formatReprompt } from './formatReprompt.js';
import { redactCallSecrets } from './redactCallSecrets.js';
import { redactRefusal } from './redactRefusal.js';
import type { RecordedTool, Spent, TurnRecord, TurnSettlement } from './types.js';

/** What a settled turn's records are made from. */
export interface TurnFacts {
  readonly index: number;
  readonly step: string | undefined;
  /** (rev 3) The session of a process's one run that proposed the turn (`toolgate mcp`). */
  readonly session?: string;
  readonly settled: Exclude<TurnSettlement, 'pending'>;
  readonly spent: Spent;
  /** The proposal stage's decision; `undefined` when the turn was not checked. */
  readonly decision: TurnDecision | undefined;
  /** The registry's current entry for a ref. */
  readonly resolve: (ref: string) => ToolEntry | undefined;
  /** Is this value at a `secret` resource a name the grant covers (so it may be recorded)? */
  readonly keepSecret: (value: unknown) => boolean;
}

/**
 * Builds a settled turn's two records: `live`, returned by `propose`, whose
 * calls are exactly the authorized calls to dispatch; and `stored`, kept and
 * sent to sinks, whose secret values are redacted (see `redactCallSecrets`,
 * `redactRefusal`). Both are frozen plain data; they differ only there.
 */
export function buildTurnRecords(facts: TurnFacts): {
  readonly live: TurnRecord;
  readonly stored: TurnRecord;
} {
  const { index, step, session, settled, spent, decision } = facts;
  // The names a record carries after its index. Each record opens with `index`, never with a
  // spread: V8 gives a literal that opens with a spread a hidden class per object (see extend).
  const names =
    step === undefined
      ? session === undefined
        ? {}
        : { session }
      : session === undefined
        ? { step }
        : { step, session };
  if (settled === 'answer' && decision?.settled === 'answer') {
    const record = Object.freeze({
      index,
      ...names,
      settled: 'answer' as const,
      answer: decision.answer,
      spent,
    });
    return { live: record, stored: record };
  }
  if (settled === 'rejected' && decision?.settled === 'rejected') {
    const refusal = redactRefusal(decision.refusal);
    return {
      live: Object.freeze({
        index,
        ...names,
        settled: 'rejected' as const,
        refusal: decision.refusal,
        reprompt: formatReprompt(decision.refusal),
        spent,
      }),
      stored: Object.freeze({
        index,
        ...names,
        settled: 'rejected' as const,
        refusal,
        reprompt: formatReprompt(refusal),
        spent,
      }),
    };
  }
  if (settled === 'tool' && decision?.settled === 'tool') {
    const tools = new Map<string, RecordedTool>();
    const stored = decision.calls.map((call) => {
      const entry = facts.resolve(call.ref);
      // INVARIANT: proposal.granted just resolved this exact ref in the same registry.
      if (entry !== undefined) {
        const digest = digestToolEntry(entry);
        if (!tools.has(digest)) tools.set(digest, Object.freeze({ ref: call.ref, digest, entry }));
      }
      return redactCallSecrets(call, entry, facts.keepSecret);
    });
    const recorded = Object.freeze([...tools.values()]);
    const dispatches = Object.freeze([]);
    return {
      live: Object.freeze({
        index,
        ...names,
        calls: decision.calls,
        settled: 'tool' as const,
        tools: recorded,
        dispatches,
        spent,
      }),
      stored: Object.freeze({
        index,
        ...names,
        calls: Object.freeze(stored),
        settled: 'tool' as const,
        tools: recorded,
        dispatches,
        spent,
      }),
    };
  }
  // dead_lettered (or a settlement its decision does not back, which
  // authorizes nothing either): no reason is shown, nothing is authorized.
  const record = Object.freeze({ index, ...names, settled: 'dead_lettered' as const, spent });
  return { live: record, stored: record };
}
