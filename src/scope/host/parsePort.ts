import { fail, ok, type ScopeResult } from '../result.js';

const DECIMAL_PORT = /^[1-9]\d{0,4}$/;

/**
 * Parses a written port: decimal digits, no sign, no leading zeros, 1–65535.
 *
 * @param text The text after the host's `:`.
 * @returns The port number, or the rule the text broke.
 */
export function parsePort(text: string): ScopeResult<number> {
  // "8443" => 8443; "08443", "+1", "0x50", "", "65536" => refused
  const port = DECIMAL_PORT.test(text) ? Number(text) : 0;
  return port >= 1 && port <= 65535
    ? ok(port)
    : fail(
        'the port must be a whole number from 1 to 65535, written without sign or leading zeros',
      );
}
