import { isPlainObject } from '../data/isPlainObject.js';
import type { DispatchRecord, RecordedTool, TurnRecord } from '../run/types.js';

/** A stored row as the suggest command reads it: its run, type, turn and record. */
export interface StoredEntry {
  readonly run: string | null;
  readonly type: string;
  readonly turn: number;
  /** A turn row's turn record; a dispatch row's dispatch record (with its `tool` when new). */
  readonly record: unknown;
}

/**
 * The turn records of each run, rebuilt from stored rows in the order they
 * were written: each turn row's record, with the dispatch rows of that turn
 * added to its `dispatches` and their tool entries to its `tools`. Rows
 * that are not records toolgate wrote (no index, no calls) are skipped.
 *
 * // [turn r1#0, dispatch r1#0] => Map { 'r1' => [{ index: 0, calls, dispatches: [d], tools: [t] }] }
 */
export function runsFromRecords(entries: Iterable<StoredEntry>): Map<string, TurnRecord[]> {
  const runs = new Map<string, Map<number, TurnRecord>>();
  for (const entry of entries) {
    const key = entry.run ?? '';
    let turns = runs.get(key);
    if (turns === undefined) runs.set(key, (turns = new Map<number, TurnRecord>()));
    if (entry.type === 'turn') {
      if (isPlainObject(entry.record) && typeof entry.record.index === 'number')
        turns.set(entry.record.index, entry.record as unknown as TurnRecord);
      continue;
    }
    if (entry.type !== 'dispatch' || !isPlainObject(entry.record)) continue;
    const turn = turns.get(entry.turn);
    if (turn === undefined || turn.settled !== 'tool') continue;
    const { tool, ...dispatch } = entry.record as { tool?: RecordedTool };
    const tools =
      tool === undefined || turn.tools.some((known) => known.digest === tool.digest)
        ? turn.tools
        : [...turn.tools, tool];
    turns.set(entry.turn, {
      ...turn,
      tools,
      dispatches: [...turn.dispatches, dispatch as unknown as DispatchRecord],
    });
  }
  return new Map(
    [...runs].map(([run, turns]) => [run, [...turns.values()].sort((a, b) => a.index - b.index)]),
  );
}
