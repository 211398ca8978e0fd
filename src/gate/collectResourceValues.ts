import { escapePointer } from '../data/escapePointer.js';
import { hasOwn } from '../data/hasOwn.js';
import {
  parseResourcePointer,
  WILDCARD,
  type PointerSegments,
} from '../registry/parseResourcePointer.js';
import type { RefusalDetail } from './types.js';

/** A value found at a resource pointer, and the concrete pointer it was found at. */
export interface FoundValue {
  readonly pointer: string;
  readonly value: unknown;
}

const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;
const NO_VALUES = /* @__PURE__ */ Object.freeze({ values: /* @__PURE__ */ Object.freeze([]) });

/**
 * Finds every value a resource pointer names in the arguments. A pointer
 * that finds nothing (an optional argument left out, or null on the way)
 * wants nothing. A pointer that runs into a string, number or boolean before
 * its last segment is refused: the tool may read that value in a way the
 * gate cannot see.
 *
 * // /path     over { path: 'a' }                  => [{ /path: 'a' }]
 * // /files/*  over { files: ['a', 'b'] }          => [{ /files/0: 'a' }, { /files/1: 'b' }]
 * // /opt/url  over { }                            => []
 * // /opt/url  over { opt: 'https://x' }           => refused at /opt
 */
export function collectResourceValues(
  segments: PointerSegments,
  args: Readonly<Record<string, unknown>>,
  /** The pointer as written; given when it has no `*`, so found values need no pointer built. */
  written?: string,
):
  | { readonly values: readonly FoundValue[] }
  | { readonly problem: RefusalDetail; readonly value: unknown } {
  if (written !== undefined && segments.length === 1 && typeof segments[0] === 'string') {
    // /path => the common case, one own property, decided without building pointers.
    const key = segments[0];
    return hasOwn(args, key) ? { values: [{ pointer: written, value: args[key] }] } : NO_VALUES;
  }
  let found: FoundValue[] = [{ pointer: '', value: args }];
  for (const segment of segments) {
    const next: FoundValue[] = [];
    for (const { pointer, value } of found) {
      if (value === null) continue;
      if (typeof value !== 'object') {
        return {
          problem: {
            pointer,
            message: 'a resource pointer goes through this value, which is not an object or a list',
          },
          value,
        };
      }
      if (Array.isArray(value)) {
        const items = value as readonly unknown[];
        if (segment === WILDCARD) {
          items.forEach((item, index) =>
            next.push({ pointer: `${pointer}/${index}`, value: item }),
          );
        } else if (ARRAY_INDEX.test(segment) && Number(segment) < items.length) {
          next.push({ pointer: `${pointer}/${segment}`, value: items[Number(segment)] });
        }
      } else if (segment === WILDCARD) {
        for (const key of Object.keys(value)) {
          next.push({
            pointer: `${pointer}/${escapePointer(key)}`,
            value: (value as Record<string, unknown>)[key],
          });
        }
      } else if (hasOwn(value, segment)) {
        next.push({
          pointer: `${pointer}/${escapePointer(segment)}`,
          value: (value as Record<string, unknown>)[segment],
        });
      }
    }
    found = next;
  }
  return { values: found };
}

/**
 * The string values a resource pointer, as written (`/path`, `/files/*`),
 * names in the arguments: what a person or a suggestion reads. A pointer
 * that does not parse, or arguments the gate would refuse at it, give none.
 *
 * // ('/files/*', { files: ['a', 1, 'b'] }) => ['a', 'b']
 */
export function stringValuesAt(at: string, args: Readonly<Record<string, unknown>>): string[] {
  const segments = parseResourcePointer(at);
  if (!segments.ok) return [];
  const found = collectResourceValues(segments.value, args);
  if ('problem' in found) return [];
  return found.values.flatMap((item) => (typeof item.value === 'string' ? [item.value] : []));
}
