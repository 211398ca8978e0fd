import { compiledGrantOf } from '../grant/compiledGrant.js';
import type { Grant } from '../grant/types.js';
import { IPV4_EMBEDDING_PREFIXES, LOCAL_NAT64 } from '../scope/host/embeddedIpv4.js';
import { formatIpRange } from '../scope/host/formatIpRange.js';
import { PRIVATE_RANGES } from '../scope/host/privateRanges.js';
import { readIpv4 } from '../scope/host/readIpv4.js';
import type { IpRange } from '../scope/host/types.js';
import { freshName } from './freshName.js';

const BITS = { 4: 32n, 6: 128n } as const;

/**
 * `host:port` values worth asking about when comparing the network scopes
 * of two grants. Names: each exact host and wildcard base of either grant,
 * a fresh label under each, a fresh public name, and `localhost` with a
 * name under it. Addresses: the first and last address of each CIDR range
 * of either grant and the addresses just outside it, each IP literal, and
 * the first address of each private range, and each IPv4 address among
 * them written inside IPv6 (SPEC §14.2). Ports: every port either grant names, 80,
 * 443 and one neither names. A pattern's membership only changes at these
 * boundaries, so these stand for every host and port.
 *
 * // before [*.a.com], after [*] => x.a.com:443, x.x:443, 10.0.0.0:443, …
 */
export function hostCandidates(before: Grant, after: Grant): string[] {
  const patterns = [before, after].flatMap((grant) => {
    const compiled = compiledGrantOf(grant);
    return compiled === undefined ? [] : [...compiled.hostPatterns, ...compiled.hostDenies];
  });
  if (after.network.length === 0) return [];
  const names = new Set<string>();
  const ranges: IpRange[] = [];
  const ports = new Set<number>([80, 443]);
  let any = false;
  for (const pattern of patterns) {
    if (pattern.kind === 'any') any = true;
    else {
      if (pattern.port !== undefined) ports.add(pattern.port);
      if (pattern.kind === 'exact') names.add(pattern.host);
      else if (pattern.kind === 'wildcard') names.add(pattern.suffix);
      else ranges.push(pattern.range);
    }
  }
  // The private ranges matter only where `*` or a range could reach them; every address of one
  // behaves alike under `*`, so its first stands for it (a range of the grants splitting one
  // brings its own boundaries).
  const privates = any || ranges.length > 0 ? PRIVATE_RANGES : [];
  const fresh = freshName([...names]);
  for (let port = 1; ; port++)
    if (!ports.has(port)) {
      ports.add(port);
      break;
    }

  const hosts = new Set<string>([`${fresh}.${fresh}`, 'localhost', `${fresh}.localhost`]);
  // Shorter names first: the witness reported for an entry is the plainest one.
  for (const name of [...names].sort((a, b) => a.length - b.length)) {
    hosts.add(name);
    // An IP literal has no names under it.
    if (!name.startsWith('[') && !/^[\d.]+$/.test(name)) hosts.add(`${fresh}.${name}`);
  }
  for (const range of ranges) for (const address of boundaries(range)) hosts.add(address);
  for (const range of privates) hosts.add(formatAddress(range.version, range.network));
  // [::ffff:10.0.0.1] connects to 10.0.0.1: deny entries read it so, allow patterns do not.
  for (const host of [...hosts]) {
    const value = readIpv4(host);
    if (value === undefined) continue;
    for (const top of [...IPV4_EMBEDDING_PREFIXES, LOCAL_NAT64.network >> 32n])
      hosts.add(formatAddress(6, (top << 32n) | BigInt(value)));
  }

  const candidates: string[] = [];
  for (const host of hosts) for (const port of ports) candidates.push(`${host}:${String(port)}`);
  return candidates;
}

// 10.0.0.0/8 => 10.0.0.0, 10.255.255.255, 9.255.255.255, 11.0.0.0
function boundaries(range: IpRange): string[] {
  const bits = BITS[range.version];
  const size = 1n << (bits - BigInt(range.prefix));
  const first = range.network;
  const last = first + size - 1n;
  const max = (1n << bits) - 1n;
  return [first, last, first - 1n, last + 1n]
    .filter((address) => address >= 0n && address <= max)
    .map((address) => formatAddress(range.version, address));
}

// One address as a host: 10.0.0.1, or [fd00::1]
function formatAddress(version: 4 | 6, address: bigint): string {
  const text = formatIpRange(
    { version, network: address, prefix: version === 4 ? 32 : 128 },
    undefined,
  );
  return text.slice(0, text.lastIndexOf('/'));
}
