import { describe, expect, it } from 'vitest';
import { createGrant } from '../../src/grant/createGrant.js';
import type { GrantSpec } from '../../src/grant/types.js';
import { catchToolgateError } from '../helpers/catchToolgateError.js';

const problemsOf = (spec: unknown): readonly string[] =>
  catchToolgateError(() => createGrant(spec as GrantSpec), 'invalid_grant').problems;
/** The single problem a spec has; fails the test when it has none or several. */
const problemOf = (spec: unknown): string => {
  const problems = problemsOf(spec);
  expect(problems).toHaveLength(1);
  return problems[0] ?? '';
};

describe('createGrant entries', () => {
  describe('tools', () => {
    it('keeps exact refs in grant order', () => {
      expect(createGrant({ tools: ['b@2', 'slack/search@1', 'a@1'] }).tools).toEqual([
        'b@2',
        'slack/search@1',
        'a@1',
      ]);
    });

    it('keeps the first of a repeated ref', () => {
      expect(createGrant({ tools: ['a@1', 'b@1', 'a@1'] }).tools).toEqual(['a@1', 'b@1']);
    });

    it('keeps refs that differ only in case or version as different refs', () => {
      expect(createGrant({ tools: ['a@1', 'A@1', 'a@2'] }).tools).toEqual(['a@1', 'A@1', 'a@2']);
    });

    it.each([
      ['a', 'add the version'],
      ['a@01', 'the version after the last "@"'],
      ['a@b@1', 'the name must be'],
      ['a/*@1', 'the name must be'],
      ['*', 'add the version'],
      ['', 'add the version'],
    ])('refuses the ref %j, naming the entry', (ref, rule) => {
      const problem = problemOf({ tools: [ref] });
      expect(problem).toContain('tools[0]');
      expect(problem).toContain(rule);
    });

    it('refuses a ref that is not a string', () => {
      expect(problemOf({ tools: [1] })).toContain('tools[0] 1: a ref must be a string');
    });

    it('refuses tools that are not a list', () => {
      expect(problemOf({ tools: 'a@1' })).toBe('tools must be a list');
    });
  });

  describe('folders', () => {
    it('gives a folder written as a string write access (read and write)', () => {
      expect(createGrant({ folders: ['/srv/project'] }).folders).toEqual([
        { path: '/srv/project', access: 'write' },
      ]);
    });

    it('keeps { path, access: "read" } read-only and { path, access: "write" } read and write', () => {
      expect(
        createGrant({
          folders: [
            { path: '/r', access: 'read' },
            { path: '/w', access: 'write' },
          ],
        }).folders,
      ).toEqual([
        { path: '/r', access: 'read' },
        { path: '/w', access: 'write' },
      ]);
    });

    it('gives { path } without access write access, like the string form', () => {
      expect(createGrant({ folders: [{ path: '/d' }] }).folders).toEqual([
        { path: '/d', access: 'write' },
      ]);
    });

    it.each([
      ['/srv//a/./b/..', '/srv/a'],
      ['/srv/project/', '/srv/project'],
      ['//srv///project', '/srv/project'],
      ['/', '/'],
      ['/..', '/'],
      ['/srv/../../etc', '/etc'],
      ['/srv/%2e%2e', '/srv/%2e%2e'],
      ['/srv/Project', '/srv/Project'],
    ])('canonicalizes the root %j to %j', (root, expected) => {
      expect(createGrant({ folders: [root, { path: root, access: 'read' }] }).folders).toEqual([
        { path: expected, access: 'write' },
        { path: expected, access: 'read' },
      ]);
    });

    it.each([
      ['srv/project', 'absolute POSIX path'],
      ['./srv', 'absolute POSIX path'],
      ['~/project', 'absolute POSIX path'],
      ['.', 'absolute POSIX path'],
      ['/srv\\project', 'backslash'],
      ['C:\\srv', 'backslash'],
      ['/srv/\u0000x', 'NUL'],
      ['', 'empty'],
    ])('refuses the root %j (%s), naming the entry', (root, rule) => {
      for (const folder of [root, { path: root }]) {
        const problem = problemOf({ folders: ['/ok', folder] });
        expect(problem).toContain('folders[1]');
        expect(problem).toContain(rule);
      }
    });

    it.each([
      [
        'an access that is not read or write',
        { path: '/a', access: 'rw' },
        'folders[0].access rw must be "read" or "write"',
      ],
      [
        'an access of null',
        { path: '/a', access: null },
        'folders[0].access null must be "read" or "write"',
      ],
      ['an unknown key', { path: '/a', mode: 'read' }, 'folders[0] has unknown key "mode"'],
      ['no path', { access: 'read' }, 'folders[0] undefined'],
      ['a path that is not a string', { path: 1 }, 'folders[0] 1'],
      ['a number', 5, 'folders[0] must be an absolute path or { path, access }'],
      ['a list', ['/a'], 'folders[0] must be an absolute path or { path, access }'],
      ['null', null, 'folders[0] must be an absolute path or { path, access }'],
    ])('refuses a folder with %s', (_what, folder, expected) => {
      expect(problemOf({ folders: [folder] })).toContain(expected);
    });

    it('refuses folders that are not a list', () => {
      expect(problemOf({ folders: '/srv' })).toBe('folders must be a list');
    });
  });

  describe('network', () => {
    it.each([
      ['API.Slack.com', 'api.slack.com'],
      ['slack.com.', 'slack.com'],
      ['*.Slack.COM', '*.slack.com'],
      ['api.example.com:8443', 'api.example.com:8443'],
      ['*.example.com:443', '*.example.com:443'],
      ['bücher.de', 'xn--bcher-kva.de'],
      ['127.0.0.1', '127.0.0.1'],
      ['10.0.0.1:80', '10.0.0.1:80'],
      ['10.0.0.0/8', '10.0.0.0/8'],
      ['10.0.0.0/8:5432', '10.0.0.0/8:5432'],
      ['[FD00::]/8', '[fd00::]/8'],
      ['[fd00:0::]/8:443', '[fd00::]/8:443'],
      ['0.0.0.0/0', '0.0.0.0/0'],
      ['!*', '!*'],
      ['!*.Corp.Example.com', '!*.corp.example.com'],
      ['!10.0.0.0/8', '!10.0.0.0/8'],
      ['![::1]:8080', '![::1]:8080'],
      ['[0:0::1]', '[::1]'],
      ['[::1]:8080', '[::1]:8080'],
      ['*', '*'],
      ['*.example.co.uk', '*.example.co.uk'],
    ])('canonicalizes the pattern %j to %j', (pattern, expected) => {
      expect(createGrant({ network: [pattern] }).network).toEqual([expected]);
    });

    it('keeps the first of patterns that are equal once canonical', () => {
      expect(createGrant({ network: ['API.slack.com', 'b.com', 'api.slack.com'] }).network).toEqual(
        ['api.slack.com', 'b.com'],
      );
    });

    it.each([
      ['*.com', 'public suffix'],
      ['*.co.uk', 'public suffix'],
      ['*.github.io', 'public suffix'],
      ['*.1.2.3.4', 'IP address'],
      ['*.[::1]', ''],
      ['exa mple.com', 'space'],
      ['', 'empty'],
      ['a.*.com', '"*"'],
      ['*example.com', '"*"'],
      ['**.example.com', '"*"'],
      ['*:443', '"*"'],
      ['https://example.com', ''],
      ['example.com/path', ''],
      ['user@example.com', ''],
      ['example.com:0', ''],
      ['example.com:65536', ''],
      ['example.com:x', ''],
      ['example.com:', ''],
      // SPEC §6.2 rev 2: IPv4 is written one way in patterns too
      ['127.1', 'four decimal numbers'],
      ['010.010.010.010', 'four decimal numbers'],
      ['0x7f000001:80', 'four decimal numbers'],
      ['2130706433', 'four decimal numbers'],
      // CIDR patterns (SPEC §13)
      ['10.0.0.1/8', 'host bits'],
      ['[fd00::1]/8', 'host bits'],
      ['10.0.0.0/08', 'prefix length'],
      ['10.0.0.0/33', 'from 0 to 32'],
      ['[::]/129', 'from 0 to 128'],
      ['10.0.0.0/', 'prefix length'],
      ['10.0.0.0/+8', 'prefix length'],
      ['010.0.0.0/8', 'four decimal numbers'],
      ['10.0.0.0/8:0', 'port'],
      ['10.0.0.0/8/8', 'prefix length'],
      ['[fd00::]/8:', 'port'],
      ['*.10.0.0.0/8', '"/"'],
      // deny entries (SPEC §5 rev 2)
      ['!', 'deny entry'],
      ['!!a.com', 'deny entry'],
      ['! a.com', 'deny entry'],
      ['!*.com', 'public suffix'],
      ['!127.1', 'four decimal numbers'],
    ])('refuses the pattern %j, naming the entry', (pattern, rule) => {
      const problem = problemOf({ network: ['ok.example', pattern] });
      expect(problem).toContain('network[1]');
      expect(problem).toContain(rule);
    });

    it('refuses a pattern that is not a string', () => {
      expect(problemOf({ network: [443] })).toContain('network[0] 443');
    });
  });

  describe('secrets', () => {
    it('keeps names, prefixes and a lone "*" as given', () => {
      expect(createGrant({ secrets: ['SLACK_TOKEN', 'GITHUB_*', 'a.b-c', '*'] }).secrets).toEqual([
        'SLACK_TOKEN',
        'GITHUB_*',
        'a.b-c',
        '*',
      ]);
    });

    it('keeps the first of a repeated entry', () => {
      expect(createGrant({ secrets: ['A', 'B', 'A'] }).secrets).toEqual(['A', 'B']);
    });

    it.each([
      'SLACK**',
      '*X',
      'a b',
      'A*B',
      '**',
      '',
      'SLACK_*_X',
      'TOKEN\n',
      'ÄPI_KEY',
      'x'.repeat(129),
    ])('refuses the entry %j, naming it', (entry) => {
      expect(problemOf({ secrets: ['OK', entry] })).toContain('secrets[1]');
    });

    it('accepts a name of 128 characters', () => {
      expect(createGrant({ secrets: ['x'.repeat(128)] }).secrets).toEqual(['x'.repeat(128)]);
    });
  });

  describe('budgets', () => {
    it('keeps non-negative integer budgets, zero included', () => {
      expect(createGrant({ budgets: { turns: 0, toolCalls: 20 } }).budgets).toEqual({
        turns: 0,
        toolCalls: 20,
      });
      expect(createGrant({ budgets: { toolCalls: 3 } }).budgets).toEqual({ toolCalls: 3 });
    });

    it('keeps an empty budgets object, which limits nothing', () => {
      expect(createGrant({ budgets: {} }).budgets).toEqual({});
    });

    it.each([
      ['a negative number', -1],
      ['a fraction', 1.5],
      ['a numeric string', '3'],
      ['null', null],
      ['an unsafe integer', 2 ** 53],
      ['a boolean', true],
    ])('refuses a budget of %s', (_what, amount) => {
      expect(problemOf({ budgets: { turns: amount } })).toContain('budgets.turns');
    });

    it.each(['time', 'Turns', 'tool_calls', 'tokens'])(
      'refuses the unknown budget key %j',
      (key) => {
        expect(problemOf({ budgets: { [key]: 1 } })).toBe(
          `budgets has unknown key "${key}"; the keys are turns, toolCalls, callsPerTurn`,
        );
      },
    );

    it.each([
      ['a number', 8],
      ['a list', [8, 20]],
      ['null', null],
    ])('refuses budgets written as %s', (_what, budgets) => {
      expect(problemOf({ budgets })).toBe(
        'budgets must be an object such as { turns: 8, toolCalls: 20 }',
      );
    });
  });
});
