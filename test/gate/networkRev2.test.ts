import { describe, expect, it } from 'vitest';
import { createGate } from '../../src/createGate.js';
import { createGrant } from '../../src/grant/createGrant.js';
import { findGrantEntry } from '../../src/grant/findGrantEntry.js';
import type { GrantSpec } from '../../src/grant/types.js';
import type { CanonicalHost } from '../../src/scope/host/types.js';
import { parseHostPattern } from '../../src/scope/host/parseHostPattern.js';
import { aRegistry, aTool } from '../helpers/builders.js';

/** Regression and contract tests for the network scope, rev 2 (SPEC §5, §6.2, §13). */

const fetchTool = aTool({
  name: 'http/get',
  inputSchema: { type: 'object', properties: { url: { type: 'string' } } },
  resources: [{ kind: 'url', at: '/url' }],
});
const connectTool = aTool({
  name: 'net/connect',
  inputSchema: { type: 'object', properties: { host: { type: 'string' } } },
  resources: [{ kind: 'host', at: '/host' }],
});
const slackTool = aTool({ name: 'slack/search', network: ['*.slack.com'] });
const anyTool = aTool({ name: 'web/any', network: ['*'] });
const registry = aRegistry([fetchTool, connectTool, slackTool, anyTool]);
const gate = createGate({ registry });
const TOOLS = ['http/get@1', 'net/connect@1', 'slack/search@1', 'web/any@1'];

const decide = (network: readonly string[], tool: string, args: Record<string, unknown>) =>
  gate.authorize(
    { calls: [{ tool, version: 1, arguments: args }] },
    { grant: createGrant({ tools: TOOLS, network }) },
  );
const url = (network: readonly string[], value: string) =>
  decide(network, 'http/get', { url: value });

describe('network scope rev 2 through the gate', () => {
  it('refuses http://010.010.010.010/ under a grant for 8.8.8.8 (issue 12 item 6 regression)', () => {
    const decision = url(['8.8.8.8'], 'http://010.010.010.010/');
    expect(decision.settled).toBe('rejected');
    if (decision.settled === 'rejected') {
      expect(decision.refusal.code).toBe('network_out_of_scope');
      // refused before a host could be read: the URL is quoted as written (SPEC §13)
      expect(decision.refusal.reason).toBe(
        'the host http://010.010.010.010/ is outside the granted network scope',
      );
    }
    expect(url(['8.8.8.8'], 'http://8.8.8.8/').settled).toBe('tool');
  });

  it('allows HTTPS://GOOD.COM/ like https (issue 12 item 6 regression)', () => {
    expect(url(['good.com'], 'HTTPS://GOOD.COM/').settled).toBe('tool');
    expect(url(['good.com:443'], 'HTTPS://GOOD.COM/').settled).toBe('tool');
    expect(url(['good.com:80'], 'HTTPS://GOOD.COM/').settled).toBe('rejected');
  });

  it('never lets * imply a private address, and says why', () => {
    const decision = url(['*'], 'http://169.254.169.254/latest/meta-data/');
    expect(decision).toMatchObject({
      settled: 'rejected',
      refusal: {
        code: 'network_out_of_scope',
        reason: 'the host 169.254.169.254:80 is outside the granted network scope',
      },
    });
    if (decision.settled === 'rejected')
      expect(decision.refusal.details?.[0]?.message).toContain('a private address');
    expect(url(['*', '169.254.169.254'], 'http://169.254.169.254/').settled).toBe('tool');
    expect(url(['*'], 'http://[::1]:8080/')).toMatchObject({
      refusal: { reason: 'the host [::1]:8080 is outside the granted network scope' },
    });
  });

  it('allows a private address inside a CIDR pattern, on its port', () => {
    expect(url(['10.0.0.0/8'], 'http://10.2.3.4/').settled).toBe('tool');
    expect(url(['10.0.0.0/8:5432'], 'http://10.2.3.4:5432/').settled).toBe('tool');
    expect(url(['10.0.0.0/8:5432'], 'http://10.2.3.4/').settled).toBe('rejected');
    expect(url(['[fd00::]/8:443'], 'https://[fd00::1]/').settled).toBe('tool');
    expect(decide(['[fd00::]/8'], 'net/connect', { host: '[fd00::1]' }).settled).toBe('tool');
  });

  it('refuses a denied host with the usual code and reason, naming the deny entry in details', () => {
    const decision = url(['*', '!*.Corp.Example.com'], 'https://a.corp.example.com/x');
    expect(decision).toEqual({
      settled: 'rejected',
      refusal: {
        check: 'dispatch.network',
        code: 'network_out_of_scope',
        reason: 'the host a.corp.example.com:443 is outside the granted network scope',
        callIndex: 0,
        ref: 'http/get@1',
        details: [
          {
            pointer: '/url',
            message: 'the deny entry !*.corp.example.com refuses a.corp.example.com:443',
            entry: '!*.corp.example.com',
          },
        ],
      },
    });
  });

  it('lets a deny win over an allow that names the host, whatever the order', () => {
    for (const network of [
      ['10.1.2.3', '!10.0.0.0/8'],
      ['!10.0.0.0/8', '10.1.2.3'],
    ]) {
      expect(url(network, 'http://10.1.2.3/')).toMatchObject({
        refusal: { details: [{ entry: '!10.0.0.0/8' }] },
      });
    }
    expect(url(['*', '!*'], 'https://example.com/')).toMatchObject({
      refusal: { details: [{ entry: '!*' }] },
    });
    expect(url(['!evil.com'], 'https://good.com/').settled).toBe('rejected');
  });

  it('refuses a bare host that may reach a port a deny takes', () => {
    const network = ['*', '!db.example.com:5432'];
    expect(decide(network, 'net/connect', { host: 'db.example.com:5433' }).settled).toBe('tool');
    expect(decide(network, 'net/connect', { host: 'db.example.com:5432' })).toMatchObject({
      refusal: { details: [{ entry: '!db.example.com:5432' }] },
    });
    expect(decide(network, 'net/connect', { host: 'db.example.com' })).toMatchObject({
      refusal: { details: [{ entry: '!db.example.com:5432' }] },
    });
  });

  it('refuses a tool whose own network pattern shares a host with a deny entry, naming it', () => {
    const decision = decide(['*', '!files.slack.com'], 'slack/search', { query: 'x' });
    expect(decision).toMatchObject({
      settled: 'rejected',
      refusal: {
        check: 'dispatch.network',
        code: 'network_out_of_scope',
        reason: 'the host *.slack.com is outside the granted network scope',
        details: [{ pointer: '', entry: '!files.slack.com' }],
      },
    });
    // a deny elsewhere leaves the tool alone; a deny of private ranges leaves * alone
    expect(decide(['*', '!*.corp.example.com'], 'slack/search', { query: 'x' }).settled).toBe(
      'tool',
    );
    expect(decide(['*', '!10.0.0.0/8'], 'web/any', { query: 'x' }).settled).toBe('tool');
    expect(decide(['*', '!224.0.0.0/3'], 'web/any', { query: 'x' }).settled).toBe('tool');
    expect(decide(['*', '!8.8.8.0/24'], 'web/any', { query: 'x' })).toMatchObject({
      refusal: { details: [{ entry: '!8.8.8.0/24' }] },
    });
  });
});

