import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalizeHost } from '../../../src/scope/host/canonicalizeHost.js';
import { findForbiddenCharacter } from '../../../src/scope/host/findForbiddenCharacter.js';
import { hasIgnorableCharacter } from '../../../src/scope/host/hasIgnorableCharacter.js';
import { parseHostResource } from '../../../src/scope/host/parseHostResource.js';
import { parseUrlHost } from '../../../src/scope/host/parseUrlHost.js';
import { readSimpleHostname } from '../../../src/scope/host/readSimpleHostname.js';
import { runs } from '../../helpers/testEnv.js';

// Fixed seed: every run explores the same cases, so a failure is reproducible.
const RUNS = { numRuns: runs(20_000), seed: 20_261_130 };

/** What the URL parser makes of host text, one trailing dot dropped, or undefined when it refuses it. */
const parsedHostname = (text: string): string | undefined => {
  try {
    const { hostname } = new URL(`http://${text}/`);
    return hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  } catch {
    return undefined;
  }
};

// Host text near the edge of "simple": digits, hex, hyphens, dots, xn--, a capital, a non-ASCII letter.
const hostText = fc
  .array(
    fc.constantFrom(
      'a',
      'b',
      'f',
      'x',
      'n',
      '0',
      '1',
      '9',
      '-',
      '--',
      '.',
      'xn--',
      '0x',
      'A',
      'ü',
      '_',
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

describe('readSimpleHostname', () => {
  it.each([
    'api.example.com',
    'a',
    'a-b.c-d',
    '1a.2b',
    'a.0xg',
    'a.1e',
    '-a.com',
    'ab--cd.com',
    'axn--b.com',
    'zz.com',
    'a9.com',
    'a.1-2',
    'a.0x-1',
  ])('reads %j as itself, as the URL parser does', (text) => {
    expect(readSimpleHostname(text)).toBe(text);
    expect(parsedHostname(text)).toBe(text);
  });

  it('drops one trailing dot', () => {
    expect(readSimpleHostname('example.com.')).toBe('example.com');
    expect(readSimpleHostname('example.com..')).toBeUndefined();
  });

  it.each([
    'Example.com',
    'bücher.de',
    'xn--bcher-kva.de',
    'a.xn--b',
    '127.1',
    '1.2.3.4',
    'a.0x1f',
    'a.0x',
    'a.09.',
    '1.2.3.4.',
    '0x',
    'a..b',
    '.',
    '.a',
    'a_b.com',
    '[::1]',
    'a:80',
    '',
  ])('leaves %j to the URL parser', (text) => {
    expect(readSimpleHostname(text)).toBeUndefined();
  });

  it('reads only what the URL parser returns as read, and what passes every host check', () => {
    fc.assert(
      fc.property(hostText, (text) => {
        const simple = readSimpleHostname(text);
        if (simple === undefined) return;
        expect(parsedHostname(text)).toBe(simple);
        expect(findForbiddenCharacter(text, '/\\?#@%:[]')).toBeUndefined();
        expect(hasIgnorableCharacter(text)).toBe(false);
        expect(canonicalizeHost(text)).toEqual({ ok: true, value: simple });
        expect(parseHostResource(text)).toEqual({
          ok: true,
          value: { host: simple, port: undefined },
        });
      }),
      RUNS,
    );
  });

  it('gives parseUrlHost the same host and port the URL parser gives', () => {
    const suffix = fc.constantFrom('', '/', '/a/b?c=d#e', '?q', '#f', '/%zz', '/ü');
    const scheme = fc.constantFrom(
      ['http://', 80],
      ['https://', 443],
      ['ws://', 80],
      ['wss://', 443],
    );
    fc.assert(
      fc.property(scheme, hostText, suffix, ([prefix, port], text, rest) => {
        if (readSimpleHostname(text) === undefined) return;
        const url = new URL(`${prefix}${text}${rest}`);
        const expected = url.hostname.endsWith('.') ? url.hostname.slice(0, -1) : url.hostname;
        expect(url.port).toBe('');
        expect(parseUrlHost(`${prefix}${text}${rest}`)).toEqual({
          ok: true,
          value: { host: expected, port },
        });
      }),
      RUNS,
    );
  });
});
