import type { CanonicalHost } from './types.js';

/**
 * Is the canonical host `localhost` or a name under it (SPEC §6.2 rev 2)?
 *
 * // localhost, app.localhost => true; localhost.example.com, mylocalhost => false
 */
export function isLocalhostName(host: CanonicalHost): boolean {
  return host === 'localhost' || host.endsWith('.localhost');
}
