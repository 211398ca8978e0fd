import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGrant } from '../../src/grant/createGrant.js';
import { compiledGrantOf } from '../../src/grant/compiledGrant.js';
import { parseHostPattern } from '../../src/scope/host/parseHostPattern.js';
import { parseHostResource } from '../../src/scope/host/parseHostResource.js';
import { parseUrlHost } from '../../src/scope/host/parseUrlHost.js';
import { enough, runs } from '../helpers/testEnv.js';

/**
 * Network scope rev 2 laws (SPEC §6.2, §13; issue 12 item 6, issue 13), each
 * against an oracle written here from the SPEC text with plain integer
 * arithmetic, independently of src/scope/host.
 */

// Fixed seed: every run explores the same cases, so a failure is reproducible.
const RUNS = { numRuns: runs(10_000), seed: 20_261_201 };

// ---- the oracle -------------------------------------------------------------

/** SPEC §13's private IPv4 ranges, as [a, b, c, d, prefix]. */
const PRIVATE_V4 = [
  [0, 0, 0, 0, 8],
  [10, 0, 0, 0, 8],
  [100, 64, 0, 0, 10],
  [127, 0, 0, 0, 8],
  [169, 254, 0, 0, 16],
  [172, 16, 0, 0, 12],
  [192, 0, 0, 0, 24],
  [192, 168, 0, 0, 16],
  [198, 18, 0, 0, 15],
  [224, 0, 0, 0, 4],
  [240, 0, 0, 0, 4],
] as const;

const v4Value = (parts: readonly number[]): number =>
  parts.reduce((sum, part) => sum * 256 + part, 0);

/** Is value (0 … 2^32-1) inside first/prefix? By division, not bit operations. */
const inV4 = (value: number, first: number, prefix: number): boolean =>
  Math.floor(value / 2 ** (32 - prefix)) === Math.floor(first / 2 ** (32 - prefix));

const isPrivateV4 = (value: number): boolean =>
  PRIVATE_V4.some(([a, b, c, d, prefix]) => inV4(value, v4Value([a, b, c, d]), prefix));

/** The IPv4 address the last two groups hold, under ::ffff:0:0/96, 64:ff9b::/96 or ::/96 (SPEC §14.2). */
function embeddedV4(groups: readonly number[]): number | undefined {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const compatible = [g0, g1, g2, g3, g4, g5].every((g) => g === 0);
  const mapped = [g0, g1, g2, g3, g4].every((g) => g === 0) && g5 === 0xffff;
  const nat64 = g0 === 0x64 && g1 === 0xff9b && [g2, g3, g4, g5].every((g) => g === 0);
  return compatible || mapped || nat64 ? g6 * 65_536 + g7 : undefined;
}

/** Is the IPv6 address (8 groups) private by SPEC §13 and §14.2? */
function isPrivateV6(groups: readonly number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0] = groups;
  // :: and ::1 are 0.0.0.0 and 0.0.0.1 to the compatible reading, inside 0.0.0.0/8.
  if (g0 >= 0xfc00 && g0 <= 0xfdff) return true;
  if (g0 >= 0xfe80 && g0 <= 0xfebf) return true;
  if (g0 >= 0xff00) return true;
  // 64:ff9b:1::/48 holds its IPv4 address where the network chooses: private throughout.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return true;
  const embedded = embeddedV4(groups);
  return embedded !== undefined && isPrivateV4(embedded);
}

/** Reads a canonical host back into the oracle's terms. */
function oracleHost(
  host: string,
): { kind: 'v4'; value: number } | { kind: 'v6'; groups: number[] } | { kind: 'name' } {
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host))
    return { kind: 'v4', value: v4Value(host.split('.').map(Number)) };
  if (!host.startsWith('[')) return { kind: 'name' };
  const [head = '', tail] = host.slice(1, -1).split('::');
  const read = (text: string) => (text === '' ? [] : text.split(':').map((g) => parseInt(g, 16)));
  const left = read(head);
  const right = tail === undefined ? [] : read(tail);
  return {
    kind: 'v6',
    groups: [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right],
  };
}

function isPrivateOracle(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const read = oracleHost(host);
  if (read.kind === 'v4') return isPrivateV4(read.value);
  if (read.kind === 'v6') return isPrivateV6(read.groups);
  return false;
}

