import { describe, expect, it } from 'vitest';
import { anchorFolderDeny } from '../../../src/scope/folder/anchorFolderDeny.js';
import { findFolderDeny } from '../../../src/scope/folder/findFolderDeny.js';
import { parseFolderDeny } from '../../../src/scope/folder/parseFolderDeny.js';
import type { CanonicalPath } from '../../../src/scope/path/types.js';

const path = (text: string) => text as CanonicalPath;

/** Is `at` taken away by the absolute deny entries `anchored`, as the gate reads them? */
function deniedBy(anchored: readonly string[], at: string): boolean {
  const denies = anchored.map((entry) => {
    const parsed = parseFolderDeny(entry);
    if (!parsed.ok) throw new Error(`${entry}: ${parsed.problem}`);
    return parsed.value;
  });
  return findFolderDeny(path(at), [path('/')], denies) !== undefined;
}

describe('anchorFolderDeny', () => {
  it('anchors a relative entry at each root, at any depth when it names no folder', () => {
    expect(anchorFolderDeny('!.env', [path('/srv/app')])).toEqual(['!/srv/app/**/.env']);
    expect(anchorFolderDeny('!.git/**', [path('/srv/a'), path('/')])).toEqual([
      '!/srv/a/.git/**',
      '!/.git/**',
    ]);
    expect(anchorFolderDeny('!/srv/app/.git', [path('/srv'), path('/home')])).toEqual([
      '!/srv/app/.git',
    ]);
    expect(anchorFolderDeny('!.env', [])).toEqual([]);
  });

  it('escapes a root’s glob characters, braces included, so the root means only itself', () => {
    const braces = anchorFolderDeny('!.env', [path('/srv/{x,y}')]);
    expect(braces).toEqual(['!/srv/\\{x,y\\}/**/.env']);
    expect(deniedBy(braces, '/srv/{x,y}/app/.env')).toBe(true);
    expect(deniedBy(braces, '/srv/x/app/.env')).toBe(false);
    expect(deniedBy(braces, '/srv/y/.env')).toBe(false);
    const star = anchorFolderDeny('!secrets/**', [path('/srv/a*')]);
    expect(deniedBy(star, '/srv/a*/secrets/k')).toBe(true);
    expect(deniedBy(star, '/srv/ab/secrets/k')).toBe(false);
  });
});
