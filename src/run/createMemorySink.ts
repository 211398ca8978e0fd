import type { RecordSink, RunEntry } from './types.js';

/** A sink that keeps entries in memory, in order. */
export interface MemorySink extends RecordSink {
  /** Every entry written so far, oldest first. */
  readonly entries: () => readonly RunEntry[];
}

/**
 * Creates a sink that keeps every entry in memory: for tests, or to gather
 * the records of several runs in one place. (A run always keeps its own
 * records; `run.records()` needs no sink.)
 *
 * // const sink = createMemorySink(); createRun({ gate, grant, sink }); sink.entries() => [{ type: 'turn', … }]
 */
export function createMemorySink(): MemorySink {
  const entries: RunEntry[] = [];
  return Object.freeze({
    write: (entry: RunEntry) => {
      entries.push(entry);
    },
    entries: () => Object.freeze([...entries]),
  });
}
