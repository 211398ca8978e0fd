import { describe, expect, it } from 'vitest';
import { isPublicSuffix } from '../../../src/scope/host/isPublicSuffix.js';
import type { CanonicalHost } from '../../../src/scope/host/types.js';

const host = (text: string): CanonicalHost => text as CanonicalHost;

describe('isPublicSuffix', () => {
  it.each(['com', 'co.uk', 'github.io', 'internal', 'xn--55qx5d.cn', 'foo.ck', 's3.amazonaws.com'])(
    'is true for %j',
    (text) => {
      expect(isPublicSuffix(host(text))).toBe(true);
    },
  );
  it.each(['example.com', 'example.co.uk', 'user.github.io', 'corp.internal', 'www.ck'])(
    'is false for %j',
    (text) => {
      expect(isPublicSuffix(host(text))).toBe(false);
    },
  );
  it('reads the canonical host as written, even where tldts would not validate it', () => {
    // the URL parser accepts both; tldts, asked to extract and validate, would answer null (=> true)
    expect(isPublicSuffix(host('a-.example.com'))).toBe(false);
    expect(isPublicSuffix(host(`${'a'.repeat(64)}.example.com`))).toBe(false);
  });

  it('fails closed when the list cannot say', () => {
    expect(isPublicSuffix(host('127.0.0.1'))).toBe(true);
  });
});
