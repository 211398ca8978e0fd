/**
 * Registry-scale case (run with --expose-gc): the time to register N tools
 * and the heap the registry then holds per tool, for tools sharing one
 * schema (100,000: one compiled validator for all) and for tools with
 * distinct schemas (10,000: one validator each, each compiled in its own
 * ajv instance). Values: ms for the whole registration, bytes per tool.
 */
import { createRegistry, type Registry } from '../../src/index.js';
import { emit } from '../lib/child.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc');
const collect = gc;

/** A realistic small tool schema; `i` makes it distinct when given. */
const schemaOf = (i?: number) => ({
  type: 'object',
  properties: {
    query: { type: 'string', description: 'what to search for' },
    limit: { type: 'integer', minimum: 1, maximum: 100 },
    ...(i === undefined ? {} : { [`field${String(i)}`]: { type: 'string' } }),
  },
  required: ['query'],
  additionalProperties: false,
});

/** Registers n tools; returns the registry, the ms it took and the heap it holds per tool. */
function registerMany(n: number, distinct: boolean): { ms: number; bytesPerTool: number } {
  collect();
  collect();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const registry: Registry = createRegistry({ builtins: 'none' });
  for (let i = 0; i < n; i++) {
    registry.register({
      name: `team/tool-${String(i)}`,
      version: 1,
      description: 'Searches the team documents.',
      inputSchema: schemaOf(distinct ? i : undefined),
    });
  }
  const ms = performance.now() - started;
  collect();
  collect();
  const bytes = process.memoryUsage().heapUsed - heapBefore;
  if (registry.inventory().length !== n) throw new Error('a tool went missing');
  return { ms, bytesPerTool: bytes / n };
}

const shared = registerMany(100_000, false);
const distinct = registerMany(10_000, true);
emit({
  group: 'registry-scale',
  cases: [],
  values: {
    'register 100,000 tools, one shared schema (ns)': shared.ms * 1e6,
    'register 10,000 tools, distinct schemas (ns)': distinct.ms * 1e6,
    'heap per tool, shared schema (bytes)': shared.bytesPerTool,
    'heap per tool, distinct schemas (bytes)': distinct.bytesPerTool,
  },
});
