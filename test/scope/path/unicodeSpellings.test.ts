import { describe, expect, it } from 'vitest';
import { otherSpellings, spellingsOfAll, unicodeSpellings } from '../../../src/scope/path/index.js';

describe('unicodeSpellings', () => {
  it('gives ASCII text as its one spelling', () => {
    expect(unicodeSpellings('/srv/a.txt')).toEqual(['/srv/a.txt']);
    expect(unicodeSpellings('')).toEqual(['']);
  });

  it('gives the text, its NFC and its NFD form, each once, in that order', () => {
    const nfc = 'Verträge'.normalize('NFC');
    const nfd = 'Verträge'.normalize('NFD');
    expect(unicodeSpellings(nfd)).toEqual([nfd, nfc]);
    expect(unicodeSpellings(nfc)).toEqual([nfc, nfd]);
    expect(unicodeSpellings('\u212Aeys')).toEqual(['\u212Aeys', 'Keys']);
    // A name with no decomposition has one spelling even beyond ASCII.
    expect(unicodeSpellings('日本')).toEqual(['日本']);
  });
});

describe('otherSpellings', () => {
  it('gives ASCII text one shared empty list: the gate allocates nothing for it', () => {
    expect(otherSpellings('/srv/a.txt')).toEqual([]);
    expect(otherSpellings('/srv/b.txt')).toBe(otherSpellings('/srv/a.txt'));
  });

  it('gives the NFC and NFD forms that differ from the text', () => {
    expect(otherSpellings('Vertra\u0308ge')).toEqual(['Verträge'.normalize('NFC')]);
    expect(otherSpellings('\u212Aeys')).toEqual(['Keys']);
    expect(otherSpellings('日本')).toEqual([]);
  });
});

describe('spellingsOfAll', () => {
  it('returns the very set when every text is ASCII', () => {
    const roots = new Set(['/srv', '/a']);
    expect(spellingsOfAll(roots)).toBe(roots);
  });

  it('adds every spelling of the texts beyond ASCII, keeping the rest', () => {
    const roots = new Set(['/srv', '/srv/Bücher'.normalize('NFC')]);
    expect([...spellingsOfAll(roots)]).toEqual([
      '/srv',
      '/srv/Bücher'.normalize('NFC'),
      '/srv/Bücher'.normalize('NFD'),
    ]);
  });
});
