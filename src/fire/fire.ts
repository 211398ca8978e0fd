import { hasOwn } from '../data/hasOwn.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import type { Gate, GateContext } from '../gate/types.js';
import { assertHandlers, readFireOptions } from './readFireOptions.js';
import { refusedOutcome, settleFire } from './settleFire.js';
import type { FireContext, FireOutcome, ToolHandlers } from './types.js';

const GATE_CONTEXT_KEYS = ['grant', 'step', 'cwd', 'visible'] as const;

/**
 * Fires one authorized call: runs the dispatch stage on it (`gate.checkDispatch`
 * with the context's grant, step, cwd and visible), then, only if it is
 * allowed, the handler, with an `AbortSignal` that follows `signal` and
 * `timeoutMs`. Resolves to an outcome, never rejects: a refusal, a throw, a
 * cancel and a deadline are outcomes whose `text` the model reads. An
 * abort or a deadline settles at once, even if the handler ignores its
 * signal. Throws `ToolgateError` (`invalid_option`), at once, for bad options.
 *
 * // const turn = gate.checkTurn(modelOutput, { grant });
 * // for (const call of turn.calls) await fire(call, handlers, { gate, grant, timeoutMs: 30_000 });
 * // => { status: 'ok', call, output, text } | { status: 'refused', refusal, text: refusal.reason } | …
 */
export function fire(
  call: unknown,
  handlers: ToolHandlers,
  context: FireContext,
): Promise<FireOutcome> {
  if (!isPlainObject(context)) {
    throw new ToolgateError(
      'invalid_option',
      'fire needs a context { gate, grant, step?, cwd?, visible?, signal?, timeoutMs?, shapeOutput? }',
    );
  }
  const options = readFireOptions(context, 'fire', ['gate', ...GATE_CONTEXT_KEYS]);
  assertHandlers(handlers, 'fire');
  const gate: unknown = hasOwn(context, 'gate') ? context.gate : undefined;
  if (
    typeof gate !== 'object' ||
    gate === null ||
    !('checkDispatch' in gate) ||
    typeof gate.checkDispatch !== 'function'
  ) {
    throw new ToolgateError(
      'invalid_option',
      'fire needs { gate } made by createGate({ registry })',
    );
  }
  const gateContext: Record<string, unknown> = {};
  for (const key of GATE_CONTEXT_KEYS) if (hasOwn(context, key)) gateContext[key] = context[key];
  const verdict = (gate as Gate).checkDispatch(call, gateContext as unknown as GateContext);
  if (!verdict.allowed) return Promise.resolve(refusedOutcome(verdict.refusal));
  const { grant, cwd, step } = gateContext as unknown as GateContext;
  return settleFire(verdict.call, handlers, options, {
    grant,
    ...(cwd === undefined ? {} : { cwd }),
    ...(step === undefined ? {} : { step }),
  });
}
