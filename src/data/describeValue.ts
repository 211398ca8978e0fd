const MAX_SHOWN = 200;

/**
 * Renders an untrusted value for a reason or message: short, single-line,
 * control characters escaped, long text cut with an ellipsis.
 *
 * // "api.slack.com:443" => api.slack.com:443
 * // "a\nb"              => "a\nb"
 * // 42                  => 42
 */
export function describeValue(value: unknown): string {
  let text: string;
  if (typeof value === 'string') {
    // eslint-disable-next-line no-control-regex -- control characters are exactly what we escape
    text = /[\u0000-\u001f\u007f]/.test(value) ? JSON.stringify(value) : value;
  } else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = Object.prototype.toString.call(value);
    }
  }
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}
