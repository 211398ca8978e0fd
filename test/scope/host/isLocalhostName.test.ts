import { describe, expect, it } from 'vitest';
import { isLocalhostName } from '../../../src/scope/host/isLocalhostName.js';
import { isPatternPublic } from '../../../src/scope/host/isPatternPublic.js';
import { parseHostPattern } from '../../../src/scope/host/parseHostPattern.js';
import type { CanonicalHost } from '../../../src/scope/host/types.js';

const host = (text: string) => text as CanonicalHost;

describe('isLocalhostName', () => {
  it('is localhost itself and every name under it, and nothing else', () => {
    for (const name of ['localhost', 'app.localhost', 'a.b.localhost'])
      expect(isLocalhostName(host(name)), name).toBe(true);
    for (const name of ['', 'mylocalhost', 'localhost.example.com', 'localhostx', 'example.com'])
      expect(isLocalhostName(host(name)), name).toBe(false);
  });

  it('makes *.app.localhost a private pattern, so * does not hold it (*.localhost is refused as a public suffix)', () => {
    for (const [text, isPublic] of [
      ['*.app.localhost', false],
      ['*.example.com', true],
    ] as const) {
      const pattern = parseHostPattern(text);
      if (!pattern.ok) throw new Error(`${text}: ${pattern.problem}`);
      expect(isPatternPublic(pattern.value), text).toBe(isPublic);
    }
  });
});
