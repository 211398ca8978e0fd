import { mkdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CODER, EXAMPLE, ROOT, spawnCli, turn } from './helpers.js';
import { builtCli } from '../helpers/freshDist.js';
import { aTempDir } from '../helpers/scratch.js';

const manifest = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  bin: Record<string, string>;
  files: string[];
};

// The bin runs dist/cli.js: fail here, not on old code, when it is older than src/.
builtCli(ROOT);

// A project that installed toolgate: node_modules/toolgate and the .bin link npm makes for the `bin` entry.
const project = aTempDir('bin');
mkdirSync(join(project, 'node_modules', '.bin'), { recursive: true });
symlinkSync(ROOT, join(project, 'node_modules', 'toolgate'), 'dir');
symlinkSync(
  join('..', 'toolgate', manifest.bin.toolgate ?? ''),
  join(project, 'node_modules', '.bin', 'toolgate'),
);
afterAll(() => {
  rmSync(project, { recursive: true, force: true });
});

describe.concurrent('the toolgate bin', () => {
  it('is declared as dist/cli.js, built with a hashbang and executable, and ships the schemas', () => {
    expect(manifest.bin).toEqual({ toolgate: 'dist/cli.js' });
    const cli = resolve(ROOT, manifest.bin.toolgate ?? '');
    expect(readFileSync(cli, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(statSync(cli).mode & 0o111).not.toBe(0);
    expect(manifest.files).toEqual(expect.arrayContaining(['dist', 'schema']));
    // Only the CLI carries the hashbang: the library entries are plain modules.
    expect(readFileSync(resolve(ROOT, 'dist/index.js'), 'utf8').startsWith('#!')).toBe(false);
  });

  it('runs through the node_modules/.bin link npm creates on install', async () => {
    const bin = join(project, 'node_modules', '.bin', 'toolgate');
    const result = await spawnCli(
      ['check', resolve(ROOT, EXAMPLE), ...CODER, resolve(ROOT, turn('escape-dotdot'))],
      { command: [bin], cwd: project },
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      'REFUSED: folder_out_of_scope at dispatch.folder (call 0, fs-read@1)',
    );
  });

  it('runs with `npm exec toolgate` from the package root, as in a fresh clone', async () => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = await spawnCli(
      ['exec', '--offline', '--no', '--', 'toolgate', 'test', 'examples/policy.test.yaml'],
      { command: [npm] },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('22 passed, 0 failed');
  });
});
