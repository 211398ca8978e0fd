import { describe, expect, it } from 'vitest';
import { isStrictlyUnder } from '../../../src/scope/host/isStrictlyUnder.js';
import type { CanonicalHost } from '../../../src/scope/host/types.js';

const host = (text: string): CanonicalHost => text as CanonicalHost;

describe('isStrictlyUnder', () => {
  it.each([
    ['a.example.com', 'example.com', true],
    ['a.b.example.com', 'example.com', true],
    ['example.com', 'example.com', false],
    ['badexample.com', 'example.com', false],
    ['example.com.evil', 'example.com', false],
    ['com', 'example.com', false],
    // not canonical (an empty first label), but still not a subdomain
    ['.example.com', 'example.com', false],
  ])('%j under %j is %j', (inner, domain, expected) => {
    expect(isStrictlyUnder(host(inner), host(domain))).toBe(expected);
  });
});