// ---- generators ---------------------------------------------------------------

const octet = fc.integer({ min: 0, max: 255 });
const octets = fc.tuple(octet, octet, octet, octet);
/** Addresses biased towards the private ranges and their edges. */
const v4Arb = fc.oneof(
  octets,
  fc.constantFrom(...PRIVATE_V4).chain(([a, b, c, d, prefix]) =>
    fc.integer({ min: -2, max: 2 ** (32 - prefix) + 1 }).map((offset) => {
      const value = Math.min(Math.max(v4Value([a, b, c, d]) + offset, 0), 2 ** 32 - 1);
      return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256) as [
        number,
        number,
        number,
        number,
      ];
    }),
  ),
);
const group = fc.integer({ min: 0, max: 0xffff });
const v6Arb = fc.oneof(
  fc.array(group, { minLength: 8, maxLength: 8 }),
  fc
    .tuple(
      fc.constantFrom(0, 0x64, 0xfc00, 0xfd00, 0xfe80, 0xfebf, 0xfec0, 0xff00, 0x2001, 0xfbff),
      group,
      v4Arb,
      fc.constantFrom('mapped', 'nat64', 'compatible', 'local', 'top', 'zero'),
    )
    .map(([g0, g1, [a, b, c, d], form]) => {
      if (form === 'mapped') return [0, 0, 0, 0, 0, 0xffff, a * 256 + b, c * 256 + d];
      if (form === 'nat64') return [0x64, 0xff9b, 0, 0, 0, 0, a * 256 + b, c * 256 + d];
      if (form === 'compatible') return [0, 0, 0, 0, 0, 0, a * 256 + b, c * 256 + d];
      if (form === 'local') return [0x64, 0xff9b, 1, g1, 0, 0, a * 256 + b, c * 256 + d];
      if (form === 'zero') return [0, 0, 0, 0, 0, 0, 0, g1 % 3];
      return [g0, g1, 0, 0, 0, 0, 0, 1];
    }),
);
const v6Text = (groups: readonly number[]) => `[${groups.map((g) => g.toString(16)).join(':')}]`;
const nameArb = fc.constantFrom(
  'example.com',
  'a.example.com',
  'localhost',
  'app.localhost',
  'a.b.localhost',
  'localhost.example.com',
  'mylocalhost',
  'corp.example.com',
  'db.corp.example.com',
);
const hostArb = fc.oneof(
  v4Arb.map((parts) => parts.join('.')),
  v6Arb.map(v6Text),
  nameArb,
);
const portArb = fc.option(fc.constantFrom(22, 80, 443, 5432, 8443), { nil: undefined });

/** Non-canonical spellings of an IPv4 address that the WHATWG parser still reads as IPv4. */
const hex = (n: number) => `0x${n.toString(16)}`;
const octal = (n: number) => `0${n.toString(8)}`;
const spellingArb = v4Arb.chain(([a, b, c, d]) =>
  fc.oneof(
    fc.constant(String(v4Value([a, b, c, d]))),
    fc.constant(hex(v4Value([a, b, c, d]))),
    fc.constant(`${a}.${b}.${c * 256 + d}`),
    fc.constant(`${a}.${b * 65_536 + c * 256 + d}`),
    fc.constant(`${a}.${b}.${c}.${d}.`),
    fc
      .tuple(
        fc.array(
          fc.constantFrom<(n: number) => string>(String, hex, octal, (n) => `00${n}`),
          {
            minLength: 4,
            maxLength: 4,
          },
        ),
      )
      .map(([writers]) => [a, b, c, d].map((n, i) => (writers[i] ?? String)(n)).join('.'))
      // octal of 0-7 and "00n" of 0 may coincide with canonical text only when all four are plain
      .filter((text) => text !== `${a}.${b}.${c}.${d}`),
  ),
);

