import { messageOf } from '../data/messageOf.js';
import type { DispatchDecision, Refusal } from '../gate/types.js';
import { formatReprompt } from './formatReprompt.js';
import type { RejectedTurnRecord } from './types.js';

/** What an async effect returns when the store or ledger failed: the run refuses instead of committing. */
export interface EffectFailure {
  readonly failed: string;
}

/** Did an effect fail (see `EffectFailure`)? */
export function isEffectFailure(value: unknown): value is EffectFailure {
  return typeof value === 'object' && value !== null && 'failed' in value;
}

/** Turns a store's or ledger's error into an `EffectFailure`, its message cut to 300 characters. */
export function effectFailure(error: unknown): EffectFailure {
  // A refused connection may come as an AggregateError with no message, only a code.
  const code = (error as { readonly code?: unknown } | null)?.code;
  const message = (messageOf(error) || (typeof code === 'string' ? code : ''))
    .replace(/\s+/g, ' ')
    .trim();
  return Object.freeze({
    failed: message.length > 300 ? `${message.slice(0, 299)}…` : message || 'no message',
  });
}

/** A refusal of the run itself (`run.records`, `run.ledger`): code `check_failed`, never an allow. */
export function effectRefusal(check: string, reason: string): Refusal {
  return Object.freeze({ check, code: 'check_failed', reason });
}

/** The verdict of a dispatch an effect failed under: refused; the call stays undispatched. */
export function refusedByEffect(refusal: Refusal): DispatchDecision {
  return Object.freeze({ allowed: false, refusal });
}

/**
 * The record `propose` returns when an effect failed under the turn:
 * rejected with the refusal and a reprompt. It is not kept and spends
 * nothing: the turn never happened, and the same turn may be proposed again.
 *
 * // (2, undefined, refusal) => { index: 2, settled: 'rejected', refusal, reprompt: '…', spent: { turns: 0, toolCalls: 0 } }
 */
export function turnRefusedByEffect(
  index: number,
  step: string | undefined,
  refusal: Refusal,
): RejectedTurnRecord {
  return Object.freeze({
    index,
    ...(step === undefined ? {} : { step }),
    settled: 'rejected',
    refusal,
    reprompt: formatReprompt(refusal),
    spent: Object.freeze({ turns: 0, toolCalls: 0 }),
  });
}
