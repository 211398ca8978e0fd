import { describe, expect, it } from 'vitest';
import { createGate } from '../../src/createGate.js';
import { createGrant } from '../../src/grant/createGrant.js';
import { aRegistry, aTool } from '../helpers/builders.js';

/**
 * SPEC §14.2: an IPv6 literal that embeds an IPv4 address connects to that
 * address, so every deny entry and the private ranges read it as IPv4; only
 * an IPv6 pattern allows it. Each refused case passed the gate before.
 */
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
const gate = createGate({ registry: aRegistry([fetchTool, connectTool]) });

const decide = (network: readonly string[], tool: string, args: Record<string, unknown>) =>
  gate.authorize(
    { calls: [{ tool, version: 1, arguments: args }] },
    { grant: createGrant({ tools: ['http/get@1', 'net/connect@1'], network }) },
  );
const url = (network: readonly string[], value: string) =>
  decide(network, 'http/get', { url: value });

describe('IPv4 inside IPv6 (SPEC §14.2)', () => {
  const DENIED = ['*', '!203.0.113.0/24'];

  it.each([
    'http://[::ffff:203.0.113.5]/',
    'http://[::ffff:cb00:7105]/',
    'http://[0:0:0:0:0:FFFF:CB00:7105]/',
    'http://[64:ff9b::203.0.113.5]/',
    'http://[64:ff9b::cb00:7105]:8080/',
    'http://[::203.0.113.5]/',
    'http://[64:ff9b:1::cb00:7105]/',
  ])('the review: %s is refused by !203.0.113.0/24, as 203.0.113.5 is', (value) => {
    expect(url(DENIED, 'http://203.0.113.5/').settled).toBe('rejected');
    const decision = url(DENIED, value);
    expect(decision).toMatchObject({
      settled: 'rejected',
      refusal: { code: 'network_out_of_scope' },
    });
  });

  it('names the IPv4 deny entry that refused an IPv6 spelling', () => {
    expect(url(DENIED, 'http://[::ffff:203.0.113.5]/')).toMatchObject({
      refusal: {
        reason: 'the host [::ffff:cb00:7105]:80 is outside the granted network scope',
        details: [
          {
            pointer: '/url',
            message: 'the deny entry !203.0.113.0/24 refuses [::ffff:cb00:7105]:80',
            entry: '!203.0.113.0/24',
          },
        ],
      },
    });
  });

  it('reads every deny form so: an address, a range, one port, a host resource', () => {
    expect(url(['*', '!203.0.113.5'], 'http://[::ffff:203.0.113.5]/').settled).toBe('rejected');
    expect(url(['*', '!203.0.113.5:443'], 'https://[64:ff9b::203.0.113.5]/').settled).toBe(
      'rejected',
    );
    // the deny entry's port is another port: the call goes on
    expect(url(['*', '!203.0.113.5:22'], 'https://[64:ff9b::203.0.113.5]/').settled).toBe('tool');
    expect(
      decide(['*', '!203.0.113.0/24'], 'net/connect', { host: '[::ffff:203.0.113.9]' }).settled,
    ).toBe('rejected');
    // a bare host may reach the deny entry's port
    expect(
      decide(['*', '!203.0.113.9:22'], 'net/connect', { host: '[::ffff:203.0.113.9]' }).settled,
    ).toBe('rejected');
  });

  it('still refuses a denied IPv6 spelling that an IPv6 allow pattern names', () => {
    expect(
      url(['[::ffff:0:0]/96', '!203.0.113.0/24'], 'http://[::ffff:203.0.113.5]/').settled,
    ).toBe('rejected');
    expect(
      url(['[::ffff:0:0]/96', '!203.0.113.0/24'], 'http://[::ffff:198.51.100.5]/').settled,
    ).toBe('tool');
  });

  it.each([
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
    'http://[64:ff9b::10.0.0.1]/',
    'http://[::10.0.0.1]/',
    'http://[::127.0.0.1]/',
    'http://[64:ff9b:1::808:808]/',
  ])('never lets * reach %s, a private address in IPv6', (value) => {
    expect(url(['*'], value)).toMatchObject({
      settled: 'rejected',
      refusal: { code: 'network_out_of_scope' },
    });
  });

  it('allows an IPv6 spelling only by an IPv6 pattern, never by the IPv4 one', () => {
    expect(url(['10.0.0.0/8'], 'http://10.0.0.1/').settled).toBe('tool');
    expect(url(['10.0.0.0/8'], 'http://[::ffff:10.0.0.1]/').settled).toBe('rejected');
    expect(url(['203.0.113.5'], 'http://[64:ff9b::203.0.113.5]/').settled).toBe('rejected');
    expect(url(['[::ffff:10.0.0.0]/104'], 'http://[::ffff:10.0.0.1]/').settled).toBe('tool');
  });

  it.each([
    'http://[::ffff:8.8.8.8]/',
    'http://[64:ff9b::8.8.8.8]/',
    'http://[2001:4860:4860::8888]/',
    'http://[2606:4700:4700::1111]:8443/',
    'http://[::ffff:203.0.114.5]/',
  ])('lets * reach %s, public and outside the deny entry', (value) => {
    expect(url(DENIED, value).settled).toBe('tool');
  });
});