describe('IPv4 is written one way (SPEC §6.2 rev 2)', () => {
  it('refuses every non-canonical IPv4 spelling in URLs, host resources and patterns, whatever the grant', () => {
    let readAsIpv4 = 0;
    fc.assert(
      fc.property(spellingArb, fc.constantFrom('http://', 'HTTPS://', 'ws://'), (text, scheme) => {
        // only spellings the WHATWG parser itself reads as IPv4 are the issue's attack
        let hostname: string;
        try {
          hostname = new URL(`http://${text}/`).hostname;
        } catch {
          hostname = '';
        }
        if (/^\d+\.\d+\.\d+\.\d+$/.test(hostname)) readAsIpv4 += 1;
        expect(parseUrlHost(`${scheme}${text}/`).ok).toBe(false);
        expect(parseUrlHost(`${scheme}${text}:8080/x`).ok).toBe(false);
        expect(parseHostResource(text).ok).toBe(false);
        expect(parseHostResource(`${text}:443`).ok).toBe(false);
        expect(parseHostPattern(text).ok).toBe(false);
        expect(parseHostPattern(`${text}/32`).ok).toBe(false);
      }),
      RUNS,
    );
    expect(readAsIpv4).toBeGreaterThan(enough(5_000, 10_000));
  });

  it('createGrant refuses such a pattern, naming the entry', () => {
    fc.assert(
      fc.property(spellingArb, (text) => {
        expect(() => createGrant({ network: ['ok.example', text] })).toThrow(/network\[1\]/);
      }),
      { ...RUNS, numRuns: runs(1_000) },
    );
  });

  it('accepts every canonical dotted-decimal address as itself', () => {
    fc.assert(
      fc.property(v4Arb, ([a, b, c, d]) => {
        const text = `${a}.${b}.${c}.${d}`;
        expect(parseHostResource(text)).toEqual({
          ok: true,
          value: { host: text, port: undefined },
        });
        expect(parseUrlHost(`http://${text}/`)).toEqual({
          ok: true,
          value: { host: text, port: 80 },
        });
      }),
      RUNS,
    );
  });
});

describe('private addresses are never implied by * (SPEC §6.2 rev 2, §13)', () => {
  const star = compiledGrantOf(createGrant({ network: ['*'] }));
  if (star === undefined) throw new Error('no compiled grant');

  it('a host * allows is never private by the oracle, and every public host passes', () => {
    let privates = 0;
    fc.assert(
      fc.property(hostArb, portArb, (text, port) => {
        const parsed = parseHostResource(port === undefined ? text : `${text}:${port}`);
        if (!parsed.ok) throw new Error(`${text}: ${parsed.problem}`);
        const { host } = parsed.value;
        const isPrivate = isPrivateOracle(host);
        if (isPrivate) privates += 1;
        expect(star.hosts.matches(host, parsed.value.port)).toBe(!isPrivate);
      }),
      RUNS,
    );
    expect(privates).toBeGreaterThan(enough(2_000, 10_000));
    expect(privates).toBeLessThan(9_000);
  });

  it('a private host passes once a pattern names it: the literal, or a CIDR holding it', () => {
    fc.assert(
      fc.property(hostArb, (text) => {
        const parsed = parseHostResource(text);
        if (!parsed.ok || !isPrivateOracle(parsed.value.host)) return;
        const host = parsed.value.host;
        const named = compiledGrantOf(createGrant({ network: ['*', host] }));
        expect(named?.hosts.matches(host, 443)).toBe(true);
        const read = oracleHost(host);
        if (read.kind === 'name') return;
        const cidr = read.kind === 'v4' ? `${host}/32` : `${host}/128`;
        expect(compiledGrantOf(createGrant({ network: [cidr] }))?.hosts.matches(host, 443)).toBe(
          true,
        );
      }),
      { ...RUNS, numRuns: runs(2_000) },
    );
  });
});

