import { describe, expect, it } from 'vitest';
import { findFolderDeny } from '../../../src/scope/folder/findFolderDeny.js';
import { parseFolderDeny, type FolderDeny } from '../../../src/scope/folder/parseFolderDeny.js';
import type { CanonicalPath } from '../../../src/scope/path/index.js';

const denies = (...entries: string[]): FolderDeny[] =>
  entries.map((entry) => {
    const parsed = parseFolderDeny(entry);
    if (!parsed.ok) throw new Error(parsed.problem);
    return parsed.value;
  });
const find = (path: string, roots: string[], entries: string[]) =>
  findFolderDeny(path as CanonicalPath, roots as CanonicalPath[], denies(...entries))?.entry;

describe('findFolderDeny', () => {
  it('denies a name without "/" at any depth under the root', () => {
    expect(find('/srv/app/.env', ['/srv/app'], ['!.env'])).toBe('!.env');
    expect(find('/srv/app/a/b/.env', ['/srv/app'], ['!.env'])).toBe('!.env');
    expect(find('/srv/app/a/key.pem', ['/srv/app'], ['!*.pem'])).toBe('!*.pem');
    expect(find('/srv/app/.envrc', ['/srv/app'], ['!.env'])).toBeUndefined();
  });

  it('anchors a glob with "/" at the root', () => {
    expect(find('/srv/app/config/secrets/a', ['/srv/app'], ['!config/secrets/*'])).toBe(
      '!config/secrets/*',
    );
    expect(
      find('/srv/app/x/config/secrets/a', ['/srv/app'], ['!config/secrets/*']),
    ).toBeUndefined();
  });

  it('denies a named folder and everything under it', () => {
    expect(find('/srv/app/.git', ['/srv/app'], ['!.git'])).toBe('!.git');
    expect(find('/srv/app/.git/objects/ab/cd', ['/srv/app'], ['!.git'])).toBe('!.git');
    expect(find('/srv/app/sub/.git/config', ['/srv/app'], ['!.git'])).toBe('!.git');
  });

  it('denies what is under dir for dir/** but not dir itself', () => {
    expect(find('/srv/app/dir', ['/srv/app'], ['!dir/**'])).toBeUndefined();
    expect(find('/srv/app/dir/a', ['/srv/app'], ['!dir/**'])).toBe('!dir/**');
    expect(find('/srv/app/dir/a/b', ['/srv/app'], ['!dir/**'])).toBe('!dir/**');
  });

  it('matches dotfiles with wildcards and keeps case', () => {
    expect(find('/srv/app/.hidden', ['/srv/app'], ['!*'])).toBe('!*');
    expect(find('/srv/app/KEY.PEM', ['/srv/app'], ['!*.pem'])).toBeUndefined();
    expect(find('/srv/app/.ENV', ['/srv/app'], ['!.env'])).toBeUndefined();
  });

  it('matches absolute globs against the canonical path, under a root or not', () => {
    expect(find('/srv/app/.git/config', ['/srv'], ['!/srv/app/.git'])).toBe('!/srv/app/.git');
    expect(find('/srv/app/.git', ['/srv'], ['!/srv/app/.git/**'])).toBeUndefined();
    expect(find('/srv/app', ['/srv/app'], ['!/srv/app'])).toBe('!/srv/app');
    expect(find('/srv/apps/x', ['/srv'], ['!/srv/app'])).toBeUndefined();
  });

  it('tries a relative glob against every root that covers the path', () => {
    // relative to /srv: app/config/a (anchored config/* misses); relative to /srv/app: config/a.
    expect(find('/srv/app/config/a', ['/srv', '/srv/app'], ['!config/*'])).toBe('!config/*');
    expect(find('/srv/app/config/a', ['/srv'], ['!config/*'])).toBeUndefined();
    expect(find('/etc/passwd', ['/'], ['!etc/passwd'])).toBe('!etc/passwd');
  });

  it('never denies a root itself by a relative glob, nor a path no root covers', () => {
    expect(find('/srv/app', ['/srv/app'], ['!**', '!*'])).toBeUndefined();
    expect(find('/other/.env', ['/srv/app'], ['!.env'])).toBeUndefined();
  });

  it('answers the first deny in grant order', () => {
    expect(find('/srv/app/.env', ['/srv/app'], ['!*', '!.env'])).toBe('!*');
    expect(find('/srv/app/.env', ['/srv/app'], ['!.env', '!*'])).toBe('!.env');
  });

  it('takes braces and classes as minimatch does (extglobs are refused: parseFolderDeny.test.ts)', () => {
    expect(find('/srv/app/a.key', ['/srv/app'], ['!*.{pem,key}'])).toBe('!*.{pem,key}');
    expect(find('/srv/app/id_rsa', ['/srv/app'], ['!id_[dr]sa'])).toBe('!id_[dr]sa');
    expect(find('/srv/app/x.bak', ['/srv/app'], ['!{x,y}.bak'])).toBe('!{x,y}.bak');
    expect(find('/srv/app/z.bak', ['/srv/app'], ['!{x,y}.bak'])).toBeUndefined();
    expect(find('/srv/app/a*b', ['/srv/app'], ['!a\\*b'])).toBe('!a\\*b');
    expect(find('/srv/app/axb', ['/srv/app'], ['!a\\*b'])).toBeUndefined();
  });
});
