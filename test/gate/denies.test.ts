import { describe, expect, it } from 'vitest';
import { createGate, createGrant, type GrantSpec, type RealpathFn } from '../../src/index.js';
import { aGateRegistry, aTurn, FULL_GRANT } from './fixtures.js';

/** The fixture gate with a grant whose folders and secrets carry deny entries. */
function aDenyGate(grant: GrantSpec, realpath?: RealpathFn) {
  const gate = createGate({
    registry: aGateRegistry(),
    ...(realpath === undefined ? {} : { realpath }),
  });
  return {
    gate,
    context: { grant: createGrant({ ...FULL_GRANT, ...grant }), cwd: '/srv/project' },
  };
}

describe('folder deny entries at the gate', () => {
  const denied = aDenyGate({ folders: ['/srv/project', '!.env', '!/srv/project/.git/**'] });

  it('refuses a denied read with the usual code and reason, and names the entry in details', () => {
    expect(
      denied.gate.authorize(aTurn('fs-read', { path: 'config/.env' }), denied.context),
    ).toEqual({
      settled: 'rejected',
      refusal: {
        check: 'dispatch.folder',
        code: 'folder_out_of_scope',
        reason: 'the path /srv/project/config/.env is outside the granted folder scope',
        callIndex: 0,
        ref: 'fs-read@1',
        details: [
          { pointer: '/path', message: 'the deny entry !.env takes it away', entry: '!.env' },
        ],
      },
    });
  });

  it('refuses a denied write the same way', () => {
    const decision = denied.gate.authorize(
      aTurn('fs-write', { path: '/srv/project/.git/config', content: 'x' }, { shape: 'overwrite' }),
      denied.context,
    );
    expect(decision).toMatchObject({
      settled: 'rejected',
      refusal: { code: 'folder_out_of_scope', details: [{ entry: '!/srv/project/.git/**' }] },
    });
  });

  it('still allows the rest of the folder', () => {
    const decision = denied.gate.authorize(
      aTurn('fs-read', { path: 'src/.envrc' }),
      denied.context,
    );
    expect(decision.settled).toBe('tool');
  });

  it('denies whatever the order: a deny before the root it narrows still wins', () => {
    const first = aDenyGate({ folders: ['!*.pem', '/srv/project'] });
    expect(
      first.gate.authorize(aTurn('fs-read', { path: 'a/b.pem' }), first.context),
    ).toMatchObject({ settled: 'rejected', refusal: { details: [{ entry: '!*.pem' }] } });
  });

  it('grants nothing with a folders list of deny entries only', () => {
    const only = aDenyGate({ folders: ['!.env'] });
    const decision = only.gate.authorize(
      aTurn('fs-read', { path: '/srv/project/a' }),
      only.context,
    );
    expect(decision).toMatchObject({
      settled: 'rejected',
      refusal: {
        code: 'folder_out_of_scope',
        details: [{ pointer: '/path', message: 'no granted folder allows reading here' }],
      },
    });
  });

  it('denies by a relative glob under any root that covers the path, whatever its access', () => {
    const nested = aDenyGate({
      folders: ['/srv', { path: '/srv/project', access: 'read' }, '!config/*'],
    });
    const decision = nested.gate.authorize(
      aTurn('fs-write', { path: 'config/db.yml', content: '' }, { shape: 'overwrite' }),
      nested.context,
    );
    expect(decision).toMatchObject({ refusal: { details: [{ entry: '!config/*' }] } });
  });

  it('with realpath, refuses a link inside the folder that leads to a denied file', () => {
    const link: RealpathFn = (path) =>
      path === '/srv/project/notes.txt' ? '/srv/project/.env' : path;
    const { gate, context } = aDenyGate({ folders: ['/srv/project', '!.env'] }, link);
    expect(gate.authorize(aTurn('fs-read', { path: 'notes.txt' }), context)).toEqual({
      settled: 'rejected',
      refusal: {
        check: 'dispatch.folder',
        code: 'folder_out_of_scope',
        reason: 'the path /srv/project/notes.txt is outside the granted folder scope',
        callIndex: 0,
        ref: 'fs-read@1',
        details: [
          {
            pointer: '/path',
            message: 'the deny entry !.env takes its real path /srv/project/.env away',
            entry: '!.env',
          },
        ],
      },
    });
  });

  it('with realpath, reads relative denies against the real paths of the roots', () => {
    // /srv/project is a link to /data/p: the real path /data/p/.git/HEAD is .git/HEAD under the real root.
    const moved: RealpathFn = (path) => path.replace(/^\/srv\/project(?=\/|$)/, '/data/p');
    const { gate, context } = aDenyGate({ folders: ['/srv/project', '!.git/**'] }, moved);
    expect(gate.authorize(aTurn('fs-read', { path: '.git/HEAD' }), context)).toMatchObject({
      refusal: { details: [{ entry: '!.git/**' }] },
    });
    expect(gate.authorize(aTurn('fs-read', { path: 'src/a.ts' }), context).settled).toBe('tool');
  });

  it('with realpath, checks the real path against absolute denies too', () => {
    const link: RealpathFn = (path) => (path === '/srv/project/k' ? '/srv/project/keys/k' : path);
    const { gate, context } = aDenyGate({ folders: ['/srv/project', '!/srv/project/keys'] }, link);
    expect(gate.authorize(aTurn('fs-read', { path: 'k' }), context)).toMatchObject({
      refusal: { details: [{ entry: '!/srv/project/keys' }] },
    });
  });
});

