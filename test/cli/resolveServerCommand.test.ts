import { mkdirSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveServerCommand } from '../../src/cli/commands/resolveServerCommand.js';
import { aTempDir } from '../helpers/scratch.js';

/** Issue 29 item 3: init writes a command line a client can start from any folder. */
describe('resolveServerCommand', () => {
  const lookup = (files: readonly string[], executables: readonly string[] = []) => ({
    cwd: '/work/project',
    path: '/opt/bin:/usr/bin',
    isExecutable: (file: string) => executables.includes(file),
    exists: (file: string) => files.includes(file),
  });

  it('finds a bare command on PATH, in PATH order, and resolves existing relative arguments', () => {
    const result = resolveServerCommand(
      'node',
      ['./server.js', '--port', '3000', 'data', 'stdio', '/abs/x', ''],
      lookup(['/work/project/server.js', '/work/project/data'], ['/usr/bin/node', '/opt/bin/node']),
    );
    expect(result.command).toBe('/opt/bin/node');
    expect(result.args).toEqual([
      '/work/project/server.js',
      '--port',
      '3000',
      '/work/project/data',
      'stdio',
      '/abs/x',
      '',
    ]);
    expect(result.notes).toEqual([
      'the command node is written as /opt/bin/node',
      'the argument ./server.js is written as /work/project/server.js',
      'the argument data is written as /work/project/data',
    ]);
  });

  it('resolves a relative command path, and leaves an absolute one', () => {
    expect(resolveServerCommand('./bin/srv', [], lookup([])).command).toBe('/work/project/bin/srv');
    expect(resolveServerCommand('/usr/bin/srv', [], lookup([]))).toEqual({
      command: '/usr/bin/srv',
      args: [],
      notes: [],
    });
  });

  it('leaves a command it cannot find as written, saying a client may not find it', () => {
    const result = resolveServerCommand('nowhere-srv', [], lookup([]));
    expect(result.command).toBe('nowhere-srv');
    expect(result.notes).toEqual([
      'nowhere-srv is not on PATH here, so a client may not find it either: write its absolute path',
    ]);
  });

  it('reads the real machine by default: an executable file on PATH, not a folder', () => {
    const dir = aTempDir('resolve-command');
    mkdirSync(join(dir, 'bin', 'tool-folder'), { recursive: true });
    writeFileSync(join(dir, 'bin', 'tool-x'), '#!/bin/sh\n');
    chmodSync(join(dir, 'bin', 'tool-x'), 0o755);
    writeFileSync(join(dir, 'bin', 'tool-plain'), 'not executable');
    const saved = process.env.PATH;
    process.env.PATH = join(dir, 'bin');
    try {
      expect(resolveServerCommand('tool-x', []).command).toBe(join(dir, 'bin', 'tool-x'));
      expect(resolveServerCommand('tool-folder', []).command).toBe('tool-folder');
      expect(resolveServerCommand('tool-plain', []).command).toBe('tool-plain');
    } finally {
      process.env.PATH = saved;
    }
  });
});
