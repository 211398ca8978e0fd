const MAX_SHOWN = 200;

/** C0 controls, DEL, C1 controls, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what we escape
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** What `JSON.stringify` leaves unescaped among `UNSAFE`. */
const LEFT_BY_JSON = /[\u007f-\u009f\u2028\u2029]/g;

/**
 * Renders an untrusted value for a reason or message: short, single-line,
 * control characters escaped, long text cut with an ellipsis.
 *
 * // "api.slack.com:443" => api.slack.com:443
 * // "a\nb"              => "a\nb"
 * // "a\u007fb"          => "a\u007fb"
 * // 42                  => 42
 */
export function describeValue(value: unknown): string {
  let text: string;
  if (typeof value === 'string') {
    text = UNSAFE.test(value)
      ? JSON.stringify(value).replace(
          LEFT_BY_JSON,
          (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
        )
      : value;
  } else {
    try {
      // undefined, functions and symbols have no JSON text.
      const json = JSON.stringify(value) as string | undefined;
      text = json ?? String(value);
    } catch {
      text = Object.prototype.toString.call(value);
    }
  }
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}
