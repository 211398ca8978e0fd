import type { ResolvedLimits } from '../gate/decodeTurn.js';
import { decodeTurn } from '../gate/decodeTurn.js';
import type { AuthorizedCall, TurnDecision } from '../gate/types.js';
import type { ToolEntry } from '../registry/types.js';

/**
 * In audit mode, the turn a refused turn becomes: every call it proposed,
 * as the proposal stage would have handed it on (the tool's default shape
 * when none was given). `undefined` when there is nothing to let through:
 * the turn does not decode to calls (a malformed turn stays rejected).
 *
 * // ('{"calls":[{"tool":"x","version":1,"arguments":{}}]}') => { settled: 'tool', calls: [{ tool: 'x', version: 1, ref: 'x@1', shape: 'call', arguments: {} }] }
 * // ('{"calls":"nope"}')                                    => undefined
 */
export function letTurnThrough(
  turn: unknown,
  limits: ResolvedLimits,
  resolve: (ref: string) => ToolEntry | undefined,
): (TurnDecision & { readonly settled: 'tool' }) | undefined {
  const decoded = decodeTurn(turn, limits);
  if (decoded.kind !== 'calls') return undefined;
  const calls = decoded.calls.map((call): AuthorizedCall => {
    const shape = call.shape ?? resolve(call.ref)?.shapes[0] ?? 'call';
    const { tool, version, ref, arguments: args, rawArguments } = call;
    return Object.freeze({
      tool,
      version,
      ref,
      shape,
      arguments: args,
      ...(rawArguments === undefined ? {} : { rawArguments }),
    });
  });
  return { settled: 'tool', calls: Object.freeze(calls) };
}
