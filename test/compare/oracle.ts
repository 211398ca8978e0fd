import { createGate, createGrant, createRegistry, type Grant } from '../../src/index.js';

/**
 * An oracle for grant comparisons, independent of compareGrants' own probe:
 * the public gate over the built-in file tools and two custom tools, deciding
 * one value at a time under a grant's scopes.
 */
const registry = createRegistry();
for (const [name, kind] of [
  ['oracle/host', 'host'],
  ['oracle/secret', 'secret'],
] as const) {
  registry.register({
    name,
    version: 1,
    kind: 'custom',
    description: `Wants one ${kind}.`,
    inputSchema: { type: 'object', properties: { v: { type: 'string' } }, required: ['v'] },
    resources: [{ kind, at: '/v' }],
  });
}
const gate = createGate({ registry });
const TOOLS = ['fs-read@1', 'fs-write@1', 'oracle/host@1', 'oracle/secret@1'];

const granted = new WeakMap<Grant, Grant>();

function granting(grant: Grant): Grant {
  const known = granted.get(grant);
  if (known !== undefined) return known;
  const made = createGrant({
    tools: TOOLS,
    folders: grant.folders,
    network: grant.network,
    secrets: grant.secrets,
  });
  granted.set(grant, made);
  return made;
}

/** Does the gate allow this value under the grant's scopes? */
export function oracleAllows(
  grant: Grant,
  kind: 'read' | 'write' | 'host' | 'secret',
  value: string,
): boolean {
  const call =
    kind === 'read'
      ? { tool: 'fs-read', version: 1, shape: 'read', arguments: { path: value } }
      : kind === 'write'
        ? {
            tool: 'fs-write',
            version: 1,
            shape: 'overwrite',
            arguments: { path: value, content: '' },
          }
        : { tool: `oracle/${kind}`, version: 1, arguments: { v: value } };
  return gate.authorize({ calls: [call] }, { grant: granting(grant) }).settled === 'tool';
}
