import { describe, expect, it } from 'vitest';
import { ToolgateError } from '../../src/errors/ToolgateError.js';
import { createGrant } from '../../src/grant/createGrant.js';
import type { Grant, GrantSpec } from '../../src/grant/types.js';
import { catchToolgateError } from '../helpers/catchToolgateError.js';

/** Creates a grant from a spec typed loosely, as JavaScript callers and policy files may pass anything. */
const grantOf = (spec: unknown): Grant => createGrant(spec as GrantSpec);
const problemsOf = (spec: unknown): readonly string[] =>
  catchToolgateError(() => grantOf(spec), 'invalid_grant').problems;

const FULL: GrantSpec = {
  tools: ['slack/search@1', 'fs-read@1'],
  folders: ['/srv/project', { path: '/srv/out', access: 'read' }],
  network: ['slack.com', '*.slack.com', 'api.example.com:8443'],
  secrets: ['SLACK_TOKEN', 'GITHUB_*'],
  budgets: { turns: 8, toolCalls: 20 },
};

describe('createGrant', () => {
  it('returns the spec in canonical form', () => {
    expect(createGrant(FULL)).toStrictEqual({
      tools: ['slack/search@1', 'fs-read@1'],
      folders: [
        { path: '/srv/project', access: 'write' },
        { path: '/srv/out', access: 'read' },
      ],
      network: ['slack.com', '*.slack.com', 'api.example.com:8443'],
      secrets: ['SLACK_TOKEN', 'GITHUB_*'],
      budgets: { turns: 8, toolCalls: 20 },
    });
  });

  it('grants nothing for an empty spec', () => {
    expect(createGrant({})).toStrictEqual({ tools: [], folders: [], network: [], secrets: [] });
  });

  it('grants nothing of a kind whose list is empty', () => {
    expect(createGrant({ tools: [], folders: [], network: [], secrets: [] })).toStrictEqual({
      tools: [],
      folders: [],
      network: [],
      secrets: [],
    });
  });

  it('has no budgets key when no budgets are given', () => {
    expect('budgets' in createGrant({ tools: ['a@1'] })).toBe(false);
  });

  it('is deeply frozen', () => {
    const grant = createGrant(FULL);
    for (const part of [
      grant,
      grant.tools,
      grant.folders,
      grant.folders[0],
      grant.folders[1],
      grant.network,
      grant.secrets,
      grant.budgets,
    ]) {
      expect(Object.isFrozen(part)).toBe(true);
    }
  });

  it('round-trips through JSON into an equal grant', () => {
    const grant = createGrant(FULL);
    expect(createGrant(JSON.parse(JSON.stringify(grant)) as GrantSpec)).toStrictEqual(grant);
  });

  it('round-trips a canonicalized grant unchanged', () => {
    const grant = createGrant({
      folders: ['/srv//a/./b/..', { path: '/x/', access: 'read' }],
      network: ['API.Slack.com', '*.Example.COM:8443'],
    });
    expect(createGrant(JSON.parse(JSON.stringify(grant)) as GrantSpec)).toStrictEqual(grant);
  });

  it('does not change when the caller later mutates its spec', () => {
    const tools = ['a@1'];
    const folder = { path: '/srv/a', access: 'read' as 'read' | 'write' };
    const budgets = { turns: 1 };
    const grant = createGrant({ tools, folders: [folder], budgets });
    tools.push('b@1');
    folder.access = 'write';
    budgets.turns = 100;
    expect(grant.tools).toEqual(['a@1']);
    expect(grant.folders).toEqual([{ path: '/srv/a', access: 'read' }]);
    expect(grant.budgets).toEqual({ turns: 1 });
  });

  it('reads a getter once: a value that changes on each read cannot change the grant after creation', () => {
    let reads = 0;
    const spec = {
      get tools() {
        reads++;
        return reads === 1 ? ['a@1'] : ['a@1', 'admin@1'];
      },
    };
    const grant = grantOf(spec);
    expect(grant.tools).toEqual(['a@1']);
    expect(grant.tools).toEqual(['a@1']);
    expect(reads).toBe(1);
  });

  it('refuses a spec whose getter throws, with invalid_grant', () => {
    const spec = {
      get tools(): string[] {
        throw new Error('boom');
      },
    };
    expect(problemsOf(spec)).toEqual([expect.stringContaining('a grant must be plain data')]);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an array', [['a@1']]],
    ['a string', 'a@1'],
    ['a class instance', new Map([['tools', ['a@1']]])],
  ])('refuses %s as a spec', (_what, spec) => {
    expect(problemsOf(spec)).toEqual([expect.stringContaining('a grant must be plain data')]);
  });

  it.each([
    ['a function', { tools: ['a@1'], check: () => true }],
    ['NaN', { budgets: { turns: Number.NaN } }],
    ['undefined in a list', { tools: ['a@1', undefined] }],
  ])('refuses a spec holding %s, which is not JSON data', (_what, spec) => {
    expect(problemsOf(spec)).toEqual([expect.stringContaining('a grant must be plain data')]);
  });

  it.each(['tool', 'Tools', 'paths', 'visible', 'grantable'])(
    'refuses the unknown top-level key %j',
    (key) => {
      expect(problemsOf({ [key]: [] })).toEqual([
        `unknown key "${key}"; the keys are tools, folders, network, secrets, budgets, ask, labels, flows`,
      ]);
    },
  );

  it('reports every problem at once, each naming its entry, in one invalid_grant error', () => {
    const error = catchToolgateError(
      () =>
        grantOf({
          tools: ['ok@1', 'bad@01'],
          folders: ['/ok', 'relative/path', { path: '/a\\b' }],
          network: ['*.com', 'ok.example'],
          secrets: ['OK', 'SLACK**'],
          budgets: { turns: -1, time: 5 },
          extra: true,
        }),
      'invalid_grant',
    );
    expect(error).toBeInstanceOf(ToolgateError);
    expect(error.problems).toEqual([
      expect.stringContaining('unknown key "extra"'),
      expect.stringContaining('tools[1] bad@01'),
      expect.stringContaining('folders[1] relative/path'),
      expect.stringContaining('folders[2] /a\\b'),
      expect.stringContaining('network[0] *.com'),
      expect.stringContaining('secrets[1] SLACK**'),
      expect.stringContaining('budgets.turns -1'),
      expect.stringContaining('budgets has unknown key "time"'),
    ]);
    expect(error.message).toContain('the grant has 8 problems');
    for (const problem of error.problems) expect(error.message).toContain(problem);
  });

  it('names a bad folder by its place in the list', () => {
    const error = catchToolgateError(
      () => grantOf({ folders: ['/ok', 'not/absolute'] }),
      'invalid_grant',
    );
    expect(error.message).toContain('folders[1]');
    expect(error.message).not.toContain('folders[0]');
  });

  describe('prototype pollution', () => {
    it.each([
      ['__proto__', '{"__proto__": {"polluted": true}}'],
      ['constructor', '{"constructor": {"prototype": {"polluted": true}}}'],
      ['prototype', '{"prototype": {"polluted": true}}'],
    ])('refuses a %s key as unknown and never pollutes Object.prototype', (key, json) => {
      expect(problemsOf(JSON.parse(json))).toEqual([
        expect.stringContaining(`unknown key "${key}"`),
      ]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('refuses a __proto__ key alongside valid keys and grants nothing from it', () => {
      const spec: unknown = JSON.parse('{"tools": ["a@1"], "__proto__": {"tools": ["admin@1"]}}');
      expect(problemsOf(spec)).toEqual([expect.stringContaining('unknown key "__proto__"')]);
      expect(({} as Record<string, unknown>).tools).toBeUndefined();
    });

    it('refuses a __proto__ key inside a folder entry and inside budgets', () => {
      const spec: unknown = JSON.parse(
        '{"folders": [{"path": "/a", "__proto__": {"access": "write"}}], "budgets": {"__proto__": {"turns": 1}}}',
      );
      expect(problemsOf(spec)).toEqual([
        expect.stringContaining('folders[0] has unknown key "__proto__"'),
        expect.stringContaining('budgets has unknown key "__proto__"'),
      ]);
      expect(({} as Record<string, unknown>).access).toBeUndefined();
    });

    it('takes nothing from a polluted Object.prototype', () => {
      const proto = Object.prototype as Record<string, unknown>;
      proto.budgets = { turns: 0 };
      proto.path = '/';
      proto.access = 'read';
      try {
        expect(grantOf({})).toStrictEqual({ tools: [], folders: [], network: [], secrets: [] });
        expect(problemsOf({ folders: [{ access: 'write' }] })).toEqual([
          expect.stringContaining('folders[0] undefined'),
        ]);
        expect(grantOf({ folders: [{ path: '/srv' }] }).folders).toEqual([
          { path: '/srv', access: 'write' },
        ]);
      } finally {
        delete proto.budgets;
        delete proto.path;
        delete proto.access;
      }
    });
  });
});
