import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nodeRealpath } from '../../src/realpath/nodeRealpath.js';
import { aTempDir } from '../helpers/scratch.js';

// The temp root as handed to us (maybe under a symlinked /tmp) and as the OS sees it.
let tempRoot = '';
let realRoot = '';

beforeAll(() => {
  tempRoot = aTempDir('realpath');
  realRoot = fs.realpathSync(tempRoot);
  // tempRoot/
  //   project/           the granted folder
  //     file.txt
  //     dir/
  //     escape -> ../outside
  //     dangling -> ../nowhere
  //     loop-a -> loop-b, loop-b -> loop-a
  //   outside/
  //     secret.txt
  fs.mkdirSync(path.join(tempRoot, 'project', 'dir'), { recursive: true });
  fs.mkdirSync(path.join(tempRoot, 'outside'));
  fs.writeFileSync(path.join(tempRoot, 'project', 'file.txt'), 'inside');
  fs.writeFileSync(path.join(tempRoot, 'outside', 'secret.txt'), 'outside');
  fs.symlinkSync(path.join(tempRoot, 'outside'), path.join(tempRoot, 'project', 'escape'));
  fs.symlinkSync(path.join(tempRoot, 'nowhere'), path.join(tempRoot, 'project', 'dangling'));
  fs.symlinkSync('loop-b', path.join(tempRoot, 'project', 'loop-a'));
  fs.symlinkSync('loop-a', path.join(tempRoot, 'project', 'loop-b'));
});

afterAll(() => {
  fs.rmSync(tempRoot, { recursive: true, force: true });
});

const at = (...segments: string[]): string => [tempRoot, ...segments].join('/');
const real = (...segments: string[]): string => [realRoot, ...segments].join('/');

describe('nodeRealpath', () => {
  it('resolves a file inside the folder to its real path inside the folder', () => {
    expect(nodeRealpath(at('project', 'file.txt'))).toBe(real('project', 'file.txt'));
  });

  it('resolves the folder itself', () => {
    expect(nodeRealpath(at('project'))).toBe(real('project'));
  });

  it('resolves a symlink inside the folder that points outside to the outside target', () => {
    expect(nodeRealpath(at('project', 'escape', 'secret.txt'))).toBe(real('outside', 'secret.txt'));
    expect(nodeRealpath(at('project', 'escape'))).toBe(real('outside'));
  });

  it('resolves link/.. physically, to the parent of the link target', () => {
    // Lexically project/escape/.. is project; physically it is the temp root.
    expect(nodeRealpath(at('project', 'escape', '..'))).toBe(realRoot);
    expect(nodeRealpath(at('project', 'escape', '..', 'outside', 'secret.txt'))).toBe(
      real('outside', 'secret.txt'),
    );
  });

  it('resolves link/.. physically even when the rest of the path does not exist yet', () => {
    expect(nodeRealpath(at('project', 'escape', '..', 'new.txt'))).toBe(real('new.txt'));
  });

  it('returns the real directory plus the name for a file that does not exist yet', () => {
    expect(nodeRealpath(at('project', 'dir', 'new.txt'))).toBe(real('project', 'dir', 'new.txt'));
  });

  it('appends a missing tail of several segments through a symlinked directory', () => {
    expect(nodeRealpath(at('project', 'escape', 'new', 'deep.txt'))).toBe(
      real('outside', 'new', 'deep.txt'),
    );
  });

  it('collapses double slashes and drops a trailing slash in the missing tail', () => {
    expect(nodeRealpath(`${at('project', 'dir')}//new//deep.txt/`)).toBe(
      real('project', 'dir', 'new', 'deep.txt'),
    );
  });

  it('lets the OS resolve "." and ".." inside the existing prefix', () => {
    expect(nodeRealpath(at('project', '.', 'dir', '..', 'file.txt'))).toBe(
      real('project', 'file.txt'),
    );
  });

  it('refuses a dangling symlink, since writing through it would create its target', () => {
    expect(nodeRealpath(at('project', 'dangling'))).toBeUndefined();
    expect(nodeRealpath(at('project', 'dangling', 'x.txt'))).toBeUndefined();
  });

  it('refuses a ".." in the missing tail over a missing directory', () => {
    expect(nodeRealpath(at('project', 'missing', '..', '..', 'outside', 'x'))).toBeUndefined();
    expect(nodeRealpath(at('project', 'missing', '..'))).toBeUndefined();
  });

  it('refuses a "." in the missing tail', () => {
    expect(nodeRealpath(at('project', 'missing', '.', 'x'))).toBeUndefined();
  });

  it('refuses a symlink loop (ELOOP)', () => {
    expect(nodeRealpath(at('project', 'loop-a'))).toBeUndefined();
    expect(nodeRealpath(at('project', 'loop-a', 'x.txt'))).toBeUndefined();
  });

  it('refuses a relative or non-string input instead of throwing', () => {
    expect(nodeRealpath('project/file.txt')).toBeUndefined();
    expect(nodeRealpath('')).toBeUndefined();
    expect(nodeRealpath(42 as unknown as string)).toBeUndefined();
    expect(nodeRealpath(`${at('project')}/a\0b`)).toBeUndefined();
  });

  it('resolves a missing path straight under the root', () => {
    expect(nodeRealpath('/toolgate-surely-missing-entry/x')).toBe(
      '/toolgate-surely-missing-entry/x',
    );
  });

  it('refuses when the runtime offers no node:fs', () => {
    const spy = vi.spyOn(process, 'getBuiltinModule').mockImplementation(() => undefined);
    try {
      expect(nodeRealpath(at('project', 'file.txt'))).toBeUndefined();
    } finally {
      spy.mockRestore();
    }
    expect(nodeRealpath(at('project', 'file.txt'))).toBe(real('project', 'file.txt'));
  });

  it('refuses instead of throwing when loading node:fs throws', () => {
    const spy = vi.spyOn(process, 'getBuiltinModule').mockImplementation(() => {
      throw new Error('no builtins here');
    });
    try {
      expect(nodeRealpath(at('project', 'file.txt'))).toBeUndefined();
    } finally {
      spy.mockRestore();
    }
  });
});
