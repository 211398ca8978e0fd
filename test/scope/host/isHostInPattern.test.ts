import { describe, expect, it } from 'vitest';
import { isHostInPattern } from '../../../src/scope/host/isHostInPattern.js';
import { canonicalHost as host, hostPattern as pattern } from '../../helpers/hostPatterns.js';

describe('isHostInPattern, ports', () => {
  it.each([
    // [pattern, host, port, deny, expected]
    ['example.com:443', 'example.com', 443, false, true],
    ['example.com:443', 'example.com', 80, false, false],
    ['example.com:443', 'example.com', undefined, false, false],
    // A deny with a port takes the bare host (which may reach that port), not another port.
    ['example.com:443', 'example.com', undefined, true, true],
    ['example.com:443', 'example.com', 443, true, true],
    ['example.com:443', 'example.com', 80, true, false],
    ['10.0.0.0/8:22', '10.1.2.3', 80, true, false],
    ['10.0.0.0/8:22', '10.1.2.3', undefined, true, true],
  ] as const)('%j against %j port %j (deny %j): %j', (text, name, port, deny, expected) => {
    expect(isHostInPattern(pattern(text), host(name), port, deny)).toBe(expected);
  });
});
