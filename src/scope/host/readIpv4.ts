/**
 * Reads canonical dotted-decimal IPv4 text as a 32-bit number: four decimal
 * parts of 0–255, no leading zeros, nothing else. The one way toolgate lets
 * IPv4 be written (SPEC §6.2 rev 2).
 *
 * // 10.0.0.1 => 167772161; 0.0.0.0 => 0
 * // 010.0.0.1, 10.1, 0x7f.0.0.1, 2130706433, 256.0.0.1, 10.0.0.1. => undefined
 *
 * @param text Any text.
 * @returns The address as an unsigned 32-bit number, or `undefined` when the text is not canonical IPv4.
 */
export function readIpv4(text: string): number | undefined {
  let value = 0;
  let part = 0;
  let digits = 0;
  let parts = 0;
  for (let index = 0; index <= text.length; index++) {
    const code = index === text.length ? 0x2e : text.charCodeAt(index);
    if (code === 0x2e) {
      // "", "1..2" => an empty part; a fifth part => too many
      if (digits === 0 || parts === 4) return undefined;
      value = value * 256 + part;
      parts += 1;
      part = 0;
      digits = 0;
    } else if (code >= 0x30 && code <= 0x39) {
      // 01, 007 => a leading zero: octal to some parsers
      if (digits === 1 && part === 0) return undefined;
      part = part * 10 + (code - 0x30);
      digits += 1;
      if (part > 255) return undefined;
    } else {
      return undefined;
    }
  }
  return parts === 4 ? value : undefined;
}
