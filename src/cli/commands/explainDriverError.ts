import { messageOf } from '../../data/messageOf.js';

/** The store drivers toolgate loads only when a store needs one. */
export type StoreDriver = 'better-sqlite3' | 'pg';

/**
 * What to say when a store's driver would not load, naming the package and
 * what to do; undefined for any other error. `better-sqlite3` is an optional
 * dependency with a native build, so an install can end without it (the
 * build failed, or install scripts were not allowed) or with a build for
 * another Node.js; `pg` is an optional peer.
 *
 * // (ERR_MODULE_NOT_FOUND for better-sqlite3, 'better-sqlite3', '--records jsonl:PATH') => 'the package better-sqlite3 is not installed …'
 */
export function explainDriverError(
  error: unknown,
  driver: StoreDriver,
  instead: string,
): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  const message = messageOf(error);
  const names = message.includes(`'${driver}'`) || message.includes(`"${driver}"`);
  if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && names) {
    const why =
      driver === 'better-sqlite3'
        ? 'an optional dependency of toolgate with a native build, so an install can end without it'
        : 'an optional peer of toolgate';
    return `the package ${driver} is not installed (${why}): install it beside toolgate (npm install ${driver}; for a global toolgate, npm install -g ${driver}), or ${instead}`;
  }
  const native =
    /could not locate the bindings file|NODE_MODULE_VERSION|was compiled against a different Node\.js version|invalid ELF header|better_sqlite3\.node/i;
  if (driver === 'better-sqlite3' && native.test(message)) {
    return `the package better-sqlite3 is installed but its native build is missing or was made for another Node.js (${message.split('\n')[0] ?? ''}): rebuild it where toolgate is installed (npm rebuild better-sqlite3, or npm rebuild -g better-sqlite3; npm may need --allow-scripts=better-sqlite3), or ${instead}`;
  }
  return undefined;
}
