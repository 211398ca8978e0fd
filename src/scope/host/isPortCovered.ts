/**
 * Does a pattern's port allow this port? No pattern port allows every port and a bare host;
 * a pattern port allows only that same port.
 *
 * @param port The port asked for; `undefined` for a bare host or a pattern without a port.
 * @param allowedPort The pattern's port, or `undefined` when it has none.
 * @returns Whether the port is allowed.
 */
export function isPortCovered(port: number | undefined, allowedPort: number | undefined): boolean {
  return allowedPort === undefined || port === allowedPort;
}
