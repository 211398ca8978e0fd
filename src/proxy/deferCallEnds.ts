import { messageOf } from '../data/messageOf.js';
import { WRITE_BATCH, type BatchSink } from '../run/runInternals.js';
import type { RecordSink, RunEntry } from '../run/types.js';

/** A record sink with its release, as the CLI opens one. */
export type ClosableSink = RecordSink & { readonly close: () => void | Promise<void> };

/** How long the end of a call may wait for the next record before it is committed alone. */
export const CALL_END_FLUSH_MS = 20;

/**
 * Lets `toolgate mcp` answer a call before its end (the `fire` entry: how
 * the call ended) is committed, and commit that end with the next record
 * the run writes: the next call's turn and dispatch, in one commit, or
 * alone after `flushMs` when no record comes, or at `close`. A call then
 * costs one commit instead of two. Every turn and dispatch is still
 * committed before the run goes on (a call never runs unrecorded); what a
 * `SIGKILL` can lose is the end of the calls answered in the last
 * `flushMs`, whose dispatch rows are stored (the call ran; how it ended is
 * not known). An end that cannot be committed is kept and tried again with
 * the next record, and said on `log`. A sink that is asynchronous
 * (PostgreSQL: it groups concurrent writes already) or cannot commit
 * several entries at once is returned as it is.
 *
 * // const sink = deferCallEnds(createSqliteSink('records.db'), { log });
 */
export function deferCallEnds(
  sink: ClosableSink,
  options: { readonly log: (line: string) => void; readonly flushMs?: number },
): ClosableSink {
  const batch = (sink as Partial<BatchSink>)[WRITE_BATCH];
  if (sink.async === true || typeof batch !== 'function') return sink;
  const flushMs = options.flushMs ?? CALL_END_FLUSH_MS;
  let held: RunEntry[] = [];
  let timer: NodeJS.Timeout | undefined;
  /** Commits what is held with `entries`, all or none; what is held stays held on a failure. */
  const commit = (entries: readonly RunEntry[]) => {
    if (held.length === 0) {
      if (entries.length === 1) sink.write(entries[0] as RunEntry);
      else batch.call(sink, entries);
      return;
    }
    batch.call(sink, [...held, ...entries]);
    held = [];
    clearTimeout(timer);
    timer = undefined;
  };
  const flush = (when: string) => {
    timer = undefined;
    if (held.length === 0) return;
    const count = held.length;
    try {
      commit([]);
    } catch (error) {
      options.log(
        `toolgate mcp: the end of ${String(count)} call(s) could not be recorded ${when}: ${messageOf(error)}`,
      );
    }
  };
  return Object.freeze({
    write: (entry: RunEntry) => {
      if (entry.type !== 'fire') {
        commit([entry]);
        return;
      }
      held.push(entry);
      timer ??= setTimeout(() => {
        flush('yet; it is tried again with the next record');
      }, flushMs).unref();
    },
    [WRITE_BATCH]: (entries: readonly RunEntry[]) => {
      commit(entries);
    },
    close: () => {
      clearTimeout(timer);
      flush('before the store closed');
      return sink.close();
    },
  });
}
