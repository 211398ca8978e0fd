import { doHostPatternsOverlap } from './doHostPatternsOverlap.js';
import { embeddedIpv4Hosts } from './embeddedIpv4.js';
import { isHostInPattern } from './isHostInPattern.js';
import { isHostPatternInside } from './isHostPatternInside.js';
import { isIpLiteral } from './isIpLiteral.js';
import { isPatternPublic } from './isPatternPublic.js';
import { isPrivateHost } from './isPrivateHost.js';
import { readIpAddress } from './readIpAddress.js';
import type { CanonicalHost, HostMatcher, HostPattern } from './types.js';

/** The ports one host, wildcard suffix or range allows. */
interface PortRule {
  anyPort: boolean;
  readonly ports: Set<number>;
}

/** The ranges of one family and prefix length, keyed by their fixed leading bits. */
interface RangeGroup {
  readonly version: 4 | 6;
  /** Host bits: 32 or 128 minus the prefix length. */
  readonly free: bigint;
  readonly prefix: number;
  readonly rules: Map<bigint, PortRule>;
}

/** Patterns of one kind of entry (allow or deny) in lookups that cost O(labels + prefix lengths). */
interface PatternIndex {
  any: boolean;
  readonly exact: Map<string, PortRule>;
  readonly wildcards: Map<string, PortRule>;
  readonly ranges: RangeGroup[];
}

/** Does a rule let this port through? */
type PortLaw = (rule: PortRule | undefined, port: number | undefined) => boolean;

const addRule = (rules: Map<string | bigint, PortRule>, key: string | bigint, port?: number) => {
  let rule = rules.get(key);
  if (rule === undefined) {
    rule = { anyPort: false, ports: new Set() };
    rules.set(key, rule);
  }
  if (port === undefined) rule.anyPort = true;
  else rule.ports.add(port);
};

// Allow law, as isPortCovered over all the patterns of one key: a bare host (undefined) needs anyPort.
const allows: PortLaw = (rule, port) =>
  rule !== undefined && (rule.anyPort || (port !== undefined && rule.ports.has(port)));

// Deny law: a pattern with a port also takes a bare host, which may reach that port.
const takes: PortLaw = (rule, port) =>
  rule !== undefined && (rule.anyPort || port === undefined || rule.ports.has(port));

function compileIndex(patterns: readonly HostPattern[]): PatternIndex {
  const index: PatternIndex = { any: false, exact: new Map(), wildcards: new Map(), ranges: [] };
  for (const pattern of patterns) {
    if (pattern.kind === 'any') index.any = true;
    else if (pattern.kind === 'exact') addRule(index.exact, pattern.host, pattern.port);
    else if (pattern.kind === 'wildcard') addRule(index.wildcards, pattern.suffix, pattern.port);
    else {
      const { version, prefix, network } = pattern.range;
      let group = index.ranges.find((g) => g.version === version && g.prefix === prefix);
      if (group === undefined) {
        const free = BigInt((version === 4 ? 32 : 128) - prefix);
        group = { version, free, prefix, rules: new Map() };
        index.ranges.push(group);
      }
      addRule(group.rules, network >> group.free, pattern.port);
    }
  }
  return index;
}

// Is some wildcard suffix a proper parent domain of `name`?
// a.b.example.com => looks up b.example.com, example.com, com
function isUnderWildcard(
  index: PatternIndex,
  name: CanonicalHost,
  port: number | undefined,
  law: PortLaw,
): boolean {
  // a wildcard never covers an IP address (3.4 must not cover 1.2.3.4)
  if (index.wildcards.size === 0 || isIpLiteral(name)) return false;
  for (let dot = name.indexOf('.'); dot !== -1; dot = name.indexOf('.', dot + 1)) {
    if (law(index.wildcards.get(name.slice(dot + 1)), port)) return true;
  }
  return false;
}

// Is the host an IP address inside some range? 10.1.2.3 => looks up each prefix length once
function isInRange(
  index: PatternIndex,
  host: CanonicalHost,
  port: number | undefined,
  law: PortLaw,
): boolean {
  if (index.ranges.length === 0) return false;
  const address = readIpAddress(host);
  if (address === undefined) return false;
  return index.ranges.some(
    (group) =>
      group.version === address.version && law(group.rules.get(address.value >> group.free), port),
  );
}

// Exact, wildcard or range: every kind but `*`, whose law differs between allow and deny.
const isNamed = (
  index: PatternIndex,
  host: CanonicalHost,
  port: number | undefined,
  law: PortLaw,
) =>
  law(index.exact.get(host), port) ||
  isUnderWildcard(index, host, port, law) ||
  isInRange(index, host, port, law);

/**
 * Compiles a grant's network entries once into a matcher whose lookups cost
 * O(labels of the host + distinct prefix lengths). `*` allows only public
 * hosts; a private one needs a pattern that names it (SPEC §6.2 rev 2). A
 * deny entry always wins (SPEC §5 rev 2); with no deny entry the matcher
 * does no deny work at all.
 *
 * @param patterns Allow patterns (from parseHostPattern); an empty list matches nothing.
 * @param denies Deny patterns (the entries written after `!`).
 * @returns A frozen matcher for host:port values and for patterns.
 */
export function compileHostMatcher(
  patterns: readonly HostPattern[],
  denies: readonly HostPattern[] = [],
): HostMatcher {
  const allow = compileIndex(patterns);
  const deny = compileIndex(denies);
  const isAllowed = (host: CanonicalHost, port: number | undefined): boolean =>
    (allow.any && !isPrivateHost(host)) || isNamed(allow, host, port, allows);
  // SPEC §14.2: [::ffff:203.0.113.5] connects to 203.0.113.5, so every deny entry reads it as that too.
  const isDenied = (host: CanonicalHost, port: number | undefined): boolean =>
    deny.any ||
    isNamed(deny, host, port, takes) ||
    embeddedIpv4Hosts(host).some((reading) => isNamed(deny, reading, port, takes));
  const findDenyOverlapping = (pattern: HostPattern): HostPattern | undefined =>
    denies.find((entry) => doHostPatternsOverlap(pattern, entry));

  // Is the pattern inside a single allow pattern? (The union of several is not looked for.)
  const isInsideAllow = (pattern: HostPattern): boolean => {
    if (allow.any && isPatternPublic(pattern)) return true;
    switch (pattern.kind) {
      case 'any':
        return false;
      // an exact pattern is inside exactly when its host:port is named
      case 'exact':
        return isNamed(allow, pattern.host, pattern.port, allows);
      // *.a.example.com => inside *.a.example.com or *.example.com, never inside an exact host
      case 'wildcard':
        return (
          (!isIpLiteral(pattern.suffix) &&
            allows(allow.wildcards.get(pattern.suffix), pattern.port)) ||
          isUnderWildcard(allow, pattern.suffix, pattern.port, allows)
        );
      // ranges in a tool's own network are rare: pattern by pattern
      case 'cidr':
        return patterns.some((outer) => isHostPatternInside(pattern, outer));
    }
  };

  return Object.freeze({
    matches:
      denies.length === 0
        ? isAllowed
        : (host: CanonicalHost, port: number | undefined) =>
            !isDenied(host, port) && isAllowed(host, port),
    containsPattern:
      denies.length === 0
        ? isInsideAllow
        : (pattern: HostPattern) =>
            isInsideAllow(pattern) && findDenyOverlapping(pattern) === undefined,
    findDeny: (host: CanonicalHost, port: number | undefined): HostPattern | undefined =>
      denies.find((entry) => isHostInPattern(entry, host, port, true)),
    findDenyOverlapping,
  });
}
