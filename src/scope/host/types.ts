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
 * One network grant pattern: `*` (any host), an exact host, or a wildcard
 * (`*.example.com`, any deeper subdomain), the last two with an optional port.
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
    };

/** Host patterns compiled once into lookups that cost O(labels), not O(patterns). */
export interface HostMatcher {
  /** Is host:port inside any pattern? port undefined (bare host resource) matches only patterns without a port. */
  readonly matches: (host: CanonicalHost, port: number | undefined) => boolean;
  /** Does the pattern sit inside the scope, as a pattern (§6.2 last bullet)? */
  readonly containsPattern: (pattern: HostPattern) => boolean;
}
