import { describe, expect, it } from 'vitest';
import { canonicalizeRoot } from '../../../src/scope/path/canonicalizeRoot.js';
import { isPathInside } from '../../../src/scope/path/isPathInside.js';
import type { CanonicalPath } from '../../../src/scope/path/types.js';

const canonical = (value: string): CanonicalPath => {
  const result = canonicalizeRoot(value);
  if (!result.ok) throw new Error(result.problem);
  return result.value;
};

const inside = (path: string, root: string): boolean =>
  isPathInside(canonical(path), canonical(root));

describe('isPathInside', () => {
  it('counts the root itself as inside', () => {
    expect(inside('/srv/project', '/srv/project')).toBe(true);
  });

  it('counts paths below the root as inside', () => {
    expect(inside('/srv/project/a', '/srv/project')).toBe(true);
    expect(inside('/srv/project/a/b/c.txt', '/srv/project')).toBe(true);
  });

  it('does not count /srv/project2 as inside /srv/project', () => {
    expect(inside('/srv/project2', '/srv/project')).toBe(false);
    expect(inside('/srv/project2/a', '/srv/project')).toBe(false);
    expect(inside('/srv/project.bak', '/srv/project')).toBe(false);
  });

  it('does not count a parent or a sibling as inside', () => {
    expect(inside('/srv', '/srv/project')).toBe(false);
    expect(inside('/srv/other', '/srv/project')).toBe(false);
    expect(inside('/', '/srv/project')).toBe(false);
  });

  it('lets the root "/" cover every path', () => {
    expect(inside('/', '/')).toBe(true);
    expect(inside('/etc/passwd', '/')).toBe(true);
  });

  it('compares bytes as given: no case or Unicode folding', () => {
    expect(inside('/SRV/project/a', '/srv/project')).toBe(false);
    expect(inside('/srv/cafe\u0301/a', '/srv/caf\u00e9')).toBe(false);
  });

  it('treats a literal %2e%2e segment as a name inside the root', () => {
    expect(inside('/srv/project/%2e%2e', '/srv/project')).toBe(true);
  });
});
