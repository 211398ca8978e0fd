import { isPlainObject } from '../data/isPlainObject.js';
import { ToolgateError } from '../errors/ToolgateError.js';

/** What parsing reads from a source: the root path, the texts, and the module files (when known). */
export interface ReadSource {
  readonly root: string;
  readonly files: Readonly<Record<string, string>>;
  readonly modules: ReadonlySet<string> | undefined;
}

const USAGE =
  'a Kortix source is the text of kortix.yaml, or { root, files: { [path]: text }, modules? }';

/**
 * Checks a source and copies what parsing needs. A string is the text of a
 * lone `kortix.yaml`. Throws `ToolgateError` (`invalid_option`) for anything
 * else that is not `{ root, files, modules? }` with the root among the files.
 *
 * // 'tools: {}' => { root: 'kortix.yaml', files: { 'kortix.yaml': 'tools: {}' } }
 */
export function readKortixSource(source: unknown): ReadSource {
  if (typeof source === 'string') {
    return { root: 'kortix.yaml', files: { 'kortix.yaml': source }, modules: undefined };
  }
  if (!isPlainObject(source) || typeof source.root !== 'string' || !isPlainObject(source.files)) {
    throw new ToolgateError('invalid_option', USAGE);
  }
  const files: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [path, text] of Object.entries(source.files)) {
    if (typeof text !== 'string')
      throw new ToolgateError(
        'invalid_option',
        `${USAGE}; files[${JSON.stringify(path)}] is not text`,
      );
    files[path] = text;
  }
  if (!Object.hasOwn(files, source.root)) {
    throw new ToolgateError(
      'invalid_option',
      `${USAGE}; the root ${JSON.stringify(source.root)} is not among the files`,
    );
  }
  const modules = source.modules;
  if (
    modules !== undefined &&
    !(Array.isArray(modules) && modules.every((path) => typeof path === 'string'))
  ) {
    throw new ToolgateError(
      'invalid_option',
      `${USAGE}; modules must be a list of repo-relative paths`,
    );
  }
  return {
    root: source.root,
    files,
    modules: modules === undefined ? undefined : new Set(modules),
  };
}
