import { describeValue } from '../data/describeValue.js';
import { hasOwn } from '../data/hasOwn.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { parseResourcePointer } from './parseResourcePointer.js';
import type { ResourceSpec } from './types.js';
import type { PointerSegments } from './parseResourcePointer.js';

const RESOURCE_KEYS = new Set(['kind', 'at', 'access']);
const RESOURCE_KINDS = new Set(['path', 'url', 'host', 'secret']);

/** A resource with its pointer parsed once. */
export interface CompiledResource {
  readonly spec: ResourceSpec;
  readonly segments: PointerSegments;
  /** The pointer as written when it has no `*`: then it is also the pointer of the one value found. */
  readonly written: string | undefined;
  readonly access: 'read' | 'write';
}

/** Reads and checks `resources`, parsing each pointer once. */
export function readResources(list: unknown, problems: string[]): CompiledResource[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) {
    problems.push('resources must be a list of { kind, at, access? }');
    return [];
  }
  const compiled: CompiledResource[] = [];
  list.forEach((item: unknown, index) => {
    const where = `resources[${index}]`;
    if (!isPlainObject(item)) {
      problems.push(`${where} must be an object { kind, at, access? }`);
      return;
    }
    const before = problems.length;
    for (const key of Object.keys(item)) {
      if (!RESOURCE_KEYS.has(key))
        problems.push(
          `${where} has unknown key ${JSON.stringify(key)}; the keys are kind, at, access`,
        );
    }
    // Own properties only: a polluted Object.prototype must not supply a kind or turn the default write access into read.
    const own = (key: string): unknown => (hasOwn(item, key) ? item[key] : undefined);
    const [kind, at, access] = [own('kind'), own('at'), own('access')];
    if (typeof kind !== 'string' || !RESOURCE_KINDS.has(kind)) {
      problems.push(`${where}.kind ${describeValue(kind)} must be one of path, url, host, secret`);
    }
    if (hasOwn(item, 'access') && kind !== 'path') {
      problems.push(`${where}.access is only for path resources; remove it`);
    } else if (hasOwn(item, 'access') && access !== 'read' && access !== 'write') {
      problems.push(`${where}.access ${describeValue(access)} must be "read" or "write"`);
    }
    const pointer = parseResourcePointer(at);
    if (!pointer.ok) problems.push(`${where}.at ${describeValue(at)}: ${pointer.problem}`);
    if (problems.length > before || !pointer.ok) return;
    const resolvedAccess = access === 'read' ? 'read' : 'write';
    const spec = Object.freeze(
      kind === 'path'
        ? { kind: 'path' as const, at: at as string, access: resolvedAccess }
        : { kind: kind as ResourceSpec['kind'], at: at as string },
    );
    const written = pointer.value.every((segment) => typeof segment === 'string')
      ? spec.at
      : undefined;
    compiled.push({ spec, segments: pointer.value, written, access: resolvedAccess });
  });
  return compiled;
}
