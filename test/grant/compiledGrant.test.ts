import { describe, expect, it } from 'vitest';
import { compiledGrantOf } from '../../src/grant/compiledGrant.js';
import { createGrant } from '../../src/grant/createGrant.js';
import type { GrantSpec } from '../../src/grant/types.js';
import type { CanonicalHost } from '../../src/scope/host/index.js';

const compile = (spec: GrantSpec) => {
  const compiled = compiledGrantOf(createGrant(spec));
  if (compiled === undefined) throw new Error('createGrant attached no compiled grant');
  return compiled;
};
const host = (text: string) => text as CanonicalHost;

describe('compiledGrantOf', () => {
  it('finds the matchers of a grant made by createGrant', () => {
    expect(compiledGrantOf(createGrant({}))).toBeDefined();
  });

  it('finds nothing for a look-alike grant not made by createGrant, such as its JSON copy', () => {
    const copy: unknown = JSON.parse(JSON.stringify(createGrant({ tools: ['a@1'] })));
    expect(compiledGrantOf(copy)).toBeUndefined();
    expect(
      compiledGrantOf({ tools: ['a@1'], folders: [], network: [], secrets: [] }),
    ).toBeUndefined();
  });

  it('finds nothing for values that are not objects', () => {
    for (const value of [undefined, null, 'grant', 1])
      expect(compiledGrantOf(value)).toBeUndefined();
  });

  it('holds the granted refs', () => {
    expect([...compile({ tools: ['a@1', 'b@2'] }).tools]).toEqual(['a@1', 'b@2']);
  });

  it('puts every root among the read roots and only write roots among the write roots', () => {
    const compiled = compile({
      folders: [
        '/both',
        { path: '/read-only', access: 'read' },
        { path: '/written//', access: 'write' },
      ],
    });
    expect([...compiled.readRoots].sort()).toEqual(['/both', '/read-only', '/written']);
    expect([...compiled.writeRoots].sort()).toEqual(['/both', '/written']);
  });

  it('compiles the network patterns into a matcher', () => {
    const { hosts } = compile({ network: ['API.Slack.com', '*.example.com:8443'] });
    expect(hosts.matches(host('api.slack.com'), 443)).toBe(true);
    expect(hosts.matches(host('slack.com'), 443)).toBe(false);
    expect(hosts.matches(host('a.example.com'), 8443)).toBe(true);
    expect(hosts.matches(host('a.example.com'), 443)).toBe(false);
    expect(hosts.matches(host('example.com'), 8443)).toBe(false);
  });

  it('matches no host when no network is granted', () => {
    expect(compile({}).hosts.matches(host('example.com'), 443)).toBe(false);
  });

  it('compiles the secret entries into a matcher', () => {
    const { secrets } = compile({ secrets: ['SLACK_TOKEN', 'GITHUB_*'] });
    expect(secrets.matches('SLACK_TOKEN')).toBe(true);
    expect(secrets.matches('GITHUB_PAT')).toBe(true);
    expect(secrets.matches('slack_token')).toBe(false);
    expect(secrets.matches('SLACK_TOKEN_2')).toBe(false);
  });

  it('matches no secret when no secret is granted', () => {
    expect(compile({}).secrets.matches('ANY')).toBe(false);
  });
});
