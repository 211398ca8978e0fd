import { describe, expect, it } from 'vitest';
import { isCoveredByRoots } from '../../../src/scope/folder/isCoveredByRoots.js';
import type { CanonicalPath } from '../../../src/scope/path/index.js';

const covered = (path: string, roots: string[]) => isCoveredByRoots(path as CanonicalPath, new Set(roots));

describe('isCoveredByRoots', () => {
  it('covers a root itself and everything under it', () => {
    expect(covered('/srv/project', ['/srv/project'])).toBe(true);
    expect(covered('/srv/project/a/b', ['/srv/project'])).toBe(true);
  });

  it('does not cover a sibling that shares a prefix, or a parent', () => {
    expect(covered('/srv/project2', ['/srv/project'])).toBe(false);
    expect(covered('/srv', ['/srv/project'])).toBe(false);
    expect(covered('/', ['/srv/project'])).toBe(false);
  });

  it('covers everything with the root /', () => {
    expect(covered('/', ['/'])).toBe(true);
    expect(covered('/etc/passwd', ['/'])).toBe(true);
  });

  it('covers nothing with no roots', () => {
    expect(covered('/', [])).toBe(false);
  });

  it('looks roots up by ancestor, whatever their number', () => {
    const roots = Array.from({ length: 10_000 }, (_, i) => `/r/${i}`);
    expect(covered('/r/9999/x', roots)).toBe(true);
    expect(covered('/r/10000/x', roots)).toBe(false);
  });
});
