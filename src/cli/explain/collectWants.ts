import { collectResourceValues } from '../../gate/collectResourceValues.js';
import type { GrantEntryQuery } from '../../grant/findGrantEntry.js';
import { parseResourcePointer } from '../../registry/parseResourcePointer.js';
import type { ResourceSpec, ToolEntry } from '../../registry/types.js';
import {
  formatHostAndPort,
  parseHostPattern,
  parseHostResource,
  parseUrlHost,
} from '../../scope/host/index.js';
import { canonicalizePath } from '../../scope/path/index.js';
import { describeValue } from '../../data/describeValue.js';

/** One thing a call wants of a scope, and the grant query that finds the entry allowing it. */
export interface Want {
  /** In words: `host api.github.com:443 (the tool's own)`, `path /workspace/a.ts (read)`. */
  readonly want: string;
  readonly pointer?: string;
  /** `undefined` when the value cannot be read as the check reads it (the check then refuses). */
  readonly query: GrantEntryQuery | undefined;
}

/** What a call wants of each scope, in the order its check asks. */
export interface CallWants {
  readonly network: readonly Want[];
  readonly folder: readonly Want[];
  readonly secret: readonly Want[];
}

/**
 * Lists what a call wants of the network, folder and secret scopes, read
 * exactly as the gate's checks read it: the tool's own hosts and secrets,
 * then each resource value at its pointer, canonicalized.
 *
 * // fs-read@1 { path: 'src/a.ts' }, cwd /workspace => folder: [path /workspace/src/a.ts (read) at /path]
 */
export function collectWants(
  entry: ToolEntry,
  args: Readonly<Record<string, unknown>>,
  cwd: string | undefined,
): CallWants {
  const network: Want[] = entry.network.map((text) => {
    const pattern = parseHostPattern(text);
    return {
      want: `host ${text} (the tool's own)`,
      query: pattern.ok ? { kind: 'hostPattern', pattern: pattern.value } : undefined,
    };
  });
  const folder: Want[] = [];
  const secret: Want[] = entry.secrets.map((name) => ({
    want: `secret ${name} (the tool's own)`,
    query: { kind: 'secret', name },
  }));
  for (const resource of entry.resources) {
    for (const { pointer, value } of valuesAt(resource, args)) {
      if (resource.kind === 'url' || resource.kind === 'host')
        network.push(hostWant(resource.kind, pointer, value));
      else if (resource.kind === 'path') folder.push(pathWant(resource, pointer, value, cwd));
      else
        secret.push({
          want: `secret ${describeValue(value)}`,
          pointer,
          query: typeof value === 'string' ? { kind: 'secret', name: value } : undefined,
        });
    }
  }
  return { network, folder, secret };
}

function valuesAt(
  resource: ResourceSpec,
  args: Readonly<Record<string, unknown>>,
): readonly { readonly pointer: string; readonly value: unknown }[] {
  const segments = parseResourcePointer(resource.at);
  if (!segments.ok) return [];
  const found = collectResourceValues(segments.value, args);
  return 'values' in found ? found.values : [];
}

function hostWant(kind: 'url' | 'host', pointer: string, value: unknown): Want {
  const parsed = kind === 'url' ? parseUrlHost(value) : parseHostResource(value);
  if (!parsed.ok) return { want: `${kind} ${describeValue(value)}`, pointer, query: undefined };
  const { host, port } = parsed.value;
  const shown = formatHostAndPort(host, port);
  const want = kind === 'url' ? `url ${describeValue(value)} => host ${shown}` : `host ${shown}`;
  return { want, pointer, query: { kind: 'host', host, port } };
}

function pathWant(
  resource: ResourceSpec,
  pointer: string,
  value: unknown,
  cwd: string | undefined,
): Want {
  const access = resource.access ?? 'write';
  const canonical = canonicalizePath(value, cwd);
  if (!canonical.ok)
    return { want: `path ${describeValue(value)} (${access})`, pointer, query: undefined };
  const written =
    typeof value === 'string' && value !== canonical.value ? `${describeValue(value)} => ` : '';
  return {
    want: `path ${written}${canonical.value} (${access})`,
    pointer,
    query: { kind: 'folder', path: canonical.value, access },
  };
}
