import { describe, expect, it } from 'vitest';
import { ToolgateError } from '../../src/errors/ToolgateError.js';
import { compiledGrantOf } from '../../src/grant/compiledGrant.js';
import { createGrant } from '../../src/grant/createGrant.js';
import type { GrantSpec } from '../../src/grant/types.js';
import { intersectGrants } from '../../src/visibility/intersectGrants.js';

const meet = (parent: GrantSpec, child: GrantSpec) =>
  intersectGrants(createGrant(parent), createGrant(child));

describe('intersectGrants', () => {
  it('returns a grant made by createGrant, deeply frozen', () => {
    const grant = meet({ tools: ['a@1'] }, { tools: ['a@1'] });
    expect(compiledGrantOf(grant)).toBeDefined();
    expect(Object.isFrozen(grant.tools)).toBe(true);
  });

  it.each([
    [
      ['a@1', 'b@1', 'c@1'],
      ['c@1', 'a@1', 'd@1'],
      ['c@1', 'a@1'],
    ],
    [['a@1'], ['a@2'], []],
    [[], ['a@1'], []],
  ])("tools: refs in both, in the child's order: (%j, %j) => %j", (parent, child, expected) => {
    expect(meet({ tools: parent }, { tools: child }).tools).toEqual(expected);
  });

  it.each([
    [
      ['/srv'],
      [{ path: '/srv/app', access: 'read' as const }],
      [{ path: '/srv/app', access: 'read' }],
    ],
    [
      [{ path: '/srv', access: 'read' as const }],
      ['/srv/app'],
      [{ path: '/srv/app', access: 'read' }],
    ],
    [['/srv/app'], ['/srv'], [{ path: '/srv/app', access: 'write' }]],
    [['/srv/a'], ['/srv/b'], []],
    [['/srv/project'], ['/srv/project2'], []],
    [
      ['/'],
      ['/x', { path: '/y', access: 'read' as const }],
      [
        { path: '/x', access: 'write' },
        { path: '/y', access: 'read' },
      ],
    ],
    [[], ['/srv'], []],
  ])(
    'folders: the deeper root with the weaker access: (%j, %j) => %j',
    (parent, child, expected) => {
      expect(meet({ folders: parent }, { folders: child }).folders).toEqual(expected);
    },
  );

  it.each([
    [['*'], ['api.slack.com:443'], ['api.slack.com:443']],
    [['*.slack.com:443'], ['api.slack.com'], ['api.slack.com:443']],
    [['*.slack.com'], ['*.eu.slack.com'], ['*.eu.slack.com']],
    [['slack.com'], ['*.slack.com'], []],
    [['a.com:443'], ['a.com:8443'], []],
    [['*.example.com'], ['10.0.0.1'], []],
    // SPEC §6.2 rev 2: * never implies a private host, so the meet keeps none
    [['*'], ['10.0.0.1:80', '[::1]', 'localhost'], []],
    [['*', '10.0.0.1'], ['10.0.0.1:80', '[::1]'], ['10.0.0.1:80']],
    [['*'], ['10.0.0.0/7'], ['11.0.0.0/8']],
    [['10.0.0.0/8'], ['10.1.0.0/16:5432', '11.0.0.0/8'], ['10.1.0.0/16:5432']],
    [['10.0.0.0/8:22'], ['10.1.2.3'], ['10.1.2.3:22']],
    [['[fd00::]/8'], ['[fd00::1]', '[fe80::1]'], ['[fd00::1]']],
    // deny entries: the union of both sides' (SPEC §5 rev 2)
    [
      ['*', '!a.example.com'],
      ['*.example.com', '!b.example.com:22'],
      ['*.example.com', '!b.example.com:22', '!a.example.com'],
    ],
    [['!*'], ['*'], ['!*']],
    [['example.com'], ['!example.com'], ['!example.com']],
    [
      ['*.slack.com', 'example.com'],
      ['api.slack.com', 'example.com:443'],
      ['api.slack.com', 'example.com:443'],
    ],
  ])('network: the narrower host part and port: (%j, %j) => %j', (parent, child, expected) => {
    expect(meet({ network: parent }, { network: child }).network).toEqual(expected);
  });

  it.each([
    [['*'], ['SLACK_TOKEN'], ['SLACK_TOKEN']],
    [['SLACK_*'], ['SLACK_BOT_*'], ['SLACK_BOT_*']],
    [['SLACK_*'], ['SLACK_TOKEN', 'GITHUB_TOKEN'], ['SLACK_TOKEN']],
    [['SLACK_*'], ['GITHUB_*'], []],
    [['A'], ['A'], ['A']],
  ])('secrets: the longer prefix or the exact name: (%j, %j) => %j', (parent, child, expected) => {
    expect(meet({ secrets: parent }, { secrets: child }).secrets).toEqual(expected);
  });

  it.each([
    [undefined, undefined, undefined],
    [{ turns: 8 }, undefined, { turns: 8 }],
    [{ turns: 8, toolCalls: 20 }, { turns: 3 }, { turns: 3, toolCalls: 20 }],
    [{ toolCalls: 5 }, { toolCalls: 9 }, { toolCalls: 5 }],
  ])('budgets: the smaller of each: (%j, %j) => %j', (parent, child, expected) => {
    const grant = meet(
      parent === undefined ? {} : { budgets: parent },
      child === undefined ? {} : { budgets: child },
    );
    expect(grant.budgets).toEqual(expected);
  });

  it('throws ToolgateError invalid_grant for a grant not made by createGrant', () => {
    const fake = JSON.parse(JSON.stringify(createGrant({ tools: ['a@1'] }))) as ReturnType<
      typeof createGrant
    >;
    expect(() => intersectGrants(fake, createGrant({}))).toThrow(ToolgateError);
    expect(() => intersectGrants(createGrant({}), fake)).toThrow(
      'intersectGrants needs two grants made by createGrant(spec)',
    );
  });
});
