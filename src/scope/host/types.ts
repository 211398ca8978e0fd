/**
 * A host in the one form every comparison uses: lower case, IDNA (punycode),
 * IPv4 in dotted decimal, IPv6 in brackets (`[::1]`), no trailing dot.
 */
// INVARIANT: only canonicalizeHost creates this brand, so raw text never reaches a comparison.
export type CanonicalHost = string & { readonly __brand: 'CanonicalHost' };

/** A canonical host and the port it is reached on; `undefined` only for a bare `host` resource. */
export interface HostAndPort {
  readonly host: CanonicalHost;
  readonly port: number | undefined;
}

/**
 * One network grant pattern: `*` (any host but a private one), an exact host,
 * a wildcard (`*.example.com`, any deeper subdomain), or a CIDR range of IP
 * addresses, the last three with an optional port.
 */
export type HostPattern =
  | { readonly kind: 'any'; readonly text: '*' }
  | {
      readonly kind: 'exact';
      readonly host: CanonicalHost;
      readonly port: number | undefined;
      readonly text: string;
    }
  | {
      readonly kind: 'wildcard';
      /** `example.com` for `*.example.com`. */
      readonly suffix: CanonicalHost;
      readonly port: number | undefined;
      /** The canonical written form, e.g. `*.example.com:8443`. */
      readonly text: string;
    }
  | {
      /** (rev 2) A range of IP addresses: `10.0.0.0/8`, `[fd00::]/8`, either with `:port`. */
      readonly kind: 'cidr';
      readonly range: IpRange;
      readonly port: number | undefined;
      /** The canonical written form, e.g. `10.0.0.0/8:5432` or `[fd00::]/8`. */
      readonly text: string;
    };

/** Host patterns compiled once into lookups that cost O(labels), not O(patterns). */
export interface HostMatcher {
  /**
   * Is host:port inside some allow pattern and outside every deny pattern? port undefined
   * (bare host resource) matches only allow patterns without a port.
   */
  readonly matches: (host: CanonicalHost, port: number | undefined) => boolean;
  /** Does the pattern sit inside the scope, as a pattern (§6.2 last bullet), sharing nothing with a deny? */
  readonly containsPattern: (pattern: HostPattern) => boolean;
  /** (rev 2) The first deny pattern that refuses host:port, if any: for the refusal's details. */
  readonly findDeny: (host: CanonicalHost, port: number | undefined) => HostPattern | undefined;
  /** (rev 2) The first deny pattern that shares a host:port with the pattern, if any. */
  readonly findDenyOverlapping: (pattern: HostPattern) => HostPattern | undefined;
}

/** A range of IP addresses written as a CIDR: `10.0.0.0/8` is { version: 4, network: 0x0a000000n, prefix: 8 }. */
export interface IpRange {
  readonly version: 4 | 6;
  /** The first address of the range (host bits zero). */
  readonly network: bigint;
  /** Leading bits fixed: 0–32 for IPv4, 0–128 for IPv6. */
  readonly prefix: number;
}
