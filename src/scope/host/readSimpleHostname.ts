import type { CanonicalHost } from './types.js';

const DOT = 0x2e;
const HYPHEN = 0x2d;

/**
 * Reads host text that is canonical once one trailing dot is dropped, and
 * that the WHATWG URL parser would return unchanged, without running the
 * parser: the common case, decided in one pass over the characters.
 * Anything else, `undefined`, goes through the URL parser as before.
 *
 * Such text is lower-case ASCII letters, digits and hyphens in non-empty
 * labels, so there is nothing to map, fold or strip; no label starts with
 * `xn--` (IDNA would validate it); and the last label is not a number, which
 * would make the host an IPv4 address (`1.2.3.04`, `a.0x1f`). The test
 * test/scope/host/readSimpleHostname.test.ts holds it to `new URL`.
 *
 * // api.example.com, api.example.com. => api.example.com
 * // Example.com, bücher.de, xn--bcher-kva.de, 127.1, a.0x1f, a..b, [::1], a:80 => undefined
 */
export function readSimpleHostname(text: string): CanonicalHost | undefined {
  // example.com. => example.com (one trailing dot only); "." and "" => an empty label, refused below
  const end = text.charCodeAt(text.length - 1) === DOT ? text.length - 1 : text.length;
  let labelStart = 0;
  let lastLabel = 0;
  for (let index = 0; index <= end; index++) {
    const code = index === end ? DOT : text.charCodeAt(index);
    if (code === DOT) {
      // a..b, .a => an empty label; xn--… => an IDNA label
      if (index === labelStart || text.startsWith('xn--', labelStart)) return undefined;
      lastLabel = labelStart;
      labelStart = index + 1;
    } else if (!(
      (code >= 0x61 && code <= 0x7a) ||
      (code >= 0x30 && code <= 0x39) ||
      code === HYPHEN
    )) {
      return undefined;
    }
  }
  return isNumberLabel(text, lastLabel, end) ? undefined : (text.slice(0, end) as CanonicalHost);
}

/** Would the URL parser read this label as a number: decimal digits, or 0x and hex digits (none too)? */
function isNumberLabel(text: string, start: number, end: number): boolean {
  const hex = text.startsWith('0x', start);
  for (let index = hex ? start + 2 : start; index < end; index++) {
    const code = text.charCodeAt(index);
    const digit = code >= 0x30 && code <= 0x39;
    if (!(digit || (hex && code >= 0x61 && code <= 0x66))) return false;
  }
  return true;
}
