import { createCoreGate } from '../gate/createCoreGate.js';
import type { Gate } from '../gate/types.js';
import { createGrant } from '../grant/createGrant.js';
import { folderRootsOf } from '../grant/folderRootsOf.js';
import type { Grant, GrantSpec } from '../grant/types.js';
import { createRegistry } from '../registry/createRegistry.js';
import type { ResourceSpec } from '../registry/types.js';

/** What a probe asks the gate about: a path with an access, a `host:port`, or a secret name. */
export type ProbeKind = 'read' | 'write' | 'host' | 'secret';

/** Decides single values through the real gate, against any grant's scopes. */
export interface Probe {
  /** Does the gate let a call wanting this one value through, under this grant's scopes? */
  readonly allows: (grant: Grant, kind: ProbeKind, value: string) => boolean;
}

const RESOURCES: Readonly<Record<ProbeKind, ResourceSpec>> = {
  read: { kind: 'path', at: '/value', access: 'read' },
  write: { kind: 'path', at: '/value', access: 'write' },
  host: { kind: 'host', at: '/value' },
  secret: { kind: 'secret', at: '/value' },
};
const KINDS = /* @__PURE__ */ Object.keys(RESOURCES) as ProbeKind[];
const nameOf = (kind: ProbeKind) => `toolgate-probe/${kind}`;

/**
 * A gate over a private registry of four probe tools, each wanting one
 * value of one kind, and for each grant a copy of its scopes that grants
 * those tools. A witness `compareGrants` reports is one this gate allows
 * under `after` and refuses under `before`: never a false alarm.
 * Pure: no I/O, no realpath (the comparison is lexical).
 */
export function createProbe(): Probe {
  const registry = createRegistry({ builtins: 'none' });
  for (const kind of KINDS) {
    registry.register({
      name: nameOf(kind),
      version: 1,
      kind: 'custom',
      description: `Wants one ${kind} value, for compareGrants.`,
      inputSchema: {
        type: 'object',
        properties: { value: { type: 'string' } },
        required: ['value'],
        additionalProperties: false,
      },
      resources: [RESOURCES[kind]],
    });
  }
  const gate: Gate = createCoreGate({ registry });
  const probes = new WeakMap<Grant, Grant>();
  const probeGrantOf = (grant: Grant): Grant => {
    let probe = probes.get(grant);
    if (probe === undefined) {
      probe = createGrant(scopesOf(grant));
      probes.set(grant, probe);
    }
    return probe;
  };
  return Object.freeze({
    allows: (grant: Grant, kind: ProbeKind, value: string) =>
      gate.authorize(
        { calls: [{ tool: nameOf(kind), version: 1, arguments: { value } }] },
        { grant: probeGrantOf(grant) },
      ).settled === 'tool',
  });
}

/** A grant's scopes (roots, hosts, secrets, denies included) with the probe tools granted. */
export function scopesOf(grant: Pick<Grant, 'folders' | 'network' | 'secrets'>): GrantSpec {
  return {
    tools: KINDS.map((kind) => `${nameOf(kind)}@1`),
    folders: grant.folders,
    network: grant.network,
    secrets: grant.secrets,
  };
}

/** The same scopes with every deny entry dropped: what the allow entries alone let through. */
export function allowsOnly(grant: Grant): Grant {
  const isAllow = (entry: string) => !entry.startsWith('!');
  return createGrant({
    folders: folderRootsOf(grant),
    network: grant.network.filter(isAllow),
    secrets: grant.secrets.filter(isAllow),
  });
}