describe('CIDR membership matches the oracle', () => {
  const cidrArb = fc.oneof(
    fc.tuple(v4Arb, fc.integer({ min: 0, max: 32 })).map(([parts, prefix]) => {
      const value = v4Value(parts);
      const first = Math.floor(value / 2 ** (32 - prefix)) * 2 ** (32 - prefix);
      const text = [24, 16, 8, 0].map((s) => Math.floor(first / 2 ** s) % 256).join('.');
      return { kind: 'v4' as const, first, prefix, text: `${text}/${prefix}` };
    }),
    fc.tuple(v6Arb, fc.integer({ min: 0, max: 128 })).map(([groups, prefix]) => {
      // zero the host bits group by group
      const masked = groups.map((g, i) => {
        const keep = Math.min(Math.max(prefix - i * 16, 0), 16);
        return keep === 0 ? 0 : Math.floor(g / 2 ** (16 - keep)) * 2 ** (16 - keep);
      });
      return { kind: 'v6' as const, groups: masked, prefix, text: `${v6Text(masked)}/${prefix}` };
    }),
  );
  const inV6 = (groups: readonly number[], first: readonly number[], prefix: number): boolean =>
    groups.every((g, i) => {
      const keep = Math.min(Math.max(prefix - i * 16, 0), 16);
      return Math.floor(g / 2 ** (16 - keep)) === Math.floor((first[i] ?? 0) / 2 ** (16 - keep));
    });

  it('a host matches a CIDR pattern exactly when the oracle puts it inside', () => {
    let inside = 0;
    fc.assert(
      fc.property(cidrArb, hostArb, (cidr, text) => {
        const grant = compiledGrantOf(createGrant({ network: [cidr.text] }));
        const parsed = parseHostResource(text);
        if (grant === undefined || !parsed.ok) throw new Error('setup');
        const read = oracleHost(parsed.value.host);
        const expected =
          cidr.kind === 'v4'
            ? read.kind === 'v4' && inV4(read.value, cidr.first, cidr.prefix)
            : read.kind === 'v6' && inV6(read.groups, cidr.groups, cidr.prefix);
        if (expected) inside += 1;
        expect(grant.hosts.matches(parsed.value.host, 443)).toBe(expected);
        expect(grant.hosts.matches(parsed.value.host, undefined)).toBe(expected);
      }),
      RUNS,
    );
    expect(inside).toBeGreaterThan(enough(200, 10_000));
  });

  it('refuses a CIDR whose host bits are set', () => {
    fc.assert(
      fc.property(v4Arb, fc.integer({ min: 0, max: 31 }), (parts, prefix) => {
        const value = v4Value(parts);
        const aligned = value % 2 ** (32 - prefix) === 0;
        const text = `${parts.join('.')}/${prefix}`;
        expect(parseHostPattern(text).ok).toBe(aligned);
      }),
      RUNS,
    );
  });
});

