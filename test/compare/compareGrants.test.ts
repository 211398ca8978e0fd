import { describe, expect, it } from 'vitest';
import { compareGrants, createGrant, type Grant, type GrantSpec } from '../../src/index.js';
import { oracleAllows } from './oracle.js';
import { catchToolgateError } from '../helpers/catchToolgateError.js';

const compare = (before: GrantSpec, after: GrantSpec) =>
  compareGrants(createGrant(before), createGrant(after));
const PIN = `#sha256:${'a'.repeat(64)}`;

describe('compareGrants', () => {
  it('answers subset for equal grants, narrower grants and an empty after', () => {
    const wide: GrantSpec = {
      tools: ['a@1', 'b@1'],
      folders: ['/srv'],
      network: ['*.example.com'],
      secrets: ['AWS_*'],
      budgets: { turns: 5 },
    };
    expect(compare(wide, wide)).toEqual({ subset: true });
    expect(
      compare(wide, {
        tools: ['a@1'],
        folders: [{ path: '/srv/app', access: 'read' }, '!*.pem'],
        network: ['api.example.com:443'],
        secrets: ['AWS_REGION'],
        budgets: { turns: 3 },
      }),
    ).toEqual({ subset: true });
    expect(compare(wide, { budgets: { turns: 1 } })).toEqual({ subset: true });
    // No budget is an unlimited one: wider than five turns.
    expect(compare(wide, {}).subset).toBe(false);
  });

  it('names a tool after grants and before does not, and a pin after drops', () => {
    expect(compare({ tools: ['a@1'] }, { tools: ['a@1', 'b@1', 'a@2'] })).toEqual({
      subset: false,
      widenings: [
        { kind: 'tool', entry: 'b@1', witness: 'b@1' },
        { kind: 'tool', entry: 'a@2', witness: 'a@2' },
      ],
    });
    expect(compare({ tools: [`a@1${PIN}`] }, { tools: ['a@1'] })).toEqual({
      subset: false,
      widenings: [{ kind: 'tool', entry: 'a@1', witness: 'a@1' }],
    });
    expect(compare({ tools: ['a@1'] }, { tools: [`a@1${PIN}`] })).toEqual({ subset: true });
  });

  it('names a ref that needed an approval and no longer does', () => {
    expect(compare({ tools: ['a@1'], ask: ['a@1'] }, { tools: ['a@1'] })).toEqual({
      subset: false,
      widenings: [{ kind: 'ask', entry: 'a@1', witness: 'a@1' }],
    });
    expect(compare({ tools: ['a@1'] }, { tools: ['a@1'], ask: ['a@1'] })).toEqual({
      subset: true,
    });
  });

  it('names a budget raised or dropped, with null for unlimited', () => {
    expect(
      compare(
        { budgets: { turns: 8, toolCalls: 4, callsPerTurn: 2 } },
        { budgets: { turns: 9, callsPerTurn: 2 } },
      ),
    ).toEqual({
      subset: false,
      widenings: [
        {
          kind: 'budget',
          entry: 'budgets.turns',
          witness: { budget: 'turns', before: 8, after: 9 },
        },
        {
          kind: 'budget',
          entry: 'budgets.toolCalls',
          witness: { budget: 'toolCalls', before: 4, after: null },
        },
      ],
    });
  });

  it('finds a wider root, a write where there was a read, and a dropped deny', () => {
    expect(compare({ folders: ['/srv/app'] }, { folders: ['/srv'] })).toEqual({
      subset: false,
      widenings: [
        { kind: 'folder', entry: '/srv', witness: { path: '/srv', access: 'read' } },
        { kind: 'folder', entry: '/srv', witness: { path: '/srv', access: 'write' } },
      ],
    });
    expect(
      compare({ folders: [{ path: '/srv/app', access: 'read' }] }, { folders: ['/srv/app'] }),
    ).toEqual({
      subset: false,
      widenings: [
        { kind: 'folder', entry: '/srv/app', witness: { path: '/srv/app', access: 'write' } },
      ],
    });
    const dropped = compare({ folders: ['/srv/app', '!**/.env'] }, { folders: ['/srv/app'] });
    expect(dropped.subset).toBe(false);
    expect(!dropped.subset && dropped.widenings.map((w) => w.entry)).toEqual([
      '!**/.env',
      '!**/.env',
    ]);
  });

  it('names each entry as the spec wrote it (SPEC §14.3), not in canonical form', () => {
    const entries = (before: GrantSpec, after: GrantSpec) => {
      const result = compare(before, after);
      return result.subset ? [] : result.widenings.map((widening) => widening.entry);
    };
    expect(entries({ folders: ['/srv/app/sub'] }, { folders: ['/srv/app'] })).toEqual([
      '/srv/app',
      '/srv/app',
    ]);
    expect(entries({ folders: ['/srv/app/sub'] }, { folders: ['/srv//app/'] })).toContain(
      '/srv//app/',
    );
    expect(entries({}, { folders: [{ path: '/srv/x/..', access: 'read' }] })).toEqual([
      { path: '/srv/x/..', access: 'read' },
    ]);
    expect(
      entries({ folders: [{ path: '/srv', access: 'read' }] }, { folders: [{ path: '/srv' }] }),
    ).toEqual([{ path: '/srv' }]);
    expect(entries({ network: ['example.com'] }, { network: ['API.Example.com'] })).toEqual([
      'API.Example.com',
    ]);
    expect(entries({ network: ['*', '!API.Example.com'] }, { network: ['*'] })).toContain(
      '!API.Example.com',
    );
  });

  it('counts a narrower deny as wider, and a broader deny as narrower', () => {
    const before = { folders: ['/srv/app', '!*.pem'] };
    const after = { folders: ['/srv/app', '!keys/*.pem'] };
    const wider = compare(before, after);
    expect(!wider.subset && wider.widenings[0]).toEqual({
      kind: 'folder',
      entry: '!*.pem',
      witness: { path: '/srv/app/x.pem', access: 'read' },
    });
    // !*.pem takes every .pem away, but guards only the root against writes; !keys/*.pem guards
    // keys too (SPEC §14.1), so dropping it lets keys be moved: the one widening left.
    expect(compare(after, before)).toEqual({
      subset: false,
      widenings: [
        {
          kind: 'folder',
          entry: '!keys/*.pem',
          witness: { path: '/srv/app/keys', access: 'write' },
        },
      ],
    });
    expect(compare(after, { folders: ['/srv/app', '!*.pem', '!keys/*.pem'] })).toEqual({
      subset: true,
    });
  });

  it('reads a relative deny at every root of either grant, and an absolute deny as a path', () => {
    // Found by the completeness law: keys/*.pem is anchored at before's /a, not at after's /a/keys.
    const anchored = compare(
      { folders: ['!keys/*.pem', { path: '/a', access: 'read' }] },
      { folders: [{ path: '/a/keys', access: 'read' }] },
    );
    expect(!anchored.subset && anchored.widenings).toEqual([
      { kind: 'folder', entry: '!keys/*.pem', witness: { path: '/a/keys/x.pem', access: 'read' } },
    ]);
    const absolute = compare({ folders: ['/', '!/a/b/x.pem'] }, { folders: ['/'] });
    expect(!absolute.subset && absolute.widenings.map((w) => w.witness)).toEqual([
      { path: '/a/b/x.pem', access: 'read' },
      { path: '/a/b/x.pem', access: 'write' },
    ]);
  });

  // SPEC §14.3: each of these was reported subset: true (toolgate diff: "no wider than before", exit 0).
  it.each([
    [['/srv/app', '!**/[Ss]ecrets/**'], ['/srv/app', '!**/[S]ecrets/**'], '/srv/app/secrets/x'],
    [['/srv/app', '!**/[a-c]x'], ['/srv/app', '!**/[ab]x'], '/srv/app/cx'],
    [['/srv/app', '!**/[!a]x'], ['/srv/app', '!**/bx'], undefined],
    [['/srv/app', '!**/.en?'], ['/srv/app', '!**/.env'], undefined],
    [['/srv/app', '!/**/.env'], ['/srv/app'], '/srv/app/.env'],
    [['/srv/app', '!/srv/**/.env'], ['/srv/app'], '/srv/app/.env'],
  ] as const)(
    'finds the path a narrowed or dropped deny glob lets through: %j -> %j',
    (before, after, witness) => {
      const result = compare({ folders: [...before] }, { folders: [...after] });
      expect(result.subset).toBe(false);
      if (result.subset) return;
      const deny = before.find((entry) => entry.startsWith('!'));
      expect(result.widenings.map((widening) => widening.entry)).toContain(deny);
      if (witness !== undefined)
        expect(result.widenings.map((widening) => widening.witness)).toContainEqual({
          path: witness,
          access: 'read',
        });
    },
  );

  // Each was subset: true: what the narrower globs leave out differs from a sample in two
  // positions at once (bd), or in a star's length (b, bxx), which one position at a time missed.
  it.each([
    [['/a', '!**/[ab][cd]'], ['/a', '!**/{ac,ad,bc}'], '/a/bd'],
    [['/a', '!**/[ab]*[cd]'], ['/a', '!**/a*c', '!**/a*d', '!**/b*c'], '/a/bd'],
    [['/a', '!**/[ab]*'], ['/a', '!**/a*', '!**/b?*'], '/a/b'],
    [['/a', '!**/b*'], ['/a', '!**/b', '!**/b?', '!**/b???*'], '/a/bxx'],
  ] as const)(
    'finds what deny globs leave out only jointly: %j -> %j',
    (before, after, witness) => {
      const result = compare({ folders: [...before] }, { folders: [...after] });
      expect(result.subset).toBe(false);
      if (result.subset) return;
      expect(result.widenings.map((widening) => widening.witness)).toContainEqual({
        path: witness,
        access: 'read',
      });
      const [beforeGrant, afterGrant] = [before, after].map((folders) =>
        createGrant({ folders: [...folders] }),
      );
      expect(oracleAllows(afterGrant as Grant, 'read', witness)).toBe(true);
      expect(oracleAllows(beforeGrant as Grant, 'read', witness)).toBe(false);
    },
  );

  it('reports a dropped deny too large to decide exactly as an undecided widening (SPEC §14.3)', () => {
    // 26³ combinations: more than the joint product takes, so the comparison cannot be exact.
    const big = '!**/[a-z][a-z][a-z]';
    const result = compare({ folders: ['/a', big] }, { folders: ['/a', '!**/???'] });
    expect(result).toEqual({
      subset: false,
      widenings: [
        {
          kind: 'folder',
          entry: big,
          witness: { path: '/a/aaa', access: 'read' },
          undecided: true,
        },
      ],
    });
    expect(oracleAllows(createGrant({ folders: ['/a', big] }), 'read', '/a/aaa')).toBe(false);
    // Kept in after, it decides nothing new; dropped outright, the widening has a real witness.
    expect(compare({ folders: ['/a', big] }, { folders: ['/a', big] })).toEqual({ subset: true });
    const dropped = compare({ folders: ['/a', big] }, { folders: ['/a'] });
    expect(dropped.subset).toBe(false);
    if (!dropped.subset)
      expect(dropped.widenings.filter((widening) => 'undecided' in widening)).toEqual([]);
  });

  it('finds hosts: * over a wildcard, a named private range, a dropped deny, any port over one', () => {
    const witness = (before: GrantSpec, after: GrantSpec) => {
      const result = compare(before, after);
      return result.subset ? undefined : result.widenings.map((w) => [w.entry, w.witness]);
    };
    expect(witness({ network: ['*.slack.com'] }, { network: ['*'] })).toEqual([['*', 'x.x:80']]);
    expect(witness({ network: ['*'] }, { network: ['*', '10.0.0.0/8'] })).toEqual([
      ['10.0.0.0/8', '10.0.0.0:80'],
    ]);
    expect(witness({ network: ['*', '!*.corp.example.com'] }, { network: ['*'] })).toEqual([
      ['!*.corp.example.com', 'x1.corp.example.com:80'],
    ]);
    expect(witness({ network: ['api.example.com:443'] }, { network: ['api.example.com'] })).toEqual(
      [['api.example.com', 'api.example.com:80']],
    );
    // `*` never covers a private address: adding it to a grant of 10/8 adds only public hosts.
    expect(compare({ network: ['*'] }, { network: ['*', '!*'] })).toEqual({ subset: true });
    expect(compare({ network: ['10.0.0.0/8', '*'] }, { network: ['10.1.0.0/16'] })).toEqual({
      subset: true,
    });
  });

  it('finds an IPv6 spelling an IPv4 deny entry took and an IPv6 one does not (SPEC §14.2)', () => {
    // Before, !203.0.113.0/24 took [::cb00:7100] (IPv4-compatible); the IPv6 range does not.
    expect(compare({ network: ['[::]/0', '!203.0.113.0/24'] }, { network: ['[::]/0'] })).toEqual({
      subset: false,
      widenings: [{ kind: 'network', entry: '!203.0.113.0/24', witness: '[::cb00:7100]:80' }],
    });
    expect(
      compare(
        { network: ['[::]/0', '!203.0.113.0/24'] },
        { network: ['[::]/0', '![::ffff:cb00:7100]/120'] },
      ),
    ).toMatchObject({ subset: false, widenings: [{ entry: '!203.0.113.0/24' }] });
    expect(
      compare(
        { network: ['[::]/0', '!203.0.113.0/24'] },
        { network: ['[::]/0', '!203.0.113.0/25'] },
      ),
    ).toMatchObject({ subset: false, widenings: [{ witness: '[::cb00:71ff]:80' }] });
    expect(
      compare(
        { network: ['[::]/0', '!203.0.113.0/24'] },
        { network: ['[::]/0', '!203.0.112.0/23'] },
      ),
    ).toEqual({ subset: true });
  });

  it('finds secrets: a dropped deny, a prefix over a name', () => {
    expect(
      compare({ secrets: ['AWS_*', '!AWS_SECRET_ACCESS_KEY'] }, { secrets: ['AWS_*'] }),
    ).toEqual({
      subset: false,
      widenings: [
        { kind: 'secret', entry: '!AWS_SECRET_ACCESS_KEY', witness: 'AWS_SECRET_ACCESS_KEY' },
      ],
    });
    expect(compare({ secrets: ['AWS_REGION'] }, { secrets: ['AWS_*'] })).toEqual({
      subset: false,
      widenings: [{ kind: 'secret', entry: 'AWS_*', witness: 'AWS_' }],
    });
    expect(compare({ secrets: ['*'] }, { secrets: ['AWS_*', 'GH_TOKEN'] })).toEqual({
      subset: true,
    });
  });

  it('throws invalid_grant for a grant not made by createGrant, naming which', () => {
    const error = catchToolgateError(
      () => compareGrants(createGrant({}), { tools: [], folders: [], network: [], secrets: [] }),
      'invalid_grant',
    );
    expect(error.message).toBe(
      'compareGrants: after is not a grant made by createGrant; pass createGrant(spec)',
    );
  });
});
