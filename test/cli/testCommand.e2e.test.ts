import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli } from './helpers.js';
import { POLICY, TESTS } from './testCommandFixtures.js';
import { aTempDir } from '../helpers/scratch.js';

// The built CLI on real folders (npm test builds it first); testCommand.test.ts has the in-process cases.

describe('toolgate test DIR', () => {
  it('runs every *.test.yaml under a directory, sorted, skipping hidden folders', async () => {
    const dir = aTempDir('tests');
    mkdirSync(join(dir, 'sub'));
    mkdirSync(join(dir, '.hidden'));
    writeFileSync(join(dir, 'policy.yaml'), POLICY);
    writeFileSync(join(dir, 'sub/policy.yaml'), POLICY);
    const passing = TESTS.slice(0, TESTS.indexOf('  - name: "climbs'));
    writeFileSync(join(dir, 'b.test.yaml'), passing);
    writeFileSync(join(dir, 'sub/a.test.yml'), passing);
    writeFileSync(join(dir, '.hidden/c.test.yaml'), TESTS);
    writeFileSync(join(dir, 'notes.yaml'), 'not a test file');
    const result = await spawnCli(['test', `${dir}/`, '--reporter', 'tap']);
    expect(result.stdout.split('\n').filter((line) => line.startsWith('ok'))).toEqual([
      `ok 1 - ${dir}/b.test.yaml: reads a source file`,
      `ok 2 - ${dir}/sub/a.test.yml: reads a source file`,
    ]);
    expect(result.code).toBe(0);
  });

  it('refuses a directory with no test file instead of passing on nothing', async () => {
    const dir = aTempDir('tests');
    const result = await spawnCli(['test', dir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `toolgate test: the directory ${dir} holds no file ending in .test.yaml, .test.yml, .test.json\n`,
    );
  });

  it('refuses a file over 8 MiB before reading it', async () => {
    const dir = aTempDir('tests');
    const big = join(dir, 'big.yaml');
    writeFileSync(big, `version: 1\n#${'x'.repeat(9 * 1024 * 1024)}\n`);
    const result = await spawnCli(['validate', big]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `toolgate validate: cannot read ${big}: it is ${String(9 * 1024 * 1024 + 13)} bytes and the CLI reads files of at most 8 MiB (check the path)\n`,
    );
  });
});
