import { describe, expect, it } from 'vitest';
import { readIpv6 } from '../../../src/scope/host/readIpv6.js';

describe('readIpv6', () => {
  it.each([
    ['[::]', 0n],
    ['[::1]', 1n],
    ['[fd00::]', 0xfd00n << 112n],
    ['[::ffff:a00:1]', 0xffff0a000001n],
    ['[1:2:3:4:5:6:7:8]', 0x00010002000300040005000600070008n],
    ['[1::8]', (1n << 112n) | 8n],
    ['[FFFF::]', 0xffffn << 112n],
    // A gap may stand for one group (RFC 4291), though a canonical form never writes it so.
    ['[1::3:4:5:6:7:8]', 0x0001_0000_0003_0004_0005_0006_0007_0008n],
  ])('reads %j', (text, value) => {
    expect(readIpv6(text)).toBe(value);
  });
  it.each([
    '::1',
    '[::1',
    '[::1]:80',
    '[1:2]',
    '[1::2::3]',
    '[1:2:3:4:5:6:7:8:9]',
    '[1:2:3:4::5:6:7:8]',
    '[12345::]',
    '[g::]',
    '[::ffff:10.0.0.1]',
    '[1:]',
    // Only text between "[" and "]" is read.
    'x1::2]',
    '[1::2',
  ])('refuses %j', (text) => {
    expect(readIpv6(text)).toBe(undefined);
  });
});
