import { sharedWeakMap } from '../data/sharedWeakMap.js';
import type { Registry } from '../registry/types.js';
import type { Gate } from './types.js';

/** The registry each gate made by `createGate` decides over. */
/** Shared by every copy of this version in the process (ESM, CommonJS, bundled): see `sharedWeakMap`. */
const registries = /* @__PURE__ */ sharedWeakMap<Gate, Registry>('gates');

/** Records the registry a gate decides over (called once, by `createGate`). */
export function attachGateRegistry(gate: Gate, registry: Registry): void {
  registries.set(gate, registry);
}

/**
 * Which registry does this gate decide over? `undefined` for anything not
 * made by `createGate`. Internal: `createRun` needs it to refuse a grant
 * naming a tool that is never grantable (SPEC §5) and to record the tool
 * entries a run used; the public `Gate` does not expose its registry.
 */
export function registryOfGate(gate: unknown): Registry | undefined {
  // WeakMap#get answers undefined for any key it was never given, null and primitives included.
  return registries.get(gate as Gate);
}
