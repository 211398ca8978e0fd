/** Where `toolgate records` reads from. */
export type StoreLocation =
  | { readonly kind: 'sqlite'; readonly file: string; readonly shown: string }
  | {
      readonly kind: 'postgres';
      readonly connectionString: string;
      readonly schema: string;
      /** The URL with its password masked, for messages. */
      readonly shown: string;
    };

const SCHEMA = /^[a-z_]\w{0,62}$/i;

/**
 * Reads a `--store` value: `sqlite:PATH` or `postgres://…` (also
 * `postgresql://…`), whose optional `schema` query parameter names the
 * schema holding the records (default `public`; toolgate's own, not passed
 * to the server). Returns a problem sentence for anything else.
 *
 * // 'sqlite:./records.db'                          => { kind: 'sqlite', file: './records.db' }
 * // 'postgres://app:pw@db/agents?schema=toolgate'  => { kind: 'postgres', connectionString: 'postgres://app:pw@db/agents', schema: 'toolgate', shown: 'postgres://app:***@db/agents?schema=toolgate' }
 * // 'mysql://db'                                    => 'the store … must be sqlite:PATH or postgres://…'
 */
export function parseStoreUrl(text: string): StoreLocation | string {
  const expected = `the store ${JSON.stringify(text)} must be sqlite:PATH (a file) or postgres://USER@HOST:PORT/DATABASE`;
  if (text.startsWith('sqlite:')) {
    const file = text.slice('sqlite:'.length);
    return file === '' || file.includes('\0') ? expected : { kind: 'sqlite', file, shown: text };
  }
  if (!text.startsWith('postgres://') && !text.startsWith('postgresql://')) return expected;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `${expected}: it is not a valid URL`;
  }
  if (url.hostname === '') return `${expected}: it names no host`;
  const schema = url.searchParams.get('schema') ?? 'public';
  if (!SCHEMA.test(schema))
    return `the schema ${JSON.stringify(schema)} in --store must be letters, digits and _`;
  url.searchParams.delete('schema');
  const connectionString = url.toString();
  if (url.password !== '') url.password = '***';
  if (schema !== 'public') url.searchParams.set('schema', schema);
  return { kind: 'postgres', connectionString, schema, shown: url.toString() };
}
