import { fail, ok, type ScopeResult } from '../result.js';
import { canonicalizeHost } from './canonicalizeHost.js';
import { describeCharacter } from './describeCharacter.js';
import { findForbiddenCharacter } from './findForbiddenCharacter.js';
import { parsePort } from './parsePort.js';
import { readIpAddress } from './readIpAddress.js';
import type { HostPattern } from './types.js';

const PREFIX = /^(?:0|[1-9]\d{0,2})$/;

/**
 * Parses a CIDR pattern (SPEC §6.2 rev 2, §13): a canonical IPv4 address or a
 * bracketed IPv6 address, `/`, a decimal prefix length without leading zeros,
 * and an optional `:port`. The host bits must be zero.
 *
 * // 10.0.0.0/8 => 10.0.0.0/8; [FD00::]/8:443 => [fd00::]/8:443; 0.0.0.0/0 => all of IPv4
 * // 10.0.0.1/8, 10.0.0.0/08, 10.0.0.0/33, 010.0.0.0/8, example.com/8, 10.0.0.0/8/8 => refused
 *
 * @param text A pattern that holds a "/".
 * @returns The CIDR pattern, or the rule it broke.
 */
export function parseCidrPattern(text: string): ScopeResult<HostPattern> {
  const forbidden = findForbiddenCharacter(text, '\\?#@%*');
  if (forbidden !== undefined) {
    return fail(
      `the CIDR pattern contains ${describeCharacter(forbidden)}; write an address, "/" and a prefix length, such as 10.0.0.0/8 or [fd00::]/8`,
    );
  }
  const slash = text.indexOf('/');
  const addressText = text.slice(0, slash);
  const rest = text.slice(slash + 1);
  // 10.0.0.0/8:5432 => "8", "5432"
  const colon = rest.indexOf(':');
  const prefixText = colon === -1 ? rest : rest.slice(0, colon);
  let port: number | undefined;
  if (colon !== -1) {
    const parsed = parsePort(rest.slice(colon + 1));
    if (!parsed.ok) return parsed;
    port = parsed.value;
  }
  const host = canonicalizeHost(addressText);
  const address = host.ok ? readIpAddress(host.value) : undefined;
  if (!host.ok || address === undefined) {
    return fail(
      `a CIDR pattern starts with an IPv4 address in dotted decimal or a bracketed IPv6 address, such as 10.0.0.0/8 or [fd00::]/8${host.ok ? '' : `; ${host.problem}`}`,
    );
  }
  const width = address.version === 4 ? 32 : 128;
  const prefix = PREFIX.test(prefixText) ? Number(prefixText) : -1;
  if (prefix < 0 || prefix > width) {
    return fail(
      `the CIDR prefix length must be a whole number from 0 to ${width}, written without sign or leading zeros`,
    );
  }
  // 10.0.0.1/8 => refused: the prefix names 10.0.0.0/8, which the text does not say
  if (prefix < width && address.value & ((1n << BigInt(width - prefix)) - 1n)) {
    return fail(
      `the CIDR address has host bits set after the first ${prefix}; write the first address of the range, such as 10.0.0.0/8`,
    );
  }
  const range = Object.freeze({ version: address.version, network: address.value, prefix });
  const written = `${host.value}/${prefix}${port === undefined ? '' : `:${port}`}`;
  return ok(Object.freeze({ kind: 'cidr', range, port, text: written }));
}
