/**
 * Memory case (run with --expose-gc): the heap a compiled grant with 10,000
 * entries holds, and the heap a registry of 10,000 tools holds, each
 * measured as heapUsed after a full GC, against the heap before it.
 */
import { createGrant, createRegistry } from '../../src/index.js';
import { emit } from '../lib/child.js';

const N = 10_000;
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc');
const collect = gc;

/** Heap bytes held by what `build` returns, kept alive until measured. */
function heldBy(build: () => unknown): number {
  collect();
  collect();
  const before = process.memoryUsage().heapUsed;
  const kept = build();
  collect();
  collect();
  const after = process.memoryUsage().heapUsed;
  if (kept === undefined) throw new Error('nothing was built');
  return after - before;
}

// The lists are built inside each measurement: the strings the grant keeps count, the lists do not.
const tools = () => Array.from({ length: N }, (_, i) => `team/tool-${i}@1`);
const folders = () => Array.from({ length: N }, (_, i) => `/srv/projects/project-${i}`);
const network = () => Array.from({ length: N }, (_, i) => `api-${i}.example.com`);
const secrets = () => Array.from({ length: N }, (_, i) => `SECRET_${i}`);

const values = {
  [`grant of ${N} tool refs (bytes)`]: heldBy(() => createGrant({ tools: tools() })),
  [`grant of ${N} entries in each of tools, folders, network, secrets (bytes)`]: heldBy(() =>
    createGrant({ tools: tools(), folders: folders(), network: network(), secrets: secrets() }),
  ),
  [`registry of ${N} tools (bytes)`]: heldBy(() => {
    const registry = createRegistry({ builtins: 'none' });
    for (let i = 0; i < N; i++) {
      registry.register({
        name: `team/tool-${i}`,
        version: 1,
        description: `Tool ${i}: searches the workspace.`,
        inputSchema: {
          type: 'object',
          properties: {
            query: { type: 'string' },
            limit: { type: 'integer' },
            url: { type: 'string' },
          },
          required: ['query'],
          additionalProperties: false,
        },
        resources: [{ kind: 'url', at: '/url' }],
      });
    }
    return registry;
  }),
};
emit({ group: 'memory', cases: [], values });
