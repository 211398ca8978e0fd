import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type AuthorizedCall, type RunEntry, type RunOptions } from '../../src/index.js';
import { proposeAndFire } from '../../src/fire/proposeAndFire.js';
import { LATEST_ONLY } from '../../src/run/runInternals.js';
import { catchToolgateError } from '../helpers/catchToolgateError.js';
import { aCall, aRun } from '../helpers/runBuilders.js';

const LATEST: Partial<RunOptions> = { [LATEST_ONLY]: true } as Partial<RunOptions>;

/** A handler that answers `qN` after 40 - 3N ms (any other query at once), so calls end out of order. */
const later = (call: AuthorizedCall) =>
  new Promise<string>((resolve) => {
    const query = String(call.arguments.query);
    const index = /^q(\d+)$/.exec(query)?.[1];
    setTimeout(
      () => {
        resolve(`found ${query}`);
      },
      index === undefined ? 0 : 40 - 3 * Number(index),
    );
  });

/** Sessions and queries of calls made at once, the earlier ones ending last. */
const CALLS = Array.from({ length: 12 }, (_, index) => ({
  call: aCall('search', { query: `q${String(index)}` }),
  session: `s${String(index % 3)}`,
}));

async function recordAll(extra: Partial<RunOptions>) {
  const entries: RunEntry[] = [];
  const { run } = aRun({
    run: { sink: { write: (entry) => void entries.push(entry) }, id: 'r', ...extra },
    grant: { budgets: { turns: 30 } },
  });
  // A first round one call at a time, then twelve at once (each turn's call ends after later
  // turns were proposed), then a refused call.
  for (const { call, session } of CALLS.slice(0, 3))
    await proposeAndFire(call, later, {}, { run, session });
  const outcomes = await Promise.all(
    CALLS.map(({ call, session }) => proposeAndFire(call, later, {}, { run, session })),
  );
  const refused = await proposeAndFire(aCall('web-search', { query: 'x' }, 2), later, {}, { run });
  return { run, entries, outcomes: [...outcomes, refused] };
}

describe('a run that keeps its latest turn only (toolgate mcp)', () => {
  it('writes exactly the entries a run keeping every turn writes, fires that end after later turns included', async () => {
    const every = await recordAll({});
    const latest = await recordAll(LATEST);
    expect(latest.outcomes).toEqual(every.outcomes);
    expect(latest.entries).toEqual(every.entries);
    // Each end names its own turn's session, though that turn was no longer the latest.
    const fires = latest.entries.filter((entry) => entry.type === 'fire');
    expect(fires).toHaveLength(15);
    const sessionOf = new Map(
      latest.entries.flatMap((entry) =>
        entry.type === 'turn' ? [[entry.record.index, entry.record.session]] : [],
      ),
    );
    for (const fire of fires) expect(fire.fire.session).toBe(sessionOf.get(fire.turn));
    expect(new Set(fires.map((fire) => fire.fire.session))).toEqual(new Set(['s0', 's1', 's2']));
  });

  it('keeps every turn when the option is there but not true', async () => {
    const { run } = aRun({
      run: { ...({ [LATEST_ONLY]: false } as Partial<RunOptions>) },
    });
    expect((await proposeAndFire(aCall('search', { query: 'x' }), later, {}, { run })).status).toBe(
      'ok',
    );
    expect(run.records()).toHaveLength(1);
  });

  it('still spends and enforces the budgets, and refuses records() and summary() with where they are', async () => {
    const { run } = aRun({ run: { ...LATEST }, grant: { budgets: { toolCalls: 2 } } });
    const search = aCall('search', { query: 'x' });
    expect((await proposeAndFire(search, later, {}, { run })).status).toBe('ok');
    expect((await proposeAndFire(search, later, {}, { run })).status).toBe('ok');
    const third = await proposeAndFire(search, later, {}, { run });
    // Past the budget the run dead-letters, as a run keeping every turn does.
    expect(third.status).toBe('refused');
    expect(run.status).toBe('dead_lettered');
    for (const read of [() => run.records(), () => run.summary()])
      expect(catchToolgateError(read, 'invalid_option').message).toMatch(
        /^this run keeps only its latest turn in memory \(toolgate mcp does\), so its records are read from its record store/,
      );
  });
});

describe('what a run holds after 4,000 calls (a child process, collected before and after)', () => {
  const ROOT = join(import.meta.dirname, '..', '..');
  const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs');
  const FIXTURE = join(ROOT, 'test', 'fixtures', 'run', 'retained.fixture.ts');
  const held = (mode: 'every' | 'latest') => {
    const result = spawnSync(process.execPath, ['--expose-gc', '--import', TSX, FIXTURE, mode], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.stderr).toBe('');
    return (JSON.parse(result.stdout) as { held: number }).held;
  };

  // Measured: latest 350–450 KB at 4,000 calls and at 12,000 alike (code and caches, not calls);
  // every turn 1.0–1.1 KB per call (4.1–4.8 MB at 4,000 calls, 13.5 MB at 12,000).
  it('keeping its latest turn only, holds under 1 MB; keeping every turn, over 3 MB (a record per call)', () => {
    expect(held('latest')).toBeLessThan(1_000_000);
    expect(held('every')).toBeGreaterThan(3_000_000);
  });
});
