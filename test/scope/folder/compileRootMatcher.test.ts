import { describe, expect, it } from 'vitest';
import { compileRootMatcher } from '../../../src/scope/folder/compileRootMatcher.js';
import type { CanonicalPath } from '../../../src/scope/path/index.js';

/** Both strategies: few roots (compared one by one) and many (looked up by ancestor). */
const strategies = [
  ['few roots', (roots: string[]) => roots],
  [
    'many roots',
    (roots: string[]) => [...roots, ...Array.from({ length: 40 }, (_, i) => `/padding/${i}`)],
  ],
] as const;

describe.each(strategies)('compileRootMatcher with %s', (_name, widen) => {
  const covered = (path: string, roots: string[]) =>
    compileRootMatcher(widen(roots) as CanonicalPath[]).covers(path as CanonicalPath);

  it('covers a root itself and everything under it', () => {
    expect(covered('/srv/project', ['/srv/project'])).toBe(true);
    expect(covered('/srv/project/a/b', ['/srv/project'])).toBe(true);
  });

  it('does not cover a sibling that shares a prefix, or a parent', () => {
    expect(covered('/srv/project2', ['/srv/project'])).toBe(false);
    expect(covered('/srv/projec', ['/srv/project'])).toBe(false);
    expect(covered('/srv', ['/srv/project'])).toBe(false);
    expect(covered('/', ['/srv/project'])).toBe(false);
  });

  it('covers everything with the root /', () => {
    expect(covered('/', ['/'])).toBe(true);
    expect(covered('/etc/passwd', ['/srv', '/'])).toBe(true);
  });

  it('covers with any of several roots', () => {
    expect(covered('/b/x', ['/a', '/b'])).toBe(true);
    expect(covered('/c/x', ['/a', '/b'])).toBe(false);
  });
});

describe('compileRootMatcher', () => {
  it('covers nothing with no roots', () => {
    expect(compileRootMatcher([]).covers('/' as CanonicalPath)).toBe(false);
  });

  it('looks roots up by ancestor, whatever their number', () => {
    const matcher = compileRootMatcher(
      Array.from({ length: 10_000 }, (_, i) => `/r/${i}` as CanonicalPath),
    );
    expect(matcher.covers('/r/9999/x' as CanonicalPath)).toBe(true);
    expect(matcher.covers('/r/10000/x' as CanonicalPath)).toBe(false);
  });
});