describe('network deny entries (SPEC §5 rev 2)', () => {
  const allowArb = fc.constantFrom(
    '*',
    'example.com',
    '*.example.com',
    'corp.example.com:443',
    '*.corp.example.com',
    '10.0.0.0/8',
    '10.1.0.0/16:5432',
    '[fd00::]/8',
    'localhost',
    '127.0.0.1:8080',
    '0.0.0.0/0',
    '[::]/0:443',
  );
  const denyArb = fc.constantFrom(
    '!*',
    '!example.com',
    '!*.example.com:443',
    '!*.corp.example.com',
    '!db.corp.example.com:5432',
    '!10.0.0.0/8',
    '!10.1.2.0/24:5432',
    '![fd00::]/16',
    '!localhost',
    '!0.0.0.0/0:22',
    '!169.254.169.254',
  );
  const targetArb = fc.tuple(
    fc.oneof(
      nameArb,
      fc.constantFrom(
        '10.1.2.3',
        '10.9.9.9',
        '127.0.0.1',
        '169.254.169.254',
        '8.8.8.8',
        '[fd00::1]',
        '[fd01::1]',
        '[2001:db8::1]',
      ),
    ),
    portArb,
  );
  const grants = new Map<string, ReturnType<typeof compiledGrantOf>>();
  const decide = (network: readonly string[], host: string, port: number | undefined) => {
    const key = JSON.stringify(network);
    if (!grants.has(key)) grants.set(key, compiledGrantOf(createGrant({ network })));
    const grant = grants.get(key);
    const parsed = parseHostResource(host);
    if (grant === undefined || !parsed.ok) throw new Error('setup');
    return grant.hosts.matches(parsed.value.host, port);
  };

  it('deny wins whatever the order: allowed exactly when the oracle puts the host in an allow and in no deny', () => {
    let allowed = 0;
    let takenByDeny = 0;
    let outsideEveryAllow = 0;
    fc.assert(
      fc.property(
        fc.array(allowArb, { maxLength: 4 }),
        fc.boolean(),
        fc.array(denyArb, { minLength: 1, maxLength: 3 }),
        fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
        targetArb,
        (others, named, denies, order, [host, port]) => {
          // half the time an allow names the target itself, so allow and deny often meet on it
          const allows = named ? [...others, host] : others;
          const entries = [...allows, ...denies];
          const shuffled = entries
            .map((entry, i) => ({ entry, key: order[i] ?? i }))
            .sort((x, y) => x.key - y.key)
            .map(({ entry }) => entry);
          // The oracle, not the gate's matcher, says what each entry names (oracleNames below).
          const inAllow = allows.some((allow) => oracleNames(allow, host, port));
          const inDeny = denies.some((deny) => oracleNames(deny, host, port));
          if (!inAllow) outsideEveryAllow += 1;
          else if (inDeny) takenByDeny += 1;
          else allowed += 1;
          const label = `${host}:${String(port)} in ${JSON.stringify(shuffled)}`;
          expect(decide(shuffled, host, port), label).toBe(inAllow && !inDeny);
          expect(decide(entries, host, port), label).toBe(inAllow && !inDeny);
        },
      ),
      RUNS,
    );
    // each branch runs often (about 4,450, 1,600 and 3,950 of 10,000): an allow and a deny
    // both naming the host is the case that matters
    expect(allowed).toBeGreaterThan(enough(1_500, 10_000));
    expect(takenByDeny).toBeGreaterThan(enough(800, 10_000));
    expect(outsideEveryAllow).toBeGreaterThan(enough(1_500, 10_000));
  });

  it('adding a deny never widens: what a grant refuses it still refuses with one more deny', () => {
    let flipped = 0;
    fc.assert(
      fc.property(
        fc.array(fc.oneof(allowArb, denyArb), { maxLength: 5 }),
        denyArb,
        targetArb,
        (entries, deny, [host, port]) => {
          const before = decide(entries, host, port);
          const after = decide([...entries, deny], host, port);
          if (!before) expect(after).toBe(false);
          if (before && !after) flipped += 1;
        },
      ),
      RUNS,
    );
    expect(flipped).toBeGreaterThan(enough(100, 10_000));
  });

  /**
   * What an entry of the vocabulary above names, by the SPEC's words, with
   * the arithmetic oracle: `*` every public host, `*.d` names strictly under
   * d, a CIDR the addresses inside it (private ones included: a range names
   * them), an exact host itself; `:port` that port only, though a deny's port
   * also takes a bare host (no port: it may reach that port). `!*` names every host.
   */
  const oracleNames = (entry: string, host: string, port: number | undefined): boolean => {
    const deny = entry.startsWith('!');
    const text = deny ? entry.slice(1) : entry;
    const portMatch = /^(.*):(\d+)$/.exec(text);
    const pattern = portMatch?.[1] ?? text;
    if (portMatch !== null && Number(portMatch[2]) !== port && !(deny && port === undefined))
      return false;
    if (pattern === '*') return deny || !isPrivateOracle(host);
    if (pattern.startsWith('*.')) {
      const domain = pattern.slice(2);
      return host.length > domain.length + 1 && host.endsWith(`.${domain}`);
    }
    const cidr = /^(.*)\/(\d+)$/.exec(pattern);
    if (cidr === null) return host === pattern;
    const [, first = '', prefix = ''] = cidr;
    const read = oracleHost(host);
    const range = oracleHost(first);
    if (read.kind === 'v4' && range.kind === 'v4')
      return inV4(read.value, range.value, Number(prefix));
    if (read.kind !== 'v6' || range.kind !== 'v6') return false;
    return read.groups.every((g, i) => {
      const keep = Math.min(Math.max(Number(prefix) - i * 16, 0), 16);
      return (
        Math.floor(g / 2 ** (16 - keep)) === Math.floor((range.groups[i] ?? 0) / 2 ** (16 - keep))
      );
    });
  };
  /**
   * Every host:port the vocabulary distinguishes: each name and address the
   * entries write, one under and one beside each, and a public name and address
   * no entry writes; every port an entry writes and one none does.
   */
  const UNIVERSE = [
    ...[
      'example.com',
      'a.example.com',
      'b.example.com',
      'corp.example.com',
      'db.corp.example.com',
      'x.corp.example.com',
      'localhost',
      'app.localhost',
      'other.org',
      '10.1.2.3',
      '10.1.9.9',
      '10.9.9.9',
      '127.0.0.1',
      '169.254.169.254',
      '8.8.8.8',
      '[fd00::1]',
      '[fd01::1]',
      '[2001:db8::1]',
    ].flatMap((host) => [22, 443, 5432, 8080, 9999].map((port) => ({ host, port }))),
  ];
  const reachArb = fc.constantFrom(
    '*',
    'example.com',
    'a.example.com:443',
    '*.example.com',
    '*.corp.example.com:443',
    '10.1.2.3',
    '10.1.0.0/16',
    '[fd00::1]:443',
    'localhost',
  );

  it("a tool's own pattern is inside the scope when one allow holds it and only when no deny shares a host with it", () => {
    let inside = 0;
    let outsideEveryAllow = 0;
    let takenByDeny = 0;
    fc.assert(
      fc.property(
        fc.array(allowArb, { maxLength: 3 }),
        fc.boolean(),
        fc.array(denyArb, { maxLength: 2 }),
        reachArb,
        (others, named, denies, reach) => {
          // half the time the scope names the tool's pattern itself, so the deny side is reached often
          const allows = named ? [...others, reach] : others.length > 0 ? others : ['*'];
          const network = [...allows, ...denies];
          const key = JSON.stringify(network);
          if (!grants.has(key)) grants.set(key, compiledGrantOf(createGrant({ network })));
          const grant = grants.get(key);
          const pattern = parseHostPattern(reach);
          if (grant === undefined || !pattern.ok) throw new Error('setup');
          const reached = UNIVERSE.filter(({ host, port }) => oracleNames(reach, host, port));
          // inside one allow (SPEC: the union of several is not looked for), no deny sharing a host
          const inAllow = allows.some((allow) =>
            reached.every(({ host, port }) => oracleNames(allow, host, port)),
          );
          const shared = denies.some((deny) =>
            reached.some(({ host, port }) => oracleNames(deny, host, port)),
          );
          if (!inAllow) outsideEveryAllow += 1;
          else if (shared) takenByDeny += 1;
          else inside += 1;
          expect(grant.hosts.containsPattern(pattern.value), `${reach} in ${key}`).toBe(
            inAllow && !shared,
          );
          // soundness: what a pattern inside reaches, the scope allows, host by host
          if (inAllow && !shared) {
            for (const { host, port } of reached) {
              const target = parseHostResource(host);
              if (!target.ok) throw new Error(host);
              expect(grant.hosts.matches(target.value.host, port), `${host}:${port}`).toBe(true);
            }
          }
        },
      ),
      RUNS,
    );
    // each branch runs thousands of times (about 5,000, 1,750 and 3,200 of 10,000)
    expect(inside).toBeGreaterThan(enough(2_500, 10_000));
    expect(takenByDeny).toBeGreaterThan(enough(800, 10_000));
    expect(outsideEveryAllow).toBeGreaterThan(enough(1_500, 10_000));
  });
});

