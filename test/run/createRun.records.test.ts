import { describe, expect, it } from 'vitest';
import {
  createMemorySink,
  digestToolEntry,
  redactRecord,
  summarizeRecords,
  type AuthorizedCall,
  type TurnRecord,
} from '../../src/index.js';
import {
  ANSWER_TURN,
  SEARCH_TURN,
  UNGRANTED_TURN,
  aCall,
  aRun,
  callsTurn,
} from '../helpers/runBuilders.js';

function callsOf(record: TurnRecord): readonly AuthorizedCall[] {
  if (record.calls === undefined)
    throw new Error(`expected a tool turn, got ${JSON.stringify(record)}`);
  return record.calls;
}

describe('createRun: records and sinks', () => {
  it('returns records as frozen plain data that round-trips through JSON', () => {
    const { run } = aRun();
    const [call] = callsOf(run.propose(SEARCH_TURN));
    run.dispatch(call);
    run.propose(UNGRANTED_TURN);
    run.propose(ANSWER_TURN);
    const records = run.records();
    expect(Object.isFrozen(records)).toBe(true);
    for (const record of records) {
      expect(Object.isFrozen(record)).toBe(true);
      expect(JSON.parse(JSON.stringify(record))).toEqual(record);
    }
  });

  it('keeps each tool entry as it was when used, whatever the registry does later', () => {
    const { run, registry } = aRun();
    run.propose(SEARCH_TURN);
    const before = run.records()[0]?.tools?.[0];
    registry.deregister('search@1');
    registry.register({
      name: 'search',
      version: 1,
      description: 'Now it searches something else.',
      inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
    });
    run.propose(SEARCH_TURN);
    const [first, second] = run.records();
    expect(first?.tools?.[0]).toEqual(before);
    expect(first?.tools?.[0]?.entry.description).toBe('Searches the documents.');
    expect(second?.tools?.[0]?.entry.description).toBe('Now it searches something else.');
    expect(second?.tools?.[0]?.digest).not.toBe(first?.tools?.[0]?.digest);
  });

  it('digests each entry used, so a record can be checked against a registry later', () => {
    const { run, registry } = aRun();
    run.propose(SEARCH_TURN);
    const entry = registry.resolve('search@1');
    if (entry === undefined) throw new Error('search@1 does not resolve');
    const digest = run.records()[0]?.tools?.[0]?.digest;
    expect(digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(digest).toBe(digestToolEntry(entry));
  });

  it('sends every turn and dispatch to the sink, in order, with the run id', () => {
    const sink = createMemorySink();
    const { run } = aRun({ run: { sink, id: 'run-7' } });
    const [call] = callsOf(run.propose(SEARCH_TURN));
    run.dispatch(call);
    run.propose(ANSWER_TURN);
    const entries = sink.entries();
    expect(entries.map((entry) => [entry.type, entry.run])).toEqual([
      ['turn', 'run-7'],
      ['dispatch', 'run-7'],
      ['turn', 'run-7'],
    ]);
    const [turn, dispatch] = entries;
    expect(turn?.type === 'turn' && turn.record.dispatches).toEqual([]);
    expect(
      dispatch?.type === 'dispatch' && [dispatch.turn, dispatch.dispatch.allowed, dispatch.tool],
    ).toEqual([0, true, undefined]);
  });

  it('leaves the run id out when none is given', () => {
    const sink = createMemorySink();
    aRun({ run: { sink } }).run.propose(ANSWER_TURN);
    expect(sink.entries()[0]).not.toHaveProperty('run');
  });

  it('does not commit a turn the sink failed to take (fail closed)', () => {
    let fail = true;
    const sink = {
      write: () => {
        if (fail) throw new Error('disk full');
      },
    };
    const { run } = aRun({ run: { sink }, grant: { budgets: { turns: 1 } } });
    expect(() => run.propose(SEARCH_TURN)).toThrow('disk full');
    expect(run.records()).toEqual([]);
    expect(run.status).toBe('pending');
    fail = false;
    expect(run.propose(ANSWER_TURN).settled).toBe('answer');
  });

  it('does not allow a dispatch the sink failed to take', () => {
    let fail = false;
    const sink = {
      write: () => {
        if (fail) throw new Error('disk full');
      },
    };
    const { run } = aRun({ run: { sink } });
    const [call] = callsOf(run.propose(SEARCH_TURN));
    fail = true;
    expect(() => run.dispatch(call)).toThrow('disk full');
    expect(run.records()[0]?.dispatches).toEqual([]);
    fail = false;
    expect(run.dispatch(call).allowed).toBe(true);
  });

  it('summarizes exactly what summarizeRecords counts over the records', () => {
    const { run } = aRun({
      run: {
        steps: [
          { name: 'a', tools: ['search'] },
          { name: 'b', tools: ['net/get'] },
        ],
      },
    });
    const [call] = callsOf(run.propose(SEARCH_TURN, { step: 'b' }));
    run.dispatch(call);
    run.propose(UNGRANTED_TURN, { step: 'a' });
    run.propose(UNGRANTED_TURN);
    run.propose(ANSWER_TURN, { step: 'a' });
    expect(run.summary()).toEqual({
      turns: 4,
      toolCalls: 1,
      settled: { answer: 1, tool: 1, rejected: 2, dead_lettered: 0 },
      steps: {
        a: { refusedTurns: 1, byCode: { not_granted: 1 } },
        b: { refusedTurns: 1, byCode: { unknown_tool: 1 } },
        default: { refusedTurns: 1, byCode: { not_granted: 1 } },
      },
    });
    expect(summarizeRecords(run.records(), ['a', 'b'])).toEqual(run.summary());
  });
});

describe('createRun: secret values are never recorded', () => {
  it('records a value at a secret resource only when it is a name the grant covers', () => {
    const { run } = aRun();
    const live = run.propose(
      callsTurn(aCall('vault/use', '{"secret":"APP_KEY","more":["DB_MAIN","ghp_abc123"]}')),
    );
    const [stored] = run.records();
    expect(stored?.calls?.[0]?.arguments).toEqual({
      secret: 'APP_KEY',
      more: ['DB_MAIN', '[redacted]'],
    });
    expect(stored?.calls?.[0]).not.toHaveProperty('rawArguments');
    // What propose returns is what gets dispatched: exactly as authorized.
    expect(live.calls?.[0]?.arguments).toEqual({
      secret: 'APP_KEY',
      more: ['DB_MAIN', 'ghp_abc123'],
    });
    expect(live.calls?.[0]?.rawArguments).toBe(
      '{"secret":"APP_KEY","more":["DB_MAIN","ghp_abc123"]}',
    );
    expect(JSON.stringify(run.records())).not.toContain('ghp_abc123');
  });

  it('keeps rawArguments verbatim when nothing was redacted', () => {
    const { run } = aRun();
    run.propose(callsTurn(aCall('vault/use', '{"secret": "APP_KEY"}')));
    expect(run.records()[0]?.calls?.[0]?.rawArguments).toBe('{"secret": "APP_KEY"}');
  });

  it('redacts the secret named in a dispatch refusal, and returns the full refusal to the caller', () => {
    const sink = createMemorySink();
    const { run } = aRun({ run: { sink } });
    const [call] = callsOf(run.propose(callsTurn(aCall('vault/use', { secret: 'sk-live-42' }))));
    const verdict = run.dispatch(call);
    expect(verdict.allowed ? '' : verdict.refusal.reason).toBe(
      'the secret sk-live-42 is outside the granted secret scope',
    );
    expect(run.records()[0]?.dispatches?.[0]?.refusal?.reason).toBe(
      'the secret [redacted] is outside the granted secret scope',
    );
    expect(JSON.stringify(sink.entries())).not.toContain('sk-live-42');
    expect(JSON.stringify(run.records())).not.toContain('sk-live-42');
  });

  it('exports a record redacted: granted names too, entries and digests kept', () => {
    const { run } = aRun();
    run.propose(
      callsTurn(aCall('vault/use', '{"secret":"APP_KEY"}'), aCall('search', '{"query":"APP_KEY"}')),
    );
    const [record] = run.records();
    const redacted = record && redactRecord(record);
    expect(redacted?.calls?.map((call) => call.arguments)).toEqual([
      { secret: '[redacted]' },
      { query: 'APP_KEY' },
    ]);
    expect(redacted?.calls?.[0]).not.toHaveProperty('rawArguments');
    expect(redacted?.calls?.[1]?.rawArguments).toBe('{"query":"APP_KEY"}');
    expect(redacted?.tools).toEqual(record?.tools);
  });
});
