import { fail, ok, type ScopeResult } from '../result.js';
import { canonicalizeHost } from './canonicalizeHost.js';
import { describeCharacter } from './describeCharacter.js';
import { findForbiddenCharacter } from './findForbiddenCharacter.js';
import { readSimpleHostname } from './readSimpleHostname.js';
import { splitHostAndPort } from './splitHostAndPort.js';
import type { HostAndPort } from './types.js';

/**
 * Parses the value of a `host` resource: a bare `host` or `host:port`, IPv6 in brackets.
 *
 * @param value The untrusted value found at the resource pointer.
 * @returns The canonical host and its port (`undefined` when none was written), or the rule it broke.
 */
export function parseHostResource(value: unknown): ScopeResult<HostAndPort> {
  if (typeof value !== 'string') return fail('a host must be a string');
  // api.example.com => itself, no port, unparsed: INVARIANT a simple name has no banned
  // character and no ":", so the steps below would return exactly this (readSimpleHostname).
  const simple = readSimpleHostname(value);
  if (simple !== undefined) return ok({ host: simple, port: undefined });
  if (value === '') return fail('the host is empty; write a host such as example.com');
  // nothing is stripped: "good.com\n", "good.com/x", "a@b" => refused
  const forbidden = findForbiddenCharacter(value, '/\\?#@%');
  if (forbidden !== undefined) {
    return fail(
      `the host contains ${describeCharacter(forbidden)}; write only the host, with an optional :port`,
    );
  }
  // Example.com:8443 => "Example.com", 8443
  const split = splitHostAndPort(value);
  if (!split.ok) return split;
  // Example.com => example.com
  const host = canonicalizeHost(split.value.hostText);
  if (!host.ok) return host;
  // Not frozen: a fresh, readonly-typed result that only the network check reads; this runs per host.
  return ok({ host: host.value, port: split.value.port });
}
