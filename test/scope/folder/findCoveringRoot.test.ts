import { describe, expect, it } from 'vitest';
import { findCoveringRoot } from '../../../src/scope/folder/findCoveringRoot.js';
import type { CanonicalPath } from '../../../src/scope/path/index.js';

const paths = (...texts: string[]) => texts as CanonicalPath[];
const path = (text: string) => text as CanonicalPath;

describe('findCoveringRoot', () => {
  it('names the deepest root that covers the path', () => {
    expect(
      findCoveringRoot(path('/srv/project/a'), paths('/srv', '/srv/project', '/srv/other')),
    ).toBe('/srv/project');
    expect(findCoveringRoot(path('/srv/project'), paths('/srv/project'))).toBe('/srv/project');
  });

  it('names the deepest root whatever the order of the roots', () => {
    expect(findCoveringRoot(path('/srv/project/a'), paths('/srv/project', '/srv', '/'))).toBe(
      '/srv/project',
    );
  });

  it('compares whole segments: /srv/project2 is not inside /srv/project', () => {
    expect(findCoveringRoot(path('/srv/project2'), paths('/srv/project'))).toBeUndefined();
  });

  it('lets the root / cover everything, and finds nothing among no roots', () => {
    expect(findCoveringRoot(path('/etc/passwd'), paths('/'))).toBe('/');
    expect(findCoveringRoot(path('/etc/passwd'), [])).toBeUndefined();
  });
});
