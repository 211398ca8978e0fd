import { ToolgateError } from '../errors/ToolgateError.js';
import { flowsOfGate } from './gateFlows.js';
import type { Gate, GateContext, Refusal, TouchedLabel } from './types.js';

/** What `touchedAfter` answers: the run's touched labels once this call is let through, or why not. */
export type TouchedAfter =
  | { readonly ok: true; readonly touched: readonly TouchedLabel[] }
  | { readonly ok: false; readonly refusal: Refusal };

/**
 * For a runtime that uses the gate without `createRun` and keeps
 * `context.touched` itself: the touched labels once `call` is let through,
 * `context.touched` with each label this call touches added (once, the
 * first call to touch a label stays), each naming the call's ref and, when
 * given, its `turn` and `callIndex`. It decides the dispatch again with
 * `context`, so a call the gate refuses, or one whose touches cannot be
 * found (a `realpath` that threw), answers `ok: false` with the refusal:
 * do not dispatch it. A grant without labels gives `context.touched` back
 * (or an empty list). Throws `ToolgateError` (`invalid_option`) for a gate
 * `createGate` did not make.
 *
 * // touchedAfter(gate, readOfMail, { grant }) => { ok: true, touched: [{ label: 'private', ref: 'mail/read@1', value: '/home/me/mail/1.eml' }] }
 */
export function touchedAfter(
  gate: Gate,
  call: unknown,
  context: GateContext,
  at: { readonly turn?: number; readonly callIndex?: number } = {},
): TouchedAfter {
  const flows = flowsOfGate(gate);
  if (flows === undefined)
    throw new ToolgateError(
      'invalid_option',
      'touchedAfter needs a gate made by createGate (the one that decided the call)',
    );
  for (const key of ['turn', 'callIndex'] as const) {
    const value = at[key];
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= 0))
      throw new ToolgateError(
        'invalid_option',
        `touchedAfter: at.${key} must be a whole number 0 or more (the run's ${key === 'turn' ? 'turn index' : 'call index in its turn'}), not ${String(value)}`,
      );
  }
  const decided = gate.checkDispatch(call, context);
  if (!decided.allowed) return { ok: false, refusal: decided.refusal };
  const inspected = flows.inspect(decided.call, context);
  if (inspected.failed !== undefined) return { ok: false, refusal: inspected.failed };
  // INVARIANT: checkDispatch allowed the context, so its touched list (if any) is well formed.
  const before = context.touched ?? [];
  const added: TouchedLabel[] = [];
  for (const [label, touch] of inspected.touches) {
    if (before.some((entry) => entry.label === label)) continue;
    added.push(
      Object.freeze({
        label,
        ref: decided.call.ref,
        value: touch.value,
        ...(at.turn === undefined ? {} : { turn: at.turn }),
        ...(at.callIndex === undefined ? {} : { callIndex: at.callIndex }),
      }),
    );
  }
  return { ok: true, touched: Object.freeze([...before, ...added]) };
}