describe('grants with network denies and CIDR patterns', () => {
  const spec = {
    network: ['!*.Corp.example.com', '*', '10.0.0.0/8:5432', '[FD00::]/8', '!10.9.0.0/16'],
  };

  it('are canonical, deeply frozen and round-trip through JSON', () => {
    const grant = createGrant(spec);
    expect(grant.network).toEqual([
      '!*.corp.example.com',
      '*',
      '10.0.0.0/8:5432',
      '[fd00::]/8',
      '!10.9.0.0/16',
    ]);
    expect(Object.isFrozen(grant.network)).toBe(true);
    expect(createGrant(JSON.parse(JSON.stringify(grant)) as GrantSpec)).toEqual(grant);
  });

  it('findGrantEntry finds no entry for a denied host, and keeps indexes of grant.network', () => {
    const grant = createGrant(spec);
    const host = (text: string) => text as CanonicalHost;
    expect(
      findGrantEntry(grant, { kind: 'host', host: host('a.corp.example.com'), port: 443 }),
    ).toBe(undefined);
    expect(findGrantEntry(grant, { kind: 'host', host: host('10.1.2.3'), port: 5432 })).toEqual({
      scope: 'network',
      index: 2,
      entry: '10.0.0.0/8:5432',
    });
    expect(findGrantEntry(grant, { kind: 'host', host: host('10.9.2.3'), port: 5432 })).toBe(
      undefined,
    );
    expect(findGrantEntry(grant, { kind: 'host', host: host('10.1.2.3'), port: 80 })).toBe(
      undefined,
    );
    const pattern = parseHostPattern('*.slack.com');
    if (!pattern.ok) throw new Error(pattern.problem);
    expect(findGrantEntry(grant, { kind: 'hostPattern', pattern: pattern.value })).toEqual({
      scope: 'network',
      index: 1,
      entry: '*',
    });
  });
});
