import { describe, expect, it } from 'vitest';
import { isPrivateHost } from '../../../src/scope/host/isPrivateHost.js';
import type { CanonicalHost } from '../../../src/scope/host/types.js';

const host = (text: string) => text as CanonicalHost;

describe('isPrivateHost (SPEC §13)', () => {
  it.each([
    'localhost',
    'a.localhost',
    '0.0.0.0',
    '0.255.255.255',
    '10.0.0.1',
    '100.64.0.0',
    '100.127.255.255',
    '127.0.0.1',
    '169.254.169.254',
    '172.16.0.0',
    '172.31.255.255',
    '192.0.0.8',
    '192.168.0.1',
    '198.18.0.0',
    '198.19.255.255',
    '224.0.0.1',
    '239.255.255.255',
    '240.0.0.0',
    '255.255.255.255',
    '[::]',
    '[::1]',
    '[fc00::]',
    '[fdff:ffff::1]',
    '[fe80::1]',
    '[febf::1]',
    '[ff02::1]',
    '[::ffff:7f00:1]',
    '[::ffff:a9fe:a9fe]',
    '[64:ff9b::a00:1]',
    // SPEC §14.2: IPv4-compatible forms (::/96) of private IPv4, ::2 being 0.0.0.2.
    '[::2]',
    '[::a00:1]',
    '[::7f00:1]',
    '[::a9fe:a9fe]',
    // 64:ff9b:1::/48: the IPv4 address may sit at any of four places, so all of it is private.
    '[64:ff9b:1::a00:1]',
    '[64:ff9b:1::808:808]',
    '[64:ff9b:1:808:8:800::]',
    // Every one of the four readings is 8.8.8.8: private as local-use NAT64, not by what it embeds.
    '[64:ff9b:1:808:808:808:808:808]',
    '[[not-ipv6]',
  ])('is true for %j', (text) => {
    expect(isPrivateHost(host(text))).toBe(true);
  });
  it.each([
    'example.com',
    'localhost.example.com',
    'mylocalhost',
    'a1',
    '1.0.0.0',
    '8.8.8.8',
    '100.63.255.255',
    '100.128.0.0',
    '126.255.255.255',
    '128.0.0.0',
    '169.253.255.255',
    '172.15.255.255',
    '172.32.0.0',
    '192.0.1.0',
    '192.167.255.255',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '[::808:808]',
    '[fbff::1]',
    '[fe7f::1]',
    '[fec0::1]',
    '[2001:db8::1]',
    '[::ffff:808:808]',
    '[64:ff9b::808:808]',
    '[64:ff9b:2::a00:1]',
    '[64:ff9a:ffff:ffff:ffff:ffff:ffff:ffff]',
  ])('is false for %j', (text) => {
    expect(isPrivateHost(host(text))).toBe(false);
  });
});
