import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'run', 'recordShapes.fixture.ts');

describe('the records a run keeps', () => {
  it('share one hidden class per kind once the code is optimized (no class, and no inline-cache miss, per call)', () => {
    const result = spawnSync(
      process.execPath,
      ['--allow-natives-syntax', '--import', TSX, FIXTURE],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({ turn: true, dispatch: true, fire: true });
  });
});
