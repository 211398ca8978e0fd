import { describe, expect, it } from 'vitest';
import { findGuardedDeny } from '../../../src/scope/folder/findGuardedDeny.js';
import { parseFolderDeny, type FolderDeny } from '../../../src/scope/folder/parseFolderDeny.js';
import type { CanonicalPath } from '../../../src/scope/path/index.js';

const deny = (entry: string): FolderDeny => {
  const parsed = parseFolderDeny(entry);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.value;
};
const path = (text: string) => text as CanonicalPath;
const guarded = (at: string, roots: string[], entries: string[]) => {
  const found = findGuardedDeny(path(at), roots.map(path), entries.map(deny));
  return found && { entry: found.deny.entry, anchor: found.anchor };
};

describe('deny anchors (SPEC §14.1)', () => {
  it.each([
    ['!/srv/app/.git/**', ['/srv/app/.git']],
    ['!/srv/app/.git', ['/srv/app/.git']],
    ['!config/secrets/*', ['config/secrets']],
    ['!**/.env', ['']],
    ['!.env', ['']],
    ['!{a,b}/x', ['a/x', 'b/x']],
    ['!a/\\*b/c', ['a/*b/c']],
    ['![a]/b/*', ['a/b']],
    ['!x/?/y', ['x']],
    ['!/**', ['/']],
    ['!/srv/{a,b/c}/d*', ['/srv/a', '/srv/b/c']],
  ])('%s is anchored at %j', (entry, anchors) => {
    expect(deny(entry).anchors).toEqual(anchors);
  });
});

describe('findGuardedDeny', () => {
  it('finds the anchor itself and every folder above it, up to /', () => {
    for (const at of ['/srv/app/.git', '/srv/app', '/srv', '/'])
      expect(guarded(at, ['/srv'], ['!/srv/app/.git/**']), at).toEqual({
        entry: '!/srv/app/.git/**',
        anchor: '/srv/app/.git',
      });
  });

  it('passes what is below the anchor, beside it, or a prefix that is not a whole segment', () => {
    for (const at of ['/srv/app/.git/config', '/srv/app/src', '/srv/ap', '/srv/app/.gi'])
      expect(guarded(at, ['/srv'], ['!/srv/app/.git/**']), at).toBeUndefined();
  });

  it('joins a relative anchor to every root, / included', () => {
    expect(guarded('/srv/b/config', ['/srv/a', '/srv/b'], ['!config/secrets/*'])).toEqual({
      entry: '!config/secrets/*',
      anchor: '/srv/b/config/secrets',
    });
    expect(guarded('/config', ['/'], ['!config/secrets/*'])?.anchor).toBe('/config/secrets');
    expect(guarded('/srv/a', ['/srv/a'], ['!**/.env'])?.anchor).toBe('/srv/a');
    expect(guarded('/srv/a/x', ['/srv/a'], ['!**/.env'])).toBeUndefined();
  });

  it('names the first entry in grant order', () => {
    expect(guarded('/srv', ['/srv'], ['!a/*', '!b/*'])?.entry).toBe('!a/*');
  });
});
