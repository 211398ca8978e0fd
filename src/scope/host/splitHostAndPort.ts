import { fail, ok, type ScopeResult } from '../result.js';
import { parsePort } from './parsePort.js';

/**
 * Splits `host`, `host:port`, `[v6]` or `[v6]:port` into the host text and the port.
 *
 * @param text Host text with an optional port; nothing else.
 * @returns The host text (not yet canonical) and the port, or the rule the text broke.
 */
export function splitHostAndPort(
  text: string,
): ScopeResult<{ readonly hostText: string; readonly port: number | undefined }> {
  let hostText = text;
  let portText: string | undefined;
  if (text.startsWith('[')) {
    // [::1]:8080 => "[::1]", "8080"
    const close = text.indexOf(']');
    if (close === -1) return fail('the IPv6 address has no closing "]"; write it as [::1]');
    hostText = text.slice(0, close + 1);
    const rest = text.slice(close + 1);
    if (rest !== '') {
      if (!rest.startsWith(':')) {
        return fail('only ":port" may follow a bracketed IPv6 address, such as [::1]:8080');
      }
      portText = rest.slice(1);
    }
  } else {
    // example.com:443 => "example.com", "443"
    // indexOf first: it is fast, and most hosts have no colon at all.
    const colon = text.includes(':') ? text.lastIndexOf(':') : -1;
    if (colon !== -1) {
      hostText = text.slice(0, colon);
      portText = text.slice(colon + 1);
    }
    // ::1 => refused: the host part would still hold a colon
    if (hostText.includes(':')) {
      return fail('an IPv6 address must be written in brackets, such as [::1] or [::1]:8080');
    }
  }
  if (portText === undefined) return ok({ hostText, port: undefined });
  const port = parsePort(portText);
  return port.ok ? ok({ hostText, port: port.value }) : port;
}
