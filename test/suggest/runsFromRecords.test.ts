import { describe, expect, it } from 'vitest';
import { createMemorySink, type RunEntry } from '../../src/index.js';
import { runsFromRecords, type StoredEntry } from '../../src/suggest/runsFromRecords.js';
import { toRecordLine } from '../../src/stores/toRecordLine.js';
import { toRecordRow } from '../../src/stores/toRecordRow.js';
import { ANSWER_TURN, SEARCH_TURN, UNGRANTED_TURN, aRun } from '../helpers/runBuilders.js';

/** What a store gives back for these entries: the row each becomes, read back as a record line. */
function stored(entries: readonly RunEntry[]): StoredEntry[] {
  return entries.map((entry) =>
    toRecordLine(toRecordRow(entry, '2026-12-04T00:00:00.000Z') as never),
  );
}

describe('runsFromRecords', () => {
  it('rebuilds each run’s turn records from the stored rows, dispatches and tools included', () => {
    const sink = createMemorySink();
    const { run } = aRun({ run: { sink, id: 'r1' } });
    const searched = run.propose(SEARCH_TURN);
    for (const call of searched.calls ?? []) run.dispatch(call);
    run.propose(UNGRANTED_TURN);
    run.propose(ANSWER_TURN);
    const other = aRun({ run: { sink, id: 'r2' } }).run;
    other.propose(ANSWER_TURN);
    const rebuilt = runsFromRecords(stored(sink.entries()));
    expect([...rebuilt.keys()]).toEqual(['r1', 'r2']);
    expect(JSON.parse(JSON.stringify(rebuilt.get('r1')))).toEqual(
      JSON.parse(JSON.stringify(run.records())),
    );
    expect(rebuilt.get('r2')?.map((record) => record.settled)).toEqual(['answer']);
  });

  it('skips rows that are not records toolgate wrote', () => {
    const rebuilt = runsFromRecords([
      { run: 'r', type: 'turn', turn: 0, record: 'nonsense' },
      { run: 'r', type: 'dispatch', turn: 3, record: { callIndex: 0 } },
      { run: 'r', type: 'fire', turn: 0, record: {} },
    ]);
    expect(rebuilt.get('r')).toEqual([]);
  });
});
