import type { ResolvedLimits } from './decodeTurn.js';
import type { Gate } from './types.js';

/** The turn limits each gate made by `createGate` decodes with. */
const limitsByGate = new WeakMap<Gate, ResolvedLimits>();

/** Records the limits a gate decodes turns with (called once, by `createGate`). */
export function attachGateLimits(gate: Gate, limits: ResolvedLimits): void {
  limitsByGate.set(gate, limits);
}

/**
 * The limits this gate decodes turns with; `undefined` for anything not
 * made by `createGate`. Internal: a run in audit mode decodes a refused
 * turn again, with the same limits, to let its calls through.
 */
export function limitsOfGate(gate: unknown): ResolvedLimits | undefined {
  return limitsByGate.get(gate as Gate);
}
