import { canonicalJson } from '../data/canonicalJson.js';
import { describeValue } from '../data/describeValue.js';
import type { CompiledTool } from '../registry/validateDefinition.js';
import { collectResourceValues } from './collectResourceValues.js';
import type { ToolReading } from './toolReadings.js';
import type { RefusalDetail } from './types.js';

/**
 * Where the tool's own reading of the arguments differs from the arguments
 * the gate checks, at any resource pointer (path, URL, host, secret): SPEC
 * §14.1 "What is checked is what runs". A schema that trims, lower-cases,
 * fills in a default, coerces or transforms a scoped value would hand the
 * tool a value no check saw, so each such pointer is a detail of a
 * `bad_arguments` refusal. Values elsewhere may change freely. A reading
 * that failed (the tool's own schema refuses the arguments) is one detail.
 *
 * // /path: "/srv/data/.env " read as "/srv/data/.env" => [{ pointer: '/path', message: … }]
 * // /path unchanged, /limit "5" read as 5               => []
 */
export function findReadingMismatches(
  tool: CompiledTool,
  args: Readonly<Record<string, unknown>>,
  reading: ToolReading,
): readonly RefusalDetail[] {
  if (!('value' in reading)) {
    return [
      {
        pointer: '',
        message: `the tool's own schema refuses these arguments: ${describeValue(reading.problem)}`,
      },
    ];
  }
  const read = reading.value;
  const resources = [...tool.pathResources, ...tool.networkResources, ...tool.secretResources];
  if (resources.length === 0 || read === args) return [];
  if (typeof read !== 'object' || read === null || Array.isArray(read)) {
    return [
      {
        pointer: '',
        message: `the tool's own schema reads the arguments as ${shown(read)}, not as an object the gate can check; send arguments its schema keeps as they are`,
      },
    ];
  }
  const details: RefusalDetail[] = [];
  for (const resource of resources) {
    const checked = collectResourceValues(resource.segments, args, resource.written);
    // The scope checks refuse this pointer themselves, with their own reason.
    if ('problem' in checked) continue;
    const used = collectResourceValues(
      resource.segments,
      read as Readonly<Record<string, unknown>>,
      resource.written,
    );
    if ('problem' in used) {
      details.push({
        pointer: used.problem.pointer,
        message: `the tool's own schema turns this into ${shown(used.value)}, which the resource pointer ${resource.spec.at} cannot go through`,
      });
      continue;
    }
    const before = new Map(checked.values.map(({ pointer, value }) => [pointer, value]));
    const after = new Map(used.values.map(({ pointer, value }) => [pointer, value]));
    for (const [pointer, value] of after) {
      if (!before.has(pointer)) {
        details.push({
          pointer,
          message: `the tool's own schema fills this in as ${shown(value)}, which the call does not send; the gate checks only what is sent, so send it`,
        });
      } else if (!isSameValue(before.get(pointer), value)) {
        details.push({
          pointer,
          message: `the tool's own schema reads this as ${shown(value)}, not ${shown(before.get(pointer))} as the gate checked it; send the value the tool will use`,
        });
      }
    }
    for (const [pointer, value] of before) {
      if (!after.has(pointer)) {
        details.push({
          pointer,
          message: `the tool's own schema drops ${shown(value)} here, so the tool would not use the value the gate checked`,
        });
      }
    }
  }
  return details;
}

/** Strings quoted, so a trailing space shows: "/srv/data/.env ". */
function shown(value: unknown): string {
  return typeof value === 'string' ? describeValue(JSON.stringify(value)) : describeValue(value);
}

/** The same primitive, or the same JSON; anything without one JSON text differs. */
function isSameValue(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  try {
    return canonicalJson(x) === canonicalJson(y);
  } catch {
    return false;
  }
}
