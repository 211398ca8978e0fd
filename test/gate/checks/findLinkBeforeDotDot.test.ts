import { describe, expect, it } from 'vitest';
import { findLinkBeforeDotDot } from '../../../src/gate/checks/findLinkBeforeDotDot.js';

/** A fake file system: real paths by path; anything else resolves to itself. */
const fakeRealpath =
  (links: Record<string, string>, broken: readonly string[] = []) =>
  (written: string): string | undefined => {
    const path = written.replace(/\/+/g, '/');
    // As realpath(3): a relative or empty path has no real path here.
    if (!path.startsWith('/')) return undefined;
    if (broken.includes(path)) return undefined;
    for (const [link, target] of Object.entries(links)) {
      if (path === link) return target;
      if (path.startsWith(`${link}/`)) return target + path.slice(link.length);
    }
    return path;
  };

describe('findLinkBeforeDotDot', () => {
  it('asks nothing of a path with no ".." segment', () => {
    const asked: string[] = [];
    const realpath = (path: string) => {
      asked.push(path);
      return path;
    };
    expect(findLinkBeforeDotDot('/srv/a/..b/c..', realpath)).toEqual({ kind: 'none' });
    expect(asked).toEqual([]);
  });

  it('finds the link a ".." climbs out of', () => {
    const realpath = fakeRealpath({ '/srv/x': '/srv/sub/deeper' });
    expect(findLinkBeforeDotDot('/srv/x/../l2', realpath)).toEqual({
      kind: 'link',
      link: '/srv/x',
    });
    // A ".." at the very end climbs out of the link too.
    expect(findLinkBeforeDotDot('/srv/x/..', realpath)).toEqual({ kind: 'link', link: '/srv/x' });
    expect(findLinkBeforeDotDot('/srv/x/./../l2', realpath)).toEqual({
      kind: 'link',
      link: '/srv/x',
    });
    expect(findLinkBeforeDotDot('/srv//x/y/../..', realpath)).toEqual({
      kind: 'link',
      link: '/srv//x',
    });
  });

  it('passes ".." after plain folders, at the top, and after a link it does not cancel', () => {
    const realpath = fakeRealpath({ '/srv/x': '/srv/sub/deeper' });
    expect(findLinkBeforeDotDot('/srv/a/../b', realpath)).toEqual({ kind: 'none' });
    expect(findLinkBeforeDotDot('/../srv', realpath)).toEqual({ kind: 'none' });
    expect(findLinkBeforeDotDot('/srv/x/y/../z', realpath)).toEqual({ kind: 'none' });
    expect(findLinkBeforeDotDot('/a/..', realpath)).toEqual({ kind: 'none' });
  });

  it('refuses when the real path of a cancelled segment or its parent cannot be had', () => {
    expect(findLinkBeforeDotDot('/srv/a/../b', fakeRealpath({}, ['/srv/a']))).toEqual({
      kind: 'unresolved',
    });
    expect(findLinkBeforeDotDot('/srv/a/../b', fakeRealpath({}, ['/srv']))).toEqual({
      kind: 'unresolved',
    });
  });

  it('counts a link to / and a link at the top as links', () => {
    expect(findLinkBeforeDotDot('/r/../x', fakeRealpath({ '/r': '/' }))).toEqual({
      kind: 'link',
      link: '/r',
    });
  });
});
