import { describe, expect, it, vi } from 'vitest';

/**
 * A fresh copy of foldKey: its folding table is module state, decoded on first use and kept, so
 * each test decodes it itself, inside the test, whatever ran before it in the same process.
 */
async function freshFoldKey(): Promise<(key: string) => string> {
  vi.resetModules();
  return (await import('../../src/gate/foldKey.js')).foldKey;
}

describe('foldKey', () => {
  it('folds each character to the smallest member of its simple case folding class', async () => {
    const foldKey = await freshFoldKey();
    expect(foldKey('path')).toBe('PATH');
    expect(foldKey('PATH')).toBe('PATH');
    expect(foldKey('\u212A')).toBe('K'); // KELVIN SIGN
    expect(foldKey('\u017F')).toBe('S'); // LONG S
    expect(foldKey('straße')).toBe('STRAßE'); // ß has no simple folding to "ss"
    expect(foldKey('')).toBe('');
    expect(foldKey('a-1_{é}')).toBe('A-1_{É}');
  });

  it('changes a character only to one the engine matches to it case-insensitively', async () => {
    const foldKey = await freshFoldKey();
    // Every code point up to the end of the supplementary plane (past the last folding class).
    const wrong: string[] = [];
    for (let code = 0x80; code <= 0x1ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      const folded = foldKey(char);
      if (folded === char) continue;
      const same = new RegExp(`^\\u{${(folded.codePointAt(0) ?? 0).toString(16)}}$`, 'iu');
      if (folded.length > 2 || !same.test(char)) wrong.push(code.toString(16));
    }
    expect(wrong).toEqual([]);
  });
});
