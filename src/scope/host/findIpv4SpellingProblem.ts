import { readIpv4 } from './readIpv4.js';
import type { CanonicalHost } from './types.js';

/**
 * Was an IPv4 host written the one accepted way (SPEC §6.2 rev 2)? The URL
 * parser reads many spellings as IPv4 and parsers disagree on them (WHATWG
 * reads `010.010.010.010` as 8.8.8.8, Java and Python as 10.10.10.10), so
 * only the canonical text itself is accepted.
 *
 * // ("10.0.0.1", 10.0.0.1) => undefined
 * // ("010.010.010.010", 8.8.8.8), ("127.1", 127.0.0.1), ("2130706433", 127.0.0.1), ("10.0.0.1.", 10.0.0.1) => a problem
 * // ("example.com", example.com) => undefined (not IPv4)
 *
 * @param written The host as written (no port, no brackets).
 * @param host What the URL parser read it as.
 * @returns The rule broken, or `undefined`.
 */
export function findIpv4SpellingProblem(written: string, host: CanonicalHost): string | undefined {
  if (written === host || readIpv4(host) === undefined) return undefined;
  return `the IPv4 address must be written as four decimal numbers from 0 to 255 without leading zeros, such as 10.0.0.1; parsers read other spellings (whole numbers, hex, octal, leading zeros, short forms like 127.1) differently`;
}
