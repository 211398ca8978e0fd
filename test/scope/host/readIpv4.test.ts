import { describe, expect, it } from 'vitest';
import { readIpv4 } from '../../../src/scope/host/readIpv4.js';

describe('readIpv4', () => {
  it.each([
    ['0.0.0.0', 0],
    ['10.0.0.1', 0x0a000001],
    ['255.255.255.255', 0xffffffff],
    ['192.168.1.10', 0xc0a8010a],
  ])('reads %j as %d', (text, value) => {
    expect(readIpv4(text)).toBe(value);
  });
  it.each([
    '',
    '10.0.0',
    '10.0.0.1.',
    '10.0.0.1.2',
    '010.0.0.1',
    '10.00.0.1',
    '256.0.0.1',
    '0x7f.0.0.1',
    '2130706433',
    '1..2.3',
    '.1.2.3',
    '1.2.3.4a',
    '-1.2.3.4',
    '１.2.3.4',
  ])('refuses %j', (text) => {
    expect(readIpv4(text)).toBe(undefined);
  });
});
