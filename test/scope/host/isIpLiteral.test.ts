import { describe, expect, it } from 'vitest';
import { isIpLiteral } from '../../../src/scope/host/isIpLiteral.js';
import type { CanonicalHost } from '../../../src/scope/host/types.js';

const host = (text: string): CanonicalHost => text as CanonicalHost;

describe('isIpLiteral', () => {
  it.each(['127.0.0.1', '[::1]', '[::ffff:7f00:1]'])('is true for %j', (text) => {
    expect(isIpLiteral(host(text))).toBe(true);
  });
  it.each(['example.com', 'com', '1.example.com', 'xn--bcher-kva.de'])(
    'is false for %j',
    (text) => {
      expect(isIpLiteral(host(text))).toBe(false);
    },
  );
});
