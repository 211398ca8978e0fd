import { describe, expect, it } from 'vitest';
import { createGrant } from '../../src/grant/createGrant.js';
import { findGrantEntry } from '../../src/grant/findGrantEntry.js';
import { parseHostPattern, type CanonicalHost } from '../../src/scope/host/index.js';
import type { CanonicalPath } from '../../src/scope/path/index.js';

const grant = createGrant({
  tools: ['fs-read@1', 'gh/api@1'],
  folders: ['/srv', { path: '/srv/docs', access: 'read' }, '/srv/docs/out'],
  network: ['*.github.com', 'API.github.com', 'api.github.com:443'],
  secrets: ['*', 'GH_*', 'GH_TOKEN'],
});
const path = (text: string) => text as CanonicalPath;
const host = (text: string) => text as CanonicalHost;

describe('findGrantEntry', () => {
  it('finds the exact tool ref', () => {
    expect(findGrantEntry(grant, { kind: 'tool', ref: 'gh/api@1' })).toEqual({
      scope: 'tools',
      index: 1,
      entry: 'gh/api@1',
    });
    expect(findGrantEntry(grant, { kind: 'tool', ref: 'gh/api@2' })).toBeUndefined();
  });

  it('finds the closest folder root whose access covers the need (write implies read)', () => {
    expect(
      findGrantEntry(grant, { kind: 'folder', path: path('/srv/docs/a.md'), access: 'read' }),
    ).toEqual({ scope: 'folders', index: 1, entry: '/srv/docs', access: 'read' });
    // /srv/docs allows only reads: a write there is allowed by /srv.
    expect(
      findGrantEntry(grant, { kind: 'folder', path: path('/srv/docs/a.md'), access: 'write' }),
    ).toEqual({ scope: 'folders', index: 0, entry: '/srv', access: 'write' });
    expect(
      findGrantEntry(grant, { kind: 'folder', path: path('/srv/docs/out/x'), access: 'write' }),
    ).toMatchObject({ index: 2 });
    expect(
      findGrantEntry(grant, { kind: 'folder', path: path('/srv2'), access: 'read' }),
    ).toBeUndefined();
  });

  it('finds the most specific host pattern, by its index in the canonical grant', () => {
    expect(grant.network).toEqual(['*.github.com', 'api.github.com', 'api.github.com:443']);
    expect(
      findGrantEntry(grant, { kind: 'host', host: host('api.github.com'), port: 443 }),
    ).toEqual({ scope: 'network', index: 2, entry: 'api.github.com:443' });
    expect(findGrantEntry(grant, { kind: 'host', host: host('api.github.com'), port: 80 })).toEqual(
      { scope: 'network', index: 1, entry: 'api.github.com' },
    );
    expect(
      findGrantEntry(grant, { kind: 'host', host: host('github.com'), port: 443 }),
    ).toBeUndefined();
    const own = parseHostPattern('*.api.github.com');
    if (!own.ok) throw new Error(own.problem);
    expect(findGrantEntry(grant, { kind: 'hostPattern', pattern: own.value })).toEqual({
      scope: 'network',
      index: 0,
      entry: '*.github.com',
    });
  });

  it('finds the exact secret before the longest prefix before *', () => {
    expect(findGrantEntry(grant, { kind: 'secret', name: 'GH_TOKEN' })).toEqual({
      scope: 'secrets',
      index: 2,
      entry: 'GH_TOKEN',
    });
    expect(findGrantEntry(grant, { kind: 'secret', name: 'GH_APP' })).toEqual({
      scope: 'secrets',
      index: 1,
      entry: 'GH_*',
    });
    expect(findGrantEntry(grant, { kind: 'secret', name: 'OTHER' })).toEqual({
      scope: 'secrets',
      index: 0,
      entry: '*',
    });
  });

  it('finds nothing in an empty grant: an empty scope grants nothing', () => {
    const empty = createGrant({});
    expect(
      findGrantEntry(empty, { kind: 'folder', path: path('/'), access: 'read' }),
    ).toBeUndefined();
    expect(findGrantEntry(empty, { kind: 'host', host: host('a.com'), port: 443 })).toBeUndefined();
    expect(findGrantEntry(empty, { kind: 'secret', name: 'A' })).toBeUndefined();
  });
});
