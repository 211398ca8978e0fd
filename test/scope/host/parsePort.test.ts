import { describe, expect, it } from 'vitest';
import { parsePort } from '../../../src/scope/host/parsePort.js';

describe('parsePort', () => {
  it.each([
    ['1', 1],
    ['80', 80],
    ['65535', 65535],
  ])('reads %j as %d', (text, port) => {
    expect(parsePort(text)).toEqual({ ok: true, value: port });
  });

  it.each([
    '',
    '0',
    '00',
    '080',
    '65536',
    '99999',
    '100000',
    '+80',
    '-1',
    '8a',
    '0x50',
    '8.0',
    '٨٠',
    ' 80',
  ])('refuses %j', (text) => {
    expect(parsePort(text).ok).toBe(false);
  });
});
