/**
 * Menu case: rendering the menu of 100 granted tools (SPEC §8), cold and
 * cached. Runs only once `renderMenu` is exported from src/index.ts;
 * otherwise it reports that it was not measured.
 */
import * as toolgate from '../../src/index.js';
import { createGrant, createRegistry } from '../../src/index.js';
import { emit, timedOptions } from '../lib/child.js';
import { measureTimed, sink } from '../lib/measure.js';

const TOOLS = 100;
/** Fresh grants rendered per cold round; each is rendered once, so every render misses any cache. */
const COLD_BATCH = 100;

type RenderMenu = (options: { registry: toolgate.Registry; grant: toolgate.Grant }) => string;
const renderMenu = (toolgate as Record<string, unknown>).renderMenu as RenderMenu | undefined;

if (typeof renderMenu !== 'function') {
  emit({ group: 'menu', cases: [], notMeasured: 'renderMenu not built yet' });
} else {
  const registry = createRegistry({ builtins: 'none' });
  const refs: string[] = [];
  for (let i = 0; i < TOOLS; i++) {
    registry.register({
      name: `menu/tool-${i}`,
      version: 1,
      description: `Tool number ${i}: searches the workspace and returns matching items.`,
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'What to look for.' },
          limit: { type: 'integer' },
          tags: { type: 'array', items: { type: 'string' } },
        },
        required: ['query'],
      },
      example: { query: `item ${i}` },
    });
    refs.push(`menu/tool-${i}@1`);
  }
  const grantFor = () => createGrant({ tools: refs });
  const check = (text: string) => {
    if (
      !text.startsWith('You can call the following tools:') ||
      text.split('\nname: ').length !== TOOLS + 1
    ) {
      throw new Error(`renderMenu did not list ${TOOLS} tools`);
    }
  };

  // The very first render in this fresh process: nothing compiled, nothing cached.
  const firstGrant = grantFor();
  const firstStart = process.hrtime.bigint();
  const first = renderMenu({ registry, grant: firstGrant });
  const firstRender = Number(process.hrtime.bigint() - firstStart);
  check(first);

  // Cold with a warm JIT: every render is for a grant never rendered before.
  const options = timedOptions();
  const batches = Array.from({ length: options.rounds + 2 }, () =>
    Array.from({ length: COLD_BATCH }, grantFor),
  );
  const coldRuns: number[] = [];
  batches.forEach((batch, round) => {
    const start = process.hrtime.bigint();
    for (const grant of batch) sink.value = renderMenu({ registry, grant });
    // The first two batches warm the JIT up.
    if (round >= 2) coldRuns.push(Number(process.hrtime.bigint() - start) / COLD_BATCH);
  });
  check(String(sink.value));

  const cached = measureTimed(
    [
      {
        name: 'cached (same grant, same registry revision)',
        operation: () => renderMenu({ registry, grant: firstGrant }),
      },
    ],
    options,
  );
  const sorted = [...coldRuns].sort((a, b) => a - b);
  emit({
    group: 'menu',
    cases: [
      {
        name: 'cold (a grant never rendered before)',
        runs: coldRuns,
        min: sorted[0] ?? NaN,
        median: sorted[Math.floor(sorted.length / 2)] ?? NaN,
        max: sorted[sorted.length - 1] ?? NaN,
      },
      ...cached,
    ],
    values: { 'first render in a fresh process (ns)': firstRender },
  });
}
