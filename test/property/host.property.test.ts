import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileHostMatcher,
  formatHostAndPort,
  isHostPatternInside,
  parseHostPattern,
  parseHostResource,
  parseUrlHost,
  type CanonicalHost,
  type HostPattern,
} from '../../src/scope/host/index.js';
import { enough, runs } from '../helpers/testEnv.js';
import { hostPattern as pattern } from '../helpers/hostPatterns.js';

// Fixed seed: every run explores the same 10 000 cases, so a failure is reproducible.
const RUNS = { numRuns: runs(10_000), seed: 20_240_611 };

const hex = (n: number): string => `0x${n.toString(16)}`;
const octal = (n: number): string => `0${n.toString(8)}`;

// Host text in many spellings: names with case, IDN and full-width tricks, IPv4 forms, IPv6.
const labelArb = fc.string({
  unit: fc.constantFrom(
    'a',
    'B',
    'z',
    '0',
    '9',
    '-',
    '_',
    'ü',
    'ß',
    'Ａ',
    'ｅ',
    'é',
    'σ',
    'ς',
    'İ',
    'xn--',
  ),
  minLength: 1,
  maxLength: 6,
});
const nameArb = fc
  .tuple(
    fc.array(
      fc.oneof({ weight: 9, arbitrary: labelArb }, { weight: 1, arbitrary: fc.constant('') }),
      {
        minLength: 1,
        maxLength: 4,
      },
    ),
    fc.constantFrom('.', '。', '．'),
    fc.boolean(),
  )
  .map(([labels, dot, trailing]) => labels.join(dot) + (trailing ? '.' : ''));
const ipv4PartArb = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.constantFrom(String, hex, octal))
  .map(([n, write]) => write(n));
const ipv4Arb = fc.oneof(
  fc.array(ipv4PartArb, { minLength: 4, maxLength: 4 }).map((parts) => parts.join('.')),
  fc.tuple(ipv4PartArb, ipv4PartArb).map(([a, b]) => `${a}.${b}`),
  fc.integer({ min: 0, max: 0xffff_ffff }).chain((n) => fc.constantFrom(String(n), hex(n))),
);
const ipv6Arb = fc.oneof(
  fc
    .array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 })
    .map((groups) => `[${groups.map((g) => g.toString(16)).join(':')}]`),
  fc.integer({ min: 0, max: 0xffff }).map((g) => `[::${g.toString(16).toUpperCase()}]`),
  fc
    .array(fc.integer({ min: 0, max: 255 }), { minLength: 4, maxLength: 4 })
    .map((b) => `[::ffff:${b.join('.')}]`),
);
const hostTextArb = fc.oneof(nameArb, ipv4Arb, ipv6Arb);
const portTextArb = fc.option(fc.integer({ min: 1, max: 65_535 }).map(String), { nil: undefined });

