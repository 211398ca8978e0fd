/**
 * Writes plain JSON data as canonical JSON text per RFC 8785 (JCS): object
 * keys sorted by their UTF-16 code units, no whitespace, numbers in the
 * ECMAScript shortest round-trip form (`1e+30`, `0.002`, `-0` as `0`), and
 * strings escaped as `JSON.stringify` escapes them (`\"`, `\\`, `\b \f \n \r
 * \t`, other controls as lower-case `\u00xx`, everything else as is). Equal
 * data gives equal text, whatever order its keys were added in, so the text
 * can be hashed into a stable digest.
 *
 * Beyond RFC 8785, which takes only I-JSON: a lone surrogate in a string is
 * written as its `\udxxx` escape (as `JSON.parse` may produce one from a
 * model's text), which keeps the text unambiguous; a number that is not
 * finite throws a `RangeError` (JSON has no text for it, and writing `null`
 * would make `NaN` and `null` the same data).
 *
 * // { b: 1, a: [true, null] } => {"a":[true,null],"b":1}
 * // { a: undefined }          => {} (as JSON.stringify drops it)
 * // [1e30, 4.50, 2e-3]        => [1e+30,4.5,0.002]
 */
export function canonicalJson(value: unknown): string {
  if (typeof value !== 'object' || value === null) {
    if (typeof value === 'number' && !Number.isFinite(value)) {
      throw new RangeError(`canonical JSON (RFC 8785) has no text for the number ${String(value)}`);
    }
    // undefined, functions and symbols have no JSON text; in a list they are null.
    const text = JSON.stringify(value) as string | undefined;
    return text ?? 'null';
  }
  if (Array.isArray(value)) {
    const items: string[] = [];
    // An index, not map: a hole in a sparse list is written as null, as JSON.stringify writes it.
    for (let index = 0; index < value.length; index++) items.push(canonicalJson(value[index]));
    return `[${items.join(',')}]`;
  }
  const record = value as Readonly<Record<string, unknown>>;
  const members: string[] = [];
  // Array#sort without a comparator compares UTF-16 code units, exactly as RFC 8785 §3.2.3 asks.
  for (const key of Object.keys(record).sort()) {
    const item = record[key];
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    members.push(`${JSON.stringify(key)}:${canonicalJson(item)}`);
  }
  return `{${members.join(',')}}`;
}
