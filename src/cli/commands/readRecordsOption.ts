import { parseStoreUrl } from './parseStoreUrl.js';

/** Where `toolgate mcp` records: a SQLite file, a JSONL file, or PostgreSQL. */
export type RecordsOption =
  | { readonly kind: 'sqlite' | 'jsonl'; readonly path: string }
  | {
      readonly kind: 'postgres';
      readonly connectionString: string;
      readonly schema: string;
      /** The URL with its password masked, for messages. */
      readonly shown: string;
    };

/**
 * Reads `--records`: `sqlite:PATH`, `jsonl:PATH`, a path ending in
 * `.db`/`.sqlite` or `.jsonl`, or `postgres://…` (also `postgresql://…`,
 * with an optional `schema` query parameter, as `toolgate records --store`
 * reads it). A problem sentence for anything else.
 *
 * // 'sqlite:./records.db' => { kind: 'sqlite', path: './records.db' }
 * // 'postgres://app@db/agents?schema=toolgate' => { kind: 'postgres', connectionString: 'postgres://app@db/agents', schema: 'toolgate', shown: … }
 */
export function readRecordsOption(text: string): RecordsOption | string {
  if (text.startsWith('postgres://') || text.startsWith('postgresql://')) {
    const store = parseStoreUrl(text);
    if (typeof store === 'string') return store.replace('--store', '--records');
    // INVARIANT: a postgres:// text reads as a PostgreSQL store or a problem.
    return store.kind === 'postgres' ? store : `--records ${JSON.stringify(text)} is not a URL`;
  }
  if (text.startsWith('sqlite:') && text.length > 7) return { kind: 'sqlite', path: text.slice(7) };
  if (text.startsWith('jsonl:') && text.length > 6) return { kind: 'jsonl', path: text.slice(6) };
  if (/\.(?:db|sqlite)$/.test(text)) return { kind: 'sqlite', path: text };
  if (text.endsWith('.jsonl')) return { kind: 'jsonl', path: text };
  return `--records takes sqlite:PATH, jsonl:PATH or postgres://USER@HOST:PORT/DATABASE (a path ending in .db or .jsonl also works), not ${JSON.stringify(text)}`;
}

/** The store as messages and the start summary name it: `KIND:ABSOLUTE_PATH`, or the masked URL. */
export function describeRecords(
  records: RecordsOption,
  resolvePath: (path: string) => string,
): string {
  return records.kind === 'postgres'
    ? records.shown
    : `${records.kind}:${resolvePath(records.path)}`;
}
