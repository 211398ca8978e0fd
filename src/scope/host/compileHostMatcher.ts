import { isIpLiteral } from './isIpLiteral.js';
import type { CanonicalHost, HostMatcher, HostPattern } from './types.js';

/** The ports one host or wildcard suffix allows. */
interface PortRule {
  anyPort: boolean;
  readonly ports: Set<number>;
}

const addRule = (rules: Map<string, PortRule>, key: string, port: number | undefined): void => {
  let rule = rules.get(key);
  if (rule === undefined) {
    rule = { anyPort: false, ports: new Set() };
    rules.set(key, rule);
  }
  if (port === undefined) rule.anyPort = true;
  else rule.ports.add(port);
};

// Same law as isPortCovered, over all the patterns of one key: a bare host (undefined) needs anyPort.
const allows = (rule: PortRule | undefined, port: number | undefined): boolean =>
  rule !== undefined && (rule.anyPort || (port !== undefined && rule.ports.has(port)));

/**
 * Compiles host patterns once into a matcher whose lookups cost O(labels of the host).
 *
 * @param patterns Parsed patterns (from parseHostPattern); an empty list matches nothing.
 * @returns A frozen matcher for host:port values and for patterns.
 */
export function compileHostMatcher(patterns: readonly HostPattern[]): HostMatcher {
  let any = false;
  const exact = new Map<string, PortRule>();
  const wildcards = new Map<string, PortRule>();
  for (const pattern of patterns) {
    if (pattern.kind === 'any') any = true;
    else if (pattern.kind === 'exact') addRule(exact, pattern.host, pattern.port);
    else addRule(wildcards, pattern.suffix, pattern.port);
  }

  // Is some wildcard suffix a proper parent domain of `name`?
  // a.b.example.com => looks up b.example.com, example.com, com
  const isUnderWildcard = (name: CanonicalHost, port: number | undefined): boolean => {
    // a wildcard never covers an IP address (3.4 must not cover 1.2.3.4)
    if (isIpLiteral(name)) return false;
    for (let dot = name.indexOf('.'); dot !== -1; dot = name.indexOf('.', dot + 1)) {
      if (allows(wildcards.get(name.slice(dot + 1)), port)) return true;
    }
    return false;
  };

  return Object.freeze({
    matches: (host: CanonicalHost, port: number | undefined): boolean =>
      any || allows(exact.get(host), port) || isUnderWildcard(host, port),
    containsPattern: (pattern: HostPattern): boolean => {
      if (any) return true;
      if (pattern.kind === 'any') return false;
      // an exact pattern is inside exactly when its host:port matches
      if (pattern.kind === 'exact') {
        return (
          allows(exact.get(pattern.host), pattern.port) ||
          isUnderWildcard(pattern.host, pattern.port)
        );
      }
      // *.a.example.com => inside *.a.example.com or *.example.com, never inside an exact host
      return (
        (!isIpLiteral(pattern.suffix) && allows(wildcards.get(pattern.suffix), pattern.port)) ||
        isUnderWildcard(pattern.suffix, pattern.port)
      );
    },
  });
}
