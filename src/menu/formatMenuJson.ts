/** What JSON.stringify leaves unescaped though it ends a line in some readers. */
const LINE_SEPARATORS = /[\u2028\u2029]/g;

/**
 * Writes plain JSON data on one line, with `", "` between items and `": "`
 * after keys (the menu's Example line). Keys keep their order. U+2028 and
 * U+2029 are escaped too, so the text never spans two lines.
 *
 * // { query: 'budget', limit: [1, 2] } => {"query": "budget", "limit": [1, 2]}
 * // {}                                  => {}
 */
export function formatMenuJson(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${(value as readonly unknown[]).map(formatMenuJson).join(', ')}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const record = value as Readonly<Record<string, unknown>>;
    const members = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .map((key) => `${quote(key)}: ${formatMenuJson(record[key])}`);
    return `{${members.join(', ')}}`;
  }
  if (typeof value === 'string') return quote(value);
  const text = JSON.stringify(value) as string | undefined;
  return text ?? 'null';
}

function quote(text: string): string {
  return JSON.stringify(text).replace(
    LINE_SEPARATORS,
    (char) => `\\u${char.charCodeAt(0).toString(16)}`,
  );
}
