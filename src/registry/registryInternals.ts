import { sharedWeakMap } from '../data/sharedWeakMap.js';
import type { CompiledTool } from './validateDefinition.js';
import type { Registry } from './types.js';
import type { SchemaPool } from './createSchemaPool.js';

/** The compiled tools behind each registry made by `createRegistry`, by ref. */
/** Shared by every copy of this version in the process (ESM, CommonJS, bundled): see `sharedWeakMap`. */
const internals = /* @__PURE__ */ sharedWeakMap<Registry, ReadonlyMap<string, CompiledTool>>(
  'registries',
);

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

/** The schema pool behind each registry made by `createRegistry`. */
const pools = new WeakMap<Registry, SchemaPool>();

/** Records a registry's schema pool (called once, by `createRegistry`). */
export function attachSchemaPool(registry: Registry, pool: SchemaPool): void {
  pools.set(registry, pool);
}

/**
 * How many distinct compiled schemas a registry holds and how many failed
 * ones it remembers, or `undefined` for a registry not made by
 * `createRegistry`. For tests, benchmarks and diagnostics: the sizes that
 * must stay bounded.
 */
export function schemaPoolSizeOf(
  registry: unknown,
): { readonly schemas: number; readonly failures: number } | undefined {
  return typeof registry === 'object' && registry !== null
    ? pools.get(registry as Registry)?.size()
    : undefined;
}
