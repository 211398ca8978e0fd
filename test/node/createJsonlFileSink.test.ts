import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJsonlFileSink } from '../../src/node/index.js';
import type { AuthorizedCall, RunEntry, TurnRecord } from '../../src/index.js';
import { ANSWER_TURN, SEARCH_TURN, aCall, aRun, callsTurn } from '../helpers/runBuilders.js';
import { aTempDir } from '../helpers/scratch.js';

let dir = '';
beforeEach(() => {
  dir = aTempDir('sink');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const lines = (path: string) => readFileSync(path, 'utf8').split('\n');
const entries = (path: string) =>
  lines(path)
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as RunEntry);
const callsOf = (record: TurnRecord): readonly AuthorizedCall[] => record.calls ?? [];

describe('createJsonlFileSink', () => {
  it('appends one JSON line per turn and dispatch, as each happens', () => {
    const path = join(dir, 'runs.jsonl');
    const sink = createJsonlFileSink(path);
    const { run } = aRun({ run: { sink, id: 'r1' } });
    const [call] = callsOf(run.propose(SEARCH_TURN));
    expect(entries(path)).toHaveLength(1);
    if (call) run.dispatch(call);
    run.propose(ANSWER_TURN);
    sink.close();
    expect(lines(path).at(-1)).toBe('');
    const written = entries(path);
    expect(written.map((entry) => [entry.type, entry.run])).toEqual([
      ['turn', 'r1'],
      ['dispatch', 'r1'],
      ['turn', 'r1'],
    ]);
    expect(written[0]?.type === 'turn' && written[0].record).toEqual({
      ...run.records()[0],
      dispatches: [],
    });
    expect(written[2]?.type === 'turn' && written[2].record).toEqual(run.records()[1]);
  });

  it('only appends: what the file held stays, and two sinks on one file interleave', () => {
    const path = join(dir, 'runs.jsonl');
    writeFileSync(path, '{"earlier":true}\n');
    const one = createJsonlFileSink(path);
    const two = createJsonlFileSink(path);
    aRun({ run: { sink: one, id: 'a' } }).run.propose(ANSWER_TURN);
    aRun({ run: { sink: two, id: 'b' } }).run.propose(ANSWER_TURN);
    one.close();
    two.close();
    expect(lines(path)[0]).toBe('{"earlier":true}');
    expect(
      entries(path)
        .slice(1)
        .map((entry) => entry.run),
    ).toEqual(['a', 'b']);
  });

  it('creates the file readable by its owner only', () => {
    const path = join(dir, 'new.jsonl');
    createJsonlFileSink(path).close();
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('never writes a secret value: values at secret resources are written by name only', () => {
    const path = join(dir, 'runs.jsonl');
    const sink = createJsonlFileSink(path);
    const { run } = aRun({ run: { sink } });
    const [call] = callsOf(
      run.propose(callsTurn(aCall('vault/use', '{"secret":"sk-live-SECRET","more":["APP_KEY"]}'))),
    );
    if (call) run.dispatch(call);
    sink.close();
    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain('sk-live-SECRET');
    expect(text).toContain('[redacted]');
    expect(text).toContain('"APP_KEY"');
  });

  it('with redact, writes granted secret names redacted too', () => {
    const path = join(dir, 'runs.jsonl');
    const sink = createJsonlFileSink(path, { redact: true, fsync: false });
    aRun({ run: { sink } }).run.propose(
      callsTurn(aCall('vault/use', { secret: 'APP_KEY', more: ['DB_MAIN'] })),
    );
    sink.close();
    const [entry] = entries(path);
    expect(entry?.type === 'turn' && entry.record.calls?.[0]?.arguments).toEqual({
      secret: '[redacted]',
      more: ['[redacted]'],
    });
  });

  it('throws once closed, and the run then does not commit the turn', () => {
    const sink = createJsonlFileSink(join(dir, 'runs.jsonl'));
    const { run } = aRun({ run: { sink } });
    sink.close();
    sink.close();
    expect(() => run.propose(ANSWER_TURN)).toThrow('is closed');
    expect(run.records()).toEqual([]);
  });

  it('throws at once for a file it cannot open', () => {
    expect(() => createJsonlFileSink(join(dir, 'missing-dir', 'runs.jsonl'))).toThrow();
  });
});