describe('IPv4 inside IPv6 (SPEC §14.2)', () => {
  const grants = new Map<string, ReturnType<typeof compiledGrantOf>>();
  /** An IPv4 deny entry: an address or a range, with or without a port. */
  const denyEntryArb = fc
    .tuple(v4Arb, fc.integer({ min: 8, max: 32 }), fc.option(fc.constantFrom(80, 443, 8443)))
    .map(([parts, prefix, port]) => {
      const first = Math.floor(v4Value(parts) / 2 ** (32 - prefix)) * 2 ** (32 - prefix);
      const text = [24, 16, 8, 0].map((shift) => Math.floor(first / 2 ** shift) % 256).join('.');
      return {
        first,
        prefix,
        port: port ?? undefined,
        text: `!${prefix === 32 ? text : `${text}/${prefix}`}${port === null ? '' : `:${port}`}`,
      };
    });
  const hex4 = (n: number) => n.toString(16);
  const randomCase = (text: string, upper: boolean) => (upper ? text.toUpperCase() : text);
  /** Every way a URL can write an IPv6 address that connects to the IPv4 address `value`. */
  const spell = (value: number, form: number, upper: boolean): string => {
    const [a, b, c, d] = [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256);
    const dotted = `${a}.${b}.${c}.${d}`;
    const high = hex4(Math.floor(value / 65_536));
    const low = hex4(value % 65_536);
    const forms = [
      `::ffff:${dotted}`,
      `::ffff:${high}:${low}`,
      `0:0:0:0:0:ffff:${high}:${low}`,
      `64:ff9b::${dotted}`,
      `64:ff9b:0:0:0:0:${high}:${low}`,
      `::${dotted}`,
      `::${high}:${low}`,
      `64:ff9b:1::${high}:${low}`,
    ];
    return `[${randomCase(forms[form % forms.length] ?? '', upper)}]`;
  };
  const portOf = (scheme: string, port: number | undefined) =>
    port ?? (scheme === 'https' ? 443 : 80);

  it('a deny entry refuses every IPv6 spelling of an address it takes, on its port', () => {
    let denied = 0;
    fc.assert(
      fc.property(
        denyEntryArb,
        fc.nat(),
        fc.nat(7),
        fc.boolean(),
        fc.constantFrom('http', 'https'),
        fc.option(fc.constantFrom(80, 443, 8443, 9000), { nil: undefined }),
        (deny, offset, form, upper, scheme, port) => {
          // mostly inside the entry, sometimes just past it
          const size = 2 ** (32 - deny.prefix);
          const value = Math.min(deny.first + (offset % (size + 2)), 2 ** 32 - 1);
          const network = ['*', '[::]/0', deny.text];
          const url = `${scheme}://${spell(value, form, upper)}${port === undefined ? '' : `:${port}`}/x`;
          const parsed = parseUrlHost(url);
          if (!parsed.ok) throw new Error(`${url}: ${parsed.problem}`);
          const key = JSON.stringify(network);
          if (!grants.has(key)) grants.set(key, compiledGrantOf(createGrant({ network })));
          const grant = grants.get(key);
          if (grant === undefined) throw new Error('setup');
          const reached = portOf(scheme, port);
          // 64:ff9b:1::H:L is read at each RFC 6052 position: /96 gives the address, /48 and
          // /56 give 0.0.0.0, /64 gives the address's first octet as 0.0.0.a.
          const readings = form === 7 ? [value, 0, Math.floor(value / 2 ** 24)] : [value];
          const takes =
            readings.some((reading) => inV4(reading, deny.first, deny.prefix)) &&
            (deny.port === undefined || deny.port === reached);
          if (takes) denied += 1;
          // [::]/0 names every IPv6 address, so only the deny entry can refuse it.
          expect(grant.hosts.matches(parsed.value.host, parsed.value.port)).toBe(!takes);
        },
      ),
      RUNS,
    );
    expect(denied).toBeGreaterThan(enough(3_000, 10_000));
  });

  it('* allows an IPv6 spelling exactly when the IPv4 address is public and the form is not 64:ff9b:1::/48', () => {
    const star = compiledGrantOf(createGrant({ network: ['*'] }));
    const v4Only = compiledGrantOf(createGrant({ network: ['0.0.0.0/0'] }));
    if (star === undefined || v4Only === undefined) throw new Error('setup');
    let allowed = 0;
    fc.assert(
      fc.property(v4Arb, fc.nat(7), fc.boolean(), (parts, form, upper) => {
        const value = v4Value(parts);
        const url = `http://${spell(value, form, upper)}/`;
        const parsed = parseUrlHost(url);
        if (!parsed.ok) throw new Error(`${url}: ${parsed.problem}`);
        const { host, port } = parsed.value;
        const expected = form % 8 !== 7 && !isPrivateV4(value);
        if (expected) allowed += 1;
        expect(star.hosts.matches(host, port)).toBe(expected);
        // an IPv4 allow pattern never allows the IPv6 spelling
        expect(v4Only.hosts.matches(host, port)).toBe(false);
      }),
      RUNS,
    );
    expect(allowed).toBeGreaterThan(enough(2_000, 10_000));
  });
});