describe('secret deny entries at the gate', () => {
  const { gate, context } = aDenyGate({
    secrets: ['SLACK_TOKEN', 'AWS_*', '!AWS_SECRET_ACCESS_KEY'],
  });

  it('refuses a denied secret value with the usual reason and names the entry', () => {
    const decision = gate.authorize(
      aTurn('vault/use', { secret: 'AWS_SECRET_ACCESS_KEY' }),
      context,
    );
    expect(decision).toEqual({
      settled: 'rejected',
      refusal: {
        check: 'dispatch.secret',
        code: 'secret_out_of_scope',
        reason: 'the secret AWS_SECRET_ACCESS_KEY is outside the granted secret scope',
        callIndex: 0,
        ref: 'vault/use@1',
        details: [
          {
            pointer: '/secret',
            message: 'the deny entry !AWS_SECRET_ACCESS_KEY takes it away',
            entry: '!AWS_SECRET_ACCESS_KEY',
          },
        ],
      },
    });
  });

  it('allows the rest of the prefix', () => {
    expect(gate.authorize(aTurn('vault/use', { secret: 'AWS_REGION' }), context).settled).toBe(
      'tool',
    );
  });

  it('refuses a tool configured with a denied secret, naming the entry', () => {
    const denied = aDenyGate({ secrets: ['*', '!SLACK_*'] });
    const decision = denied.gate.authorize(aTurn('slack/search', { query: 'x' }), denied.context);
    expect(decision).toMatchObject({
      settled: 'rejected',
      refusal: {
        code: 'secret_out_of_scope',
        details: [
          { pointer: '', message: 'the deny entry !SLACK_* takes it away', entry: '!SLACK_*' },
        ],
      },
    });
  });

  it('grants nothing with a secrets list of deny entries only', () => {
    const only = aDenyGate({ secrets: ['!AWS_*'] });
    const decision = only.gate.authorize(aTurn('vault/use', { secret: 'OTHER' }), only.context);
    expect(decision).toMatchObject({
      refusal: { details: [{ pointer: '/secret', message: 'no granted secret entry covers it' }] },
    });
  });

  it('denies an exact name by a deny prefix and a lone "!*" denies every name', () => {
    const all = aDenyGate({ secrets: ['*', '!*'] });
    expect(all.gate.authorize(aTurn('vault/use', { secret: 'ANY' }), all.context)).toMatchObject({
      refusal: { details: [{ entry: '!*' }] },
    });
  });
});