describe('host scope laws', () => {
  it('canonicalization is idempotent for host resources, URLs and patterns', () => {
    let parsed = 0;
    fc.assert(
      fc.property(hostTextArb, portTextArb, fc.boolean(), (hostText, portText, wildcard) => {
        const text = portText === undefined ? hostText : `${hostText}:${portText}`;
        const first = parseHostResource(text);
        if (first.ok) {
          parsed += 1;
          const { host, port } = first.value;
          expect(parseHostResource(formatHostAndPort(host, port))).toEqual(first);
          expect(parseUrlHost(`https://${formatHostAndPort(host, port ?? 443)}/`)).toEqual({
            ok: true,
            value: { host, port: port ?? 443 },
          });
        }
        const written = parseHostPattern(wildcard ? `*.${text}` : text);
        if (written.ok) expect(parseHostPattern(written.value.text)).toEqual(written);
      }),
      RUNS,
    );
    // the law must not hold only because nothing parsed
    expect(parsed).toBeGreaterThan(enough(3_000, 10_000));
  });

  describe('URL tricks around a granted and an attacker host', () => {
    const granted = compileHostMatcher(['good.com', '*.good.com', '10.0.0.1'].map(pattern));
    const schemeArb = fc.constantFrom(
      'https://',
      'http://',
      'wss://',
      'ws://',
      'HTTPS://',
      'https:/',
      'https:',
      'javascript:',
      'file:///',
      '//',
      'https:\\\\',
    );
    const tokenArb = fc.constantFrom(
      'good.com',
      'GOOD.COM',
      'ｇｏｏｄ。ｃｏｍ',
      'api.good.com',
      'evil.com',
      'evilgood.com',
      'good.com.evil.com',
      'good.evil',
      'evil.com.',
      '@',
      '\\',
      '#',
      '?',
      '/',
      '.',
      ':',
      ':443',
      ':8443',
      ':80',
      '%2e',
      '%40',
      '%00',
      '\t',
      '\n',
      '\r',
      ' ',
      '\u0000',
      '\u007f',
      '[',
      ']',
      '::ffff:',
      '127.0.0.1',
      '0x7f000001',
      '2130706433',
      '0177.0.0.1',
      '127.1',
      '10.0.0.1',
      '[::ffff:a00:1]',
      'user:pass',
      '*',
      '＊',
      '。',
      '．',
    );
    // Token soup, plus URLs whose authority is a few tokens, so that many of them parse.
    const tailArb = fc.constantFrom(
      '',
      '/',
      '#@good.com',
      '?@good.com',
      '/@good.com',
      '/good.com',
      '#good.com',
      '?u=https://good.com',
      ':443/good.com',
    );
    const urlArb = fc.oneof(
      fc
        .tuple(schemeArb, fc.array(tokenArb, { minLength: 1, maxLength: 8 }))
        .map(([scheme, tokens]) => scheme + tokens.join('')),
      fc
        .tuple(
          fc.constantFrom('https://', 'http://', 'wss://', 'ws://'),
          fc.array(tokenArb, { minLength: 1, maxLength: 3 }),
          tailArb,
        )
        .map(([scheme, tokens, tail]) => scheme + tokens.join('') + tail),
    );

    // Independent oracle: the host as a naive reader sees it between "://" and the first "/", "?" or "#".
    const naiveHost = (url: string): string => {
      const authority = (url.split('://')[1] ?? '').split(/[#/?]/)[0] ?? '';
      return authority
        .replace(/:\d*$/, '')
        .normalize('NFKC')
        .toLowerCase()
        .replaceAll('。', '.')
        .replace(/\.$/, '');
    };
    const isGrantedByOracle = (name: string): boolean =>
      name === 'good.com' || name.endsWith('.good.com') || name === '10.0.0.1';

    it('accepts a URL only when the host a naive reader sees is granted', () => {
      let accepted = 0;
      fc.assert(
        fc.property(urlArb, (url) => {
          const result = parseUrlHost(url);
          if (!result.ok || !granted.matches(result.value.host, result.value.port)) return;
          accepted += 1;
          expect(result.value.host).not.toBe('evil.com');
          expect(isGrantedByOracle(result.value.host)).toBe(true);
          expect(isGrantedByOracle(naiveHost(url))).toBe(true);
        }),
        RUNS,
      );
      expect(accepted).toBeGreaterThan(enough(200, 10_000));
    });

    it('reads a plain ASCII authority exactly as a naive reader does', () => {
      let compared = 0;
      fc.assert(
        fc.property(urlArb, (url) => {
          const result = parseUrlHost(url);
          const naive = naiveHost(url);
          // only plain names: IP forms and non-ASCII are normalized on purpose
          if (!result.ok || !/^[a-z-]+(?:\.[a-z-]+)*$/.test(naive)) return;
          compared += 1;
          expect(result.value.host).toBe(naive);
        }),
        RUNS,
      );
      expect(compared).toBeGreaterThan(enough(500, 10_000));
    });

    const attackerArb = fc.constantFrom(
      'evil.com',
      'evilgood.com',
      'good.com.evil.com',
      'good.evil',
      'goodcom',
      'good.co',
      'evil.com.',
      '127.0.0.1',
      '0x7f000001',
      '2130706433',
      '0177.0.0.1',
      '127.1',
      '10.0.0.2',
      '0xa.0.0.2',
      '[::ffff:a00:1]',
      '[::ffff:10.0.0.1]',
      '[::a00:1]',
    );
    const smuggleArb = fc.constantFrom(
      '',
      'good.com@',
      'good.com:443@',
      '@',
      'good.com\\@',
      'good.com%40',
      ':@',
      'user@',
    );

    it('never grants a URL whose real host is the attacker, however good.com is smuggled in', () => {
      fc.assert(
        fc.property(
          schemeArb,
          smuggleArb,
          attackerArb,
          tailArb,
          (scheme, smuggle, attacker, tail) => {
            const result = parseUrlHost(scheme + smuggle + attacker + tail);
            expect(result.ok && granted.matches(result.value.host, result.value.port)).toBe(false);
          },
        ),
        RUNS,
      );
    });

    it('never grants a URL with whitespace, a control character or percent-encoding in its host', () => {
      const injectedArb = fc.constantFrom(
        '\t',
        '\n',
        '\r',
        ' ',
        '\u0000',
        '\u001f',
        '\u007f',
        '%2e',
        '%40',
        '%67',
      );
      fc.assert(
        fc.property(
          fc.constantFrom('good.com', 'api.good.com'),
          fc.nat(12),
          injectedArb,
          (host, at, injected) => {
            const cut = Math.min(at, host.length);
            const result = parseUrlHost(
              `https://${host.slice(0, cut)}${injected}${host.slice(cut)}/`,
            );
            expect(result.ok).toBe(false);
          },
        ),
        RUNS,
      );
    });
  });

  it('never throws on arbitrary input', () => {
    const inputArb = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.string({ unit: 'binary' }).map((s) => `https://${s}`),
      fc.string({ unit: 'binary-ascii' }).map((s) => `http://${s}`),
      fc.anything(),
    );
    const matcher = compileHostMatcher(['*.good.com', 'good.com:443', '[::1]'].map(pattern));
    fc.assert(
      fc.property(inputArb, (input) => {
        const url = parseUrlHost(input);
        if (url.ok) matcher.matches(url.value.host, url.value.port);
        const host = parseHostResource(input);
        if (host.ok) matcher.matches(host.value.host, host.value.port);
        const written = parseHostPattern(input);
        if (written.ok) matcher.containsPattern(written.value);
      }),
      RUNS,
    );
  });

  describe('containment and matching', () => {
    const domainArb = fc
      .tuple(
        fc.array(fc.constantFrom('a', 'b'), { maxLength: 2 }),
        fc.constantFrom('example.com', 'badexample.com'),
      )
      .map(([labels, base]) => [...labels, base].join('.'));
    const patternArb = fc
      .oneof(
        { weight: 1, arbitrary: fc.constant('*') },
        {
          weight: 8,
          arbitrary: fc
            .tuple(fc.boolean(), domainArb, fc.constantFrom(undefined, 443, 8443))
            .map(
              ([wildcard, domain, port]) =>
                (wildcard ? '*.' : '') + domain + (port === undefined ? '' : `:${port}`),
            ),
        },
      )
      .map(pattern);
    const portArb = fc.constantFrom(undefined, 80, 443, 8443);

    // A host:port the pattern allows, built from its own parts.
    const sampleArb = (inner: HostPattern) =>
      fc
        .tuple(fc.array(fc.constantFrom('a', 'b', 'x'), { minLength: 1, maxLength: 2 }), portArb)
        .map(([labels, anyPort]): [CanonicalHost, number | undefined] => {
          const port = inner.kind === 'any' || inner.port === undefined ? anyPort : inner.port;
          if (inner.kind === 'exact') return [inner.host, port];
          const under = inner.kind === 'wildcard' ? inner.suffix : 'other.org';
          return [`${labels.join('.')}.${under}` as CanonicalHost, port];
        });

    // Independent oracle for one pattern, by plain string logic.
    const oracle = (p: HostPattern, host: string, port: number | undefined): boolean => {
      if (p.kind === 'any') return true;
      if (p.port !== undefined && p.port !== port) return false;
      if (p.kind === 'exact') return host === p.host;
      return p.kind === 'wildcard' && host.endsWith(`.${p.suffix}`);
    };

    it('containment is reflexive', () => {
      fc.assert(
        fc.property(patternArb, (p) => {
          expect(isHostPatternInside(p, p)).toBe(true);
        }),
        RUNS,
      );
    });

    it('containment is transitive', () => {
      let chains = 0;
      fc.assert(
        fc.property(patternArb, patternArb, patternArb, (p, q, r) => {
          if (!isHostPatternInside(p, q) || !isHostPatternInside(q, r)) return;
          chains += 1;
          expect(isHostPatternInside(p, r)).toBe(true);
        }),
        RUNS,
      );
      expect(chains).toBeGreaterThan(enough(200, 10_000));
    });

    it('a pattern inside another allows nothing the other refuses', () => {
      let inside = 0;
      fc.assert(
        fc.property(
          patternArb.chain((inner) => fc.tuple(fc.constant(inner), patternArb, sampleArb(inner))),
          ([inner, outer, [host, port]]) => {
            expect(compileHostMatcher([inner]).matches(host, port)).toBe(true);
            if (!isHostPatternInside(inner, outer)) return;
            inside += 1;
            expect(compileHostMatcher([outer]).matches(host, port)).toBe(true);
          },
        ),
        RUNS,
      );
      expect(inside).toBeGreaterThan(enough(1_000, 10_000));
    });

    it('the compiled matcher agrees with a linear oracle and with isHostPatternInside', () => {
      const hostArb = fc
        .tuple(
          fc.array(fc.constantFrom('a', 'b', 'x'), { maxLength: 3 }),
          fc.constantFrom('example.com', 'badexample.com', 'com'),
        )
        .map(([labels, base]) => [...labels, base].join('.') as CanonicalHost);
      fc.assert(
        fc.property(
          fc.array(patternArb, { maxLength: 5 }),
          hostArb,
          portArb,
          patternArb,
          (patterns, host, port, inner) => {
            const matcher = compileHostMatcher(patterns);
            expect(matcher.matches(host, port)).toBe(patterns.some((p) => oracle(p, host, port)));
            expect(matcher.containsPattern(inner)).toBe(
              patterns.some((p) => isHostPatternInside(inner, p)),
            );
          },
        ),
        RUNS,
      );
    });

    it('the order of patterns does not change any decision', () => {
      fc.assert(
        fc.property(
          fc
            .array(patternArb, { maxLength: 6 })
            .chain((patterns) =>
              fc.tuple(
                fc.constant(patterns),
                fc.shuffledSubarray(patterns, { minLength: patterns.length }),
              ),
            ),
          domainArb,
          portArb,
          patternArb,
          ([patterns, shuffled], domain, port, inner) => {
            const host = domain as CanonicalHost;
            const a = compileHostMatcher(patterns);
            const b = compileHostMatcher(shuffled);
            expect(b.matches(host, port)).toBe(a.matches(host, port));
            expect(b.containsPattern(inner)).toBe(a.containsPattern(inner));
          },
        ),
        RUNS,
      );
    });
  });
});
