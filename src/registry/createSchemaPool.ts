import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { ValidateFunction } from 'ajv';
import { isPlainObject } from '../data/isPlainObject.js';
import { fail, type ScopeResult } from '../scope/result.js';
import { compileInputSchema } from './compileInputSchema.js';

/** A compiled `inputSchema`, shared by every tool of a registry whose schema is identical. */
export interface SharedSchema {
  /** The schema's JSON text, key order kept: the identity of the schema in the pool. */
  readonly key: string;
  /** The first registered copy of the schema (deeply frozen); every tool sharing it shows this one. */
  readonly schema: Readonly<Record<string, unknown>>;
  readonly validate: ValidateFunction;
}

/** The compiled schemas of one registry, each with how many of its tools use it. */
export interface SchemaPool {
  /** The held schema identical to `schema`, or a fresh compile of it (not held until `retain`). */
  readonly compile: (schema: unknown) => ScopeResult<SharedSchema>;
  /** Counts one more tool using `shared`, holding it from the first. */
  readonly retain: (shared: SharedSchema) => void;
  /** Counts one tool less using the schema of `key`, letting it go at none. */
  readonly release: (key: string) => void;
  /** How many distinct schemas are held, and how many failures remembered. */
  readonly size: () => { readonly schemas: number; readonly failures: number };
}

/** The JSON text of a plain object, or `undefined` for anything that has none. */
function keyOf(schema: unknown): string | undefined {
  if (!isPlainObject(schema)) return undefined;
  try {
    return JSON.stringify(schema);
  } catch {
    return undefined;
  }
}

/** The most failed schemas a pool remembers (by digest), so that a retry of one costs a hash, not a compile. */
export const MAX_REMEMBERED_FAILURES = 256;

/**
 * Creates a registry's pool of compiled schemas. Tools with identical
 * schemas (the same JSON text, key order included, so that even the order of
 * errors is the same) share one validator: 100,000 tools of one shape cost
 * one compile. A schema that fails to compile is never held; the last
 * `MAX_REMEMBERED_FAILURES` failures are remembered by SHA-256 with their
 * problem, so memory stays bounded however often a bad schema is retried.
 */
export function createSchemaPool(): SchemaPool {
  const held = new Map<string, { shared: SharedSchema; users: number }>();
  const failures = new Map<string, string>();

  return Object.freeze<SchemaPool>({
    compile: (schema) => {
      // INVARIANT: definitions reach the pool as plain JSON (clonePlainJson); anything else
      // has no key and is only compiled, which says what is wrong with it.
      const key = keyOf(schema);
      if (key === undefined) {
        const compiled = compileInputSchema(schema);
        return fail(compiled.ok ? 'inputSchema must be plain JSON data' : compiled.problem);
      }
      const known = held.get(key);
      if (known !== undefined) return { ok: true, value: known.shared };
      const digest = bytesToHex(sha256(utf8ToBytes(key)));
      const failed = failures.get(digest);
      if (failed !== undefined) return { ok: false, problem: failed };
      const compiled = compileInputSchema(schema);
      if (compiled.ok) {
        const shared = Object.freeze({
          key,
          schema: schema as Readonly<Record<string, unknown>>,
          validate: compiled.value,
        });
        return { ok: true, value: shared };
      }
      if (failures.size >= MAX_REMEMBERED_FAILURES) {
        // Maps iterate in insertion order: the first key is the oldest failure.
        const oldest = failures.keys().next();
        if (oldest.done !== true) failures.delete(oldest.value);
      }
      failures.set(digest, compiled.problem);
      return compiled;
    },
    retain: (shared) => {
      const known = held.get(shared.key);
      if (known === undefined) held.set(shared.key, { shared, users: 1 });
      else known.users++;
    },
    release: (key) => {
      const known = held.get(key);
      if (known === undefined) return;
      if (--known.users <= 0) held.delete(key);
    },
    size: () => ({ schemas: held.size, failures: failures.size }),
  });
}
