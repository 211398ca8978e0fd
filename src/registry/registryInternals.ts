import { sharedWeakMap } from '../data/sharedWeakMap.js';
import type { CompiledTool } from './validateDefinition.js';
import type { Registry } from './types.js';

/** The compiled tools behind each registry made by `createRegistry`, by ref. */
/** Shared by every copy of this version in the process (ESM, CommonJS, bundled): see `sharedWeakMap`. */
const internals = sharedWeakMap<Registry, ReadonlyMap<string, CompiledTool>>('registries');

/** Records a registry's compiled tools (called once, by `createRegistry`). */
export function attachCompiledTools(
  registry: Registry,
  tools: ReadonlyMap<string, CompiledTool>,
): void {
  internals.set(registry, tools);
}

/**
 * The compiled tools of a registry made by `createRegistry`, or `undefined`
 * for anything else: the gate only ever decides over compiled definitions.
 */
export function compiledToolsOf(registry: unknown): ReadonlyMap<string, CompiledTool> | undefined {
  return typeof registry === 'object' && registry !== null
    ? internals.get(registry as Registry)
    : undefined;
}
