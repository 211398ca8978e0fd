import { describe, expect, it } from 'vitest';
import { findLabelTouches } from '../../../src/gate/flows/findLabelTouches.js';
import type { GrantSpec, RealpathFn } from '../../../src/index.js';
import { compiledToolsOf } from '../../../src/registry/registryInternals.js';
import { aRegistry, aTool } from '../../helpers/builders.js';
import { aCall, aCheckContext, aContextGrant } from '../checks/checkContext.js';

/**
 * Which labels a call touches, by each way it can touch one: the tool's own network patterns and
 * secrets, its host, URL and secret resources (read as deny entries read them), and its paths in
 * every reading (real paths against the real paths of the roots).
 */
const registry = aRegistry([
  aTool({
    name: 'slack/post',
    inputSchema: { type: 'object' },
    network: ['slack.com'],
    secrets: ['SLACK_TOKEN'],
  }),
  aTool({
    name: 'net/ping',
    inputSchema: { type: 'object' },
    resources: [
      { kind: 'host', at: '/host' },
      { kind: 'url', at: '/url' },
    ],
  }),
  aTool({
    name: 'fs/read',
    inputSchema: { type: 'object' },
    resources: [{ kind: 'path', at: '/path', access: 'read' }],
  }),
]);

/** The labels this call touches, each with its value and pointer, under a grant with these labels. */
function touches(
  ref: string,
  args: Record<string, unknown>,
  labels: NonNullable<GrantSpec['labels']>,
  realpath?: RealpathFn,
) {
  const spec: GrantSpec = {
    tools: ['slack/post@1', 'net/ping@1', 'fs/read@1'],
    folders: ['/home/me'],
    network: ['*'],
    secrets: ['*'],
    labels,
    flows: [{ after: Object.keys(labels)[0] ?? '', deny: Object.keys(labels) }],
  };
  const grant = aContextGrant(spec);
  const tool = compiledToolsOf(registry)?.get(ref);
  const ctx = aCheckContext({ ...grant, tool, cwd: '/home/me', realpath });
  const all = [...(grant.compiledGrant.labels?.values() ?? [])];
  return Object.fromEntries(findLabelTouches(aCall(ref.slice(0, -2), args), ctx, all));
}

describe('findLabelTouches', () => {
  it("touches a label by the tool's own network pattern, and not a label of other hosts", () => {
    expect(
      touches(
        'slack/post@1',
        {},
        { chat: { network: ['example.org', 'slack.com'] }, web: { network: ['*.example.com'] } },
      ),
    ).toEqual({ chat: { value: 'slack.com', pointer: '' } });
  });

  it("touches a label by the tool's own secret", () => {
    expect(
      touches(
        'slack/post@1',
        {},
        { keys: { secrets: ['SLACK_*'] }, other: { secrets: ['AWS_*'] } },
      ),
    ).toEqual({ keys: { value: 'SLACK_TOKEN', pointer: '' } });
  });

  it('reads a host resource as a host and a URL resource as a URL', () => {
    const labels = { web: { network: ['example.com'] } };
    expect(touches('net/ping@1', { host: 'example.com' }, labels)).toEqual({
      web: { value: 'example.com', pointer: '/host' },
    });
    expect(touches('net/ping@1', { url: 'https://example.com/a' }, labels)).toEqual({
      web: { value: 'https://example.com/a', pointer: '/url' },
    });
  });

  it('reads a host as deny entries do: an IPv4 address inside IPv6 touches a label of the IPv4 address', () => {
    expect(
      touches(
        'net/ping@1',
        { url: 'http://[::ffff:203.0.113.5]/' },
        { lan: { network: ['203.0.113.5'] } },
      ),
    ).toEqual({ lan: { value: 'http://[::ffff:203.0.113.5]/', pointer: '/url' } });
  });

  it('touches a folder label by the other Unicode spelling of a real path', () => {
    const nfc = 'Verträge'.normalize('NFC');
    const nfd = nfc.normalize('NFD');
    const realpath: RealpathFn = (path) =>
      path === '/home/me/link/a.txt' ? `/home/me/${nfd}/a.txt` : path;
    expect(
      touches(
        'fs/read@1',
        { path: 'link/a.txt' },
        { legal: { folders: [`/home/me/${nfc}/**`] } },
        realpath,
      ),
    ).toEqual({ legal: { value: 'link/a.txt', pointer: '/path' } });
  });

  it('reads a relative label glob against the real paths of the roots too', () => {
    // /home/me is a link to /data/me; a path through another link lands in /data/me/mail.
    const realpath: RealpathFn = (path) => {
      if (path === '/home/me') return '/data/me';
      if (path === '/home/me/inbox/1.eml') return '/data/me/mail/1.eml';
      return path.startsWith('/home/me/') ? `/data/me/${path.slice('/home/me/'.length)}` : path;
    };
    expect(
      touches(
        'fs/read@1',
        { path: 'inbox/1.eml' },
        { private: { folders: ['mail/**'] } },
        realpath,
      ),
    ).toEqual({ private: { value: 'inbox/1.eml', pointer: '/path' } });
  });

  it('anchors nothing at a root whose real path cannot be had, and still reads the path as written', () => {
    const realpath: RealpathFn = (path) =>
      path === '/home/me' ? (null as unknown as string) : path;
    expect(
      touches('fs/read@1', { path: 'mail/1.eml' }, { private: { folders: ['mail/**'] } }, realpath),
    ).toEqual({ private: { value: 'mail/1.eml', pointer: '/path' } });
  });
});
