import { splitToolEntry } from './splitToolEntry.js';

/** A grant's tools as the gate reads them: plain refs, their pins, and the refs that need an approval. */
export interface CompiledToolEntries {
  readonly refs: ReadonlySet<string>;
  /** The digest each pinned ref's definition must have. */
  readonly pins: ReadonlyMap<string, string>;
  readonly ask: ReadonlySet<string>;
}

/**
 * Compiles a grant's `tools` entries and `ask` refs (each already read by
 * `readToolEntry`, `readAskEntry`), pushing a problem for a ref written two
 * ways (pinned to two digests, or pinned and not) and for an `ask` ref that
 * is not in `tools`.
 *
 * // (['a@1#sha256:…', 'b@1'], ['b@1']) => { refs: {a@1, b@1}, pins: {a@1 => sha256:…}, ask: {b@1} }
 */
export function compileToolEntries(
  tools: readonly string[],
  ask: readonly string[],
  problems: string[],
): CompiledToolEntries {
  const refs = new Set<string>();
  const pins = new Map<string, string>();
  const firstSeen = new Map<string, string>();
  for (const entry of tools) {
    const { ref, digest } = splitToolEntry(entry);
    const seen = firstSeen.get(ref);
    if (seen !== undefined && seen !== entry) {
      // Two readings of one ref: refuse rather than pick the looser one.
      problems.push(
        `tools lists ${ref} as ${JSON.stringify(seen)} and as ${JSON.stringify(entry)}; keep one entry for it`,
      );
    }
    firstSeen.set(ref, entry);
    refs.add(ref);
    if (digest !== undefined) pins.set(ref, digest);
  }
  for (const ref of ask) {
    if (!refs.has(ref)) {
      problems.push(
        `ask ${JSON.stringify(ref)} is not in tools; a tool needing approval must also be granted in tools`,
      );
    }
  }
  return { refs, pins, ask: new Set(ask.filter((ref) => refs.has(ref))) };
}
