/**
 * Writes plain JSON data as canonical JSON text: object keys sorted by UTF-16
 * code units, no whitespace, numbers and strings as `JSON.stringify` writes
 * them. Equal data gives equal text, whatever order its keys were added in,
 * so the text can be hashed into a stable digest.
 *
 * // { b: 1, a: [true, null] } => {"a":[true,null],"b":1}
 * // { a: undefined }          => {} (as JSON.stringify drops it)
 */
export function canonicalJson(value: unknown): string {
  if (typeof value !== 'object' || value === null) {
    // undefined, functions and symbols have no JSON text; in a list they are null.
    const text = JSON.stringify(value) as string | undefined;
    return text ?? 'null';
  }
  if (Array.isArray(value)) {
    return `[${(value as readonly unknown[]).map(canonicalJson).join(',')}]`;
  }
  const record = value as Readonly<Record<string, unknown>>;
  const members: string[] = [];
  for (const key of Object.keys(record).sort()) {
    const item = record[key];
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    members.push(`${JSON.stringify(key)}:${canonicalJson(item)}`);
  }
  return `{${members.join(',')}}`;
}
