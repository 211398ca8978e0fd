import { mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { createGrant, type AuthorizedCall } from '../../../src/index.js';
import { createBuiltinHandlers } from '../../../src/node/index.js';
import { aTempDir } from '../../helpers/scratch.js';
import { deadline } from '../../helpers/testEnv.js';

/**
 * The race of issue 12 item 5: a folder inside the grant is swapped for a
 * symbolic link to a folder outside it, over and over, by another thread,
 * while fs-read@1 and fs-write@1 run on a path through it. The handlers
 * check the path, then open it after an await: whatever the interleaving,
 * no byte outside may be read and no file outside may be written.
 */
const base = realpathSync(aTempDir('race'));
const project = join(base, 'project');
const outside = join(base, 'outside');
for (const dir of [project, join(project, 'dir'), outside]) mkdirSync(dir);
writeFileSync(join(project, 'dir', 'f.txt'), 'INSIDE');
writeFileSync(join(outside, 'f.txt'), 'OUTSIDE');
writeFileSync(join(outside, 'w.txt'), 'OUTSIDE, UNTOUCHED');
afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

const grant = createGrant({ tools: ['fs-read@1', 'fs-write@1'], folders: [project] });
const handlers = createBuiltinHandlers();
const signal = new AbortController().signal;
const call = (tool: 'fs-read' | 'fs-write', args: Record<string, unknown>): AuthorizedCall => ({
  tool,
  version: 1,
  ref: `${tool}@1`,
  shape: tool === 'fs-read' ? 'read' : 'overwrite',
  arguments: args,
});

/** Swaps project/dir for a link to outside and back, as fast as it can, until told to stop. */
const SWAPPER = `
const { renameSync, symlinkSync, unlinkSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const { dir, aside, target, stop } = workerData;
const flag = new Int32Array(stop);
let swaps = 0;
while (Atomics.load(flag, 0) === 0) {
  renameSync(dir, aside);
  symlinkSync(target, dir);
  unlinkSync(dir);
  renameSync(aside, dir);
  swaps++;
}
parentPort.postMessage(swaps);
`;

/** Runs `work` repeatedly for `ms` while the swapper runs; returns the swap count. */
async function underSwaps(ms: number, work: () => Promise<void>): Promise<number> {
  const stop = new SharedArrayBuffer(4);
  const worker = new Worker(SWAPPER, {
    eval: true,
    workerData: {
      dir: join(project, 'dir'),
      aside: join(project, 'dir-aside'),
      target: outside,
      stop,
    },
  });
  const swaps = new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const end = Date.now() + ms;
  while (Date.now() < end) await work();
  Atomics.store(new Int32Array(stop), 0, 1);
  const count = await swaps;
  await worker.terminate();
  return count;
}

describe('fs-read@1 and fs-write@1 under a folder swapped for a symbolic link', () => {
  it(
    'never read a byte outside the granted folder',
    async () => {
      const outcomes = { inside: 0, refused: 0, outside: 0 };
      const swaps = await underSwaps(3000, async () => {
        try {
          const bytes = await handlers['fs-read@1'](
            call('fs-read', { path: `${project}/dir/f.txt` }),
            {
              signal,
              grant,
            },
          );
          const text = new TextDecoder().decode(bytes as Uint8Array);
          if (text === 'OUTSIDE') outcomes.outside++;
          else outcomes.inside++;
        } catch {
          outcomes.refused++;
        }
      });
      console.log(`race read: ${swaps} swaps, ${JSON.stringify(outcomes)}`);
      expect(outcomes.outside).toBe(0);
      // Not vacuous: the race ran, and many reads met it.
      expect(swaps).toBeGreaterThan(100);
      expect(outcomes.inside + outcomes.refused).toBeGreaterThan(100);
      expect(outcomes.refused).toBeGreaterThan(0);
    },
    deadline(30_000),
  );

  it(
    'never create or replace a file outside the granted folder',
    async () => {
      const outcomes = { written: 0, refused: 0 };
      let round = 0;
      const swaps = await underSwaps(3000, async () => {
        round++;
        try {
          await handlers['fs-write@1'](
            call('fs-write', { path: `${project}/dir/w.txt`, content: `INSIDE ${round}` }),
            { signal, grant },
          );
          outcomes.written++;
        } catch {
          outcomes.refused++;
        }
      });
      console.log(`race write: ${swaps} swaps, ${JSON.stringify(outcomes)}`);
      expect(readdirSync(outside).sort()).toEqual(['f.txt', 'w.txt']);
      expect(readFileSync(join(outside, 'w.txt'), 'utf8')).toBe('OUTSIDE, UNTOUCHED');
      expect(readFileSync(join(outside, 'f.txt'), 'utf8')).toBe('OUTSIDE');
      expect(
        readdirSync(join(project, 'dir')).filter((name) => name.startsWith('.toolgate-')),
      ).toEqual([]);
      expect(swaps).toBeGreaterThan(100);
      expect(outcomes.refused).toBeGreaterThan(0);
      // Not vacuous: without the race the same write lands inside.
      await handlers['fs-write@1'](
        call('fs-write', { path: `${project}/dir/w.txt`, content: 'CALM' }),
        {
          signal,
          grant,
        },
      );
      expect(readFileSync(join(project, 'dir', 'w.txt'), 'utf8')).toBe('CALM');
    },
    deadline(30_000),
  );
});
