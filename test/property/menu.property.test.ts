import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createGate,
  createGrant,
  createRegistry,
  renderMenu,
  toOpenAITools,
  toProviderToolName,
  type Registry,
} from '../../src/index.js';
import { runs } from '../helpers/testEnv.js';

const RUNS = { numRuns: runs(10_000), seed: 20_261_201 } as const;

/** Registered refs (besides the managed built-ins); some granted refs below are never registered. */
const REGISTERED = ['a@1', 'a@2', 'a/b@1', 'a/b/c@1', 'b@1', 'b/x@1', 'c-d@1', 'e_f/g@1'];
const UNREGISTERED = ['gone@1', 'a/b@3', 'b/x@2'];
/** Managed built-ins: fs-read@1 and fs-write@1 are never grantable, text-summarize@1 is. */
const BUILT_IN = ['fs-read@1', 'fs-write@1', 'text-summarize@1'];
const NEVER_GRANTABLE = new Set(['fs-read@1', 'fs-write@1']);
const REFS = [...REGISTERED, ...UNREGISTERED, ...BUILT_IN];
const NAMES = [...new Set(REFS.map((ref) => ref.slice(0, ref.lastIndexOf('@'))))];
const PATTERNS = ['a/*', 'b/*', 'a/b/*', 'e_f/*', '*', 'nope', 'A'];

function aRegistry(): Registry {
  const registry = createRegistry({ builtins: 'managed' });
  for (const ref of REGISTERED) {
    const at = ref.lastIndexOf('@');
    registry.register({
      name: ref.slice(0, at),
      version: Number(ref.slice(at + 1)),
      description: `Tool ${ref}.`,
      inputSchema: { type: 'object' },
    });
  }
  return registry;
}

/** An oracle for `visible`, written apart from the library's: exact, `*`, or a `prefix/*` the name starts under. */
const oracleVisible = (name: string, visible: readonly string[] | undefined) =>
  visible === undefined ||
  visible.some(
    (entry) =>
      entry === name ||
      entry === '*' ||
      (entry.endsWith('/*') && name.startsWith(entry.slice(0, -1))),
  );

/** The refs a menu lists, read back from its `name:` and `version:` lines. */
function listedRefs(menu: string): string[] {
  const refs: string[] = [];
  const lines = menu.split('\n');
  lines.forEach((line, index) => {
    const next = lines[index + 1];
    if (line.startsWith('name: ') && next?.startsWith('version: '))
      refs.push(`${line.slice(6)}@${next.slice(9)}`);
  });
  return refs;
}

const view = fc.record({
  grant: fc.shuffledSubarray(REFS),
  step: fc.option(fc.subarray([...NAMES, 'unknown']), { nil: undefined }),
  visible: fc.option(fc.subarray([...NAMES, ...PATTERNS]), { nil: undefined }),
  asSet: fc.boolean(),
});

describe('menu laws', () => {
  const registry = aRegistry();
  const gate = createGate({ registry });

  it('lists exactly the granted ∩ visible ∩ step tools, in grant order, one blank line apart (and the provider lists the same)', () => {
    fc.assert(
      fc.property(view, ({ grant: refs, step, visible, asSet }) => {
        const grant = createGrant({ tools: refs });
        const options = {
          registry,
          grant,
          ...(step === undefined ? {} : { step: { name: 'step', tools: step } }),
          ...(visible === undefined ? {} : { visible: asSet ? new Set(visible) : visible }),
        };
        const expected = refs.filter((ref) => {
          const name = ref.slice(0, ref.lastIndexOf('@'));
          return (
            !NEVER_GRANTABLE.has(ref) &&
            (step === undefined || step.includes(name)) &&
            oracleVisible(name, visible)
          );
        });
        const menu = renderMenu(options);
        // One comparison per run (expect is the slow part): what the menu shows, and how it is laid out.
        const seen = {
          listed: listedRefs(menu).join(' '),
          entries: menu === '' ? 0 : menu.split('\n\n').length,
          header: menu === '' || menu.startsWith('You can call the following tools:\nname: '),
          loose: /\n{3}|\n$/.test(menu),
          provider: toOpenAITools(options)
            .map((tool) => tool.function.name)
            .join(' '),
        };
        const want = {
          listed: expected.join(' '),
          entries: expected.length,
          header: true,
          loose: false,
          provider: expected.map(toProviderToolName).join(' '),
        };
        if (JSON.stringify(seen) !== JSON.stringify(want)) expect(seen).toEqual(want);
      }),
      RUNS,
    );
  });

  it('never lists a tool the gate would refuse as not granted or hidden', () => {
    fc.assert(
      fc.property(view, ({ grant: refs, visible }) => {
        const grant = createGrant({ tools: refs });
        const options = { registry, grant, ...(visible === undefined ? {} : { visible }) };
        for (const ref of listedRefs(renderMenu(options))) {
          if (registry.resolve(ref) === undefined) continue;
          const at = ref.lastIndexOf('@');
          const call = {
            tool: ref.slice(0, at),
            version: Number(ref.slice(at + 1)),
            arguments: { text: 'x' },
          };
          const decision = gate.checkTurn(
            { calls: [call] },
            { grant, ...(visible === undefined ? {} : { visible }) },
          );
          expect(decision.settled === 'rejected' ? decision.refusal.code : 'passed').not.toMatch(
            /^(not_granted|hidden_tool)$/,
          );
        }
      }),
      { ...RUNS, numRuns: runs(2_000) },
    );
  });
});
