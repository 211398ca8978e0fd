import { describe, expect, it } from 'vitest';
import type { RealpathFs } from '../../src/realpath/RealpathFs.js';
import { resolveRealpathWith } from '../../src/realpath/resolveRealpathWith.js';

const errno = (code: string): Error => Object.assign(new Error(code), { code });

/**
 * A fake file system: `entries` maps an existing path to its real path;
 * `errors` maps a path to the errno code every call on it throws;
 * `dangling` lists paths lstat sees but realpath cannot follow.
 */
function fakeFs(options: {
  entries: Record<string, string>;
  errors?: Record<string, string>;
  dangling?: readonly string[];
}): RealpathFs & { calls: string[] } {
  const calls: string[] = [];
  const lookup = (p: string, kind: 'realpath' | 'lstat'): string => {
    calls.push(`${kind} ${p}`);
    const code = options.errors?.[p];
    if (code !== undefined) throw errno(code);
    const resolved = options.entries[p];
    if (resolved !== undefined) return resolved;
    if (kind === 'lstat' && options.dangling?.includes(p) === true) return p;
    throw errno('ENOENT');
  };
  return {
    calls,
    realpathSync: { native: (p) => lookup(p, 'realpath') },
    lstatSync: (p) => lookup(p, 'lstat'),
  };
}

describe('resolveRealpathWith', () => {
  it('returns the real path of a path that exists as a whole', () => {
    const fs = fakeFs({ entries: { '/srv/a': '/private/srv/a' } });
    expect(resolveRealpathWith(fs, '/srv/a')).toBe('/private/srv/a');
  });

  it('strips missing segments until a prefix exists and appends them as written', () => {
    const fs = fakeFs({ entries: { '/srv': '/private/srv' } });
    expect(resolveRealpathWith(fs, '/srv/new/a.txt')).toBe('/private/srv/new/a.txt');
    expect(fs.calls).toEqual([
      'realpath /srv/new/a.txt',
      'lstat /srv/new/a.txt',
      'realpath /srv/new',
      'lstat /srv/new',
      'realpath /srv',
    ]);
  });

  it('appends under the root without doubling the slash', () => {
    const fs = fakeFs({ entries: { '/': '/' } });
    expect(resolveRealpathWith(fs, '/x/y')).toBe('/x/y');
  });

  it('treats ENOTDIR like a missing entry', () => {
    const fs = fakeFs({
      entries: { '/srv/file': '/real/file' },
      errors: { '/srv/file/x': 'ENOTDIR' },
    });
    expect(resolveRealpathWith(fs, '/srv/file/x')).toBe('/real/file/x');
  });

  it('refuses on EACCES, ELOOP or any other error', () => {
    for (const code of ['EACCES', 'ELOOP', 'ENAMETOOLONG', 'EIO']) {
      const fs = fakeFs({ entries: { '/srv': '/srv' }, errors: { '/srv/locked/x': code } });
      expect(resolveRealpathWith(fs, '/srv/locked/x')).toBeUndefined();
    }
  });

  it('refuses a realpath error even when lstat would call the entry missing', () => {
    const fs = fakeFs({ entries: { '/srv': '/srv' } });
    const deniedRealpath: RealpathFs = {
      realpathSync: {
        native: (p) => {
          if (p === '/srv/x') throw errno('EACCES');
          return fs.realpathSync.native(p);
        },
      },
      lstatSync: fs.lstatSync,
    };
    expect(resolveRealpathWith(deniedRealpath, '/srv/x')).toBeUndefined();
  });

  it('refuses when an error shows up only on a shorter prefix', () => {
    const fs = fakeFs({ entries: { '/': '/' }, errors: { '/srv/locked': 'EACCES' } });
    expect(resolveRealpathWith(fs, '/srv/locked/new.txt')).toBeUndefined();
  });

  it('refuses when lstat fails with anything but a missing entry', () => {
    const fs = fakeFs({ entries: { '/srv': '/srv' } });
    const failingLstat: RealpathFs = {
      realpathSync: fs.realpathSync,
      lstatSync: () => {
        throw errno('EACCES');
      },
    };
    expect(resolveRealpathWith(failingLstat, '/srv/new.txt')).toBeUndefined();
  });

  it('refuses a thrown value that is not an errno error', () => {
    const weird: RealpathFs = {
      realpathSync: {
        native: () => {
          throw 'ENOENT' as unknown as Error;
        },
      },
      lstatSync: () => undefined,
    };
    expect(resolveRealpathWith(weird, '/srv/x')).toBeUndefined();
  });

  it('refuses a dangling entry: lstat sees it though realpath cannot follow it', () => {
    const fs = fakeFs({ entries: { '/srv': '/srv' }, dangling: ['/srv/link'] });
    expect(resolveRealpathWith(fs, '/srv/link')).toBeUndefined();
    expect(resolveRealpathWith(fs, '/srv/link/new.txt')).toBeUndefined();
  });

  it('refuses "." or ".." in the missing tail', () => {
    const fs = fakeFs({ entries: { '/srv': '/srv' } });
    expect(resolveRealpathWith(fs, '/srv/missing/../x')).toBeUndefined();
    expect(resolveRealpathWith(fs, '/srv/missing/./x')).toBeUndefined();
    expect(resolveRealpathWith(fs, '/srv/missing/..')).toBeUndefined();
  });

  it('hands "." and ".." in an existing prefix to the OS unchanged', () => {
    const fs = fakeFs({ entries: { '/srv/link/..': '/elsewhere' } });
    expect(resolveRealpathWith(fs, '/srv/link/../new.txt')).toBe('/elsewhere/new.txt');
  });

  it('collapses "//" and a trailing "/" in the missing tail without probing empty segments', () => {
    const fs = fakeFs({ entries: { '/srv': '/real' } });
    expect(resolveRealpathWith(fs, '/srv//new//a.txt/')).toBe('/real/new/a.txt');
    expect(fs.calls.filter((call) => call.startsWith('lstat'))).toEqual([
      'lstat /srv//new//a.txt',
      'lstat /srv//new',
    ]);
  });

  it('refuses when even the root does not exist', () => {
    expect(resolveRealpathWith(fakeFs({ entries: {} }), '/x')).toBeUndefined();
  });

  it('refuses a relative path without touching the file system', () => {
    const fs = fakeFs({ entries: { '/': '/' } });
    expect(resolveRealpathWith(fs, 'srv/x')).toBeUndefined();
    expect(resolveRealpathWith(fs, '')).toBeUndefined();
    expect(fs.calls).toEqual([]);
  });
});
