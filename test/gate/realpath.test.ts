import { mkdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGate, createGrant, createRegistry } from '../../src/index.js';
import { aTempDir } from '../helpers/scratch.js';

describe('a gate with realpath on a real directory', () => {
  let base: string;
  let root: string;
  let outside: string;

  beforeAll(() => {
    base = realpathSync(aTempDir('gate'));
    root = join(base, 'project');
    outside = join(base, 'outside');
    mkdirSync(join(root, 'src'), { recursive: true });
    mkdirSync(outside);
    writeFileSync(join(root, 'src', 'app.ts'), 'ok');
    writeFileSync(join(outside, 'secret.txt'), 'secret');
    symlinkSync(outside, join(root, 'escape'));
    symlinkSync(join(outside, 'new.txt'), join(root, 'dangling'));
    symlinkSync(join(root, 'src'), join(root, 'inner'));
  });
  afterAll(() => {
    rmSync(base, { recursive: true, force: true });
  });

  const decide = (path: string, tool = 'fs-read', realpath: 'node' | false = 'node') => {
    const gate = createGate({ registry: createRegistry(), ...(realpath ? { realpath } : {}) });
    const context = {
      grant: createGrant({ tools: ['fs-read@1', 'fs-write@1'], folders: [root] }),
      cwd: root,
    };
    const args = tool === 'fs-read' ? { path } : { path, content: 'x' };
    return gate.authorize({ calls: [{ tool, version: 1, arguments: args }] }, context);
  };

  /** The refusal of a decision that must be refused by the folder check (a call of one turn). */
  const folderRefusal = (path: string, ref: string, message: string, more = {}) => ({
    settled: 'rejected',
    refusal: {
      check: 'dispatch.folder',
      code: 'folder_out_of_scope',
      reason: `the path ${path} is outside the granted folder scope`,
      callIndex: 0,
      ref,
      details: [{ pointer: '/path', message, ...more }],
    },
  });

  it('allows a real file inside the folder', () => {
    expect(decide('src/app.ts').settled).toBe('tool');
  });

  it('allows a link inside the folder that stays inside it', () => {
    expect(decide('inner/app.ts').settled).toBe('tool');
  });

  it('allows writing a file that does not exist yet', () => {
    expect(decide('src/new.ts', 'fs-write').settled).toBe('tool');
  });

  it('refuses a link inside the folder that points outside it', () => {
    expect(decide('escape/secret.txt')).toEqual(
      folderRefusal(
        `${root}/escape/secret.txt`,
        'fs-read@1',
        `its real path ${outside}/secret.txt is outside every granted folder's real path`,
      ),
    );
  });

  it('lets that same link through without realpath: symlinks need the option', () => {
    expect(decide('escape/secret.txt', 'fs-read', false).settled).toBe('tool');
  });

  it('refuses writing through a dangling link whose target is outside', () => {
    // lstat sees an entry realpath cannot follow: writing through it would create the target.
    expect(decide('dangling', 'fs-write')).toEqual(
      folderRefusal(`${root}/dangling`, 'fs-write@1', 'its real path could not be resolved safely'),
    );
  });

  it('refuses a new file under a link that points outside', () => {
    expect(decide('escape/new.txt', 'fs-write')).toEqual(
      folderRefusal(
        `${root}/escape/new.txt`,
        'fs-write@1',
        `its real path ${outside}/new.txt is outside every granted folder's real path`,
      ),
    );
  });

  it('resolves "link/.." physically, as the OS would', () => {
    // Lexically escape/../src/app.ts is inside; physically it is outside/../src/app.ts = base/src/app.ts.
    expect(decide('escape/../src/app.ts')).toEqual(
      folderRefusal(
        `${root}/src/app.ts`,
        'fs-read@1',
        `".." follows the symlink ${root}/escape: the OS reads it through the link, a server that normalizes the path first does not; name the target without ".."`,
        { reading: 'symlink-dotdot' },
      ),
    );
  });
});
