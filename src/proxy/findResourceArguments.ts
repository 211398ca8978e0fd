import { escapePointer } from '../data/escapePointer.js';
import { isPlainObject } from '../data/isPlainObject.js';

/** A top-level string argument that looks like it names a path or a URL. */
export interface ResourceArgument {
  readonly kind: 'path' | 'url';
  /** The JSON Pointer of the argument (`/*` appended for a list of strings). */
  readonly at: string;
}

const URL_NAME = /(?:url|uri|href|endpoint|link)s?$/i;
const PATH_NAME = /(?:path|file|dir|directory|folder|source|destination|dest|root)s?$/i;
const URL_FORMATS = new Set(['uri', 'url', 'uri-reference', 'iri', 'iri-reference']);

/**
 * The top-level arguments of an input schema that look like a path or a
 * URL: a string (or a list of strings) whose name ends like `path`, `file`,
 * `directory`, `url`, `uri`…, or whose `format` is a URI. A heuristic for
 * flagging, never for deciding: `init` suggests bindings from it, and
 * `lock` warns about granted tools with such an argument and no binding.
 *
 * // { properties: { path: { type: 'string' }, paths: { type: 'array', items: { type: 'string' } } } }
 * // => [{ kind: 'path', at: '/path' }, { kind: 'path', at: '/paths/*' }]
 */
export function findResourceArguments(inputSchema: unknown): ResourceArgument[] {
  if (!isPlainObject(inputSchema) || !isPlainObject(inputSchema.properties)) return [];
  const found: ResourceArgument[] = [];
  for (const [name, property] of Object.entries(inputSchema.properties)) {
    if (!isPlainObject(property)) continue;
    const list = property.type === 'array' && isPlainObject(property.items);
    const item = list ? (property.items as Record<string, unknown>) : property;
    if (item.type !== 'string') continue;
    const at = `/${escapePointer(name)}${list ? '/*' : ''}`;
    const format = typeof item.format === 'string' ? item.format : '';
    if (URL_FORMATS.has(format) || URL_NAME.test(name)) found.push({ kind: 'url', at });
    else if (PATH_NAME.test(name)) found.push({ kind: 'path', at });
  }
  return found;
}
