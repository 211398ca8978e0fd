import { describeValue } from '../data/describeValue.js';
import { hasOwn } from '../data/hasOwn.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { throwIfProblems, ToolgateError } from '../errors/ToolgateError.js';
import { registryOfGate } from '../gate/gateRegistry.js';
import type { Gate, Step } from '../gate/types.js';
import { compiledGrantOf, type CompiledGrant } from '../grant/compiledGrant.js';
import type { Budgets, Grant } from '../grant/types.js';
import type { Registry } from '../registry/types.js';
import { resolveBudgets } from './resolveBudgets.js';
import { readRunBudgets } from './readRunBudgets.js';
import { readRunSteps } from './readRunSteps.js';
import type { RunLedger } from './ledgerTypes.js';
import type { RecordSink, RunOptions } from './types.js';
import { splitToolEntry } from '../grant/splitToolEntry.js';

/** `createRun`'s options, checked and copied. */
export interface RunConfig {
  readonly gate: Gate;
  readonly registry: Registry;
  readonly grant: Grant;
  readonly compiledGrant: CompiledGrant;
  /** Frozen copies, by name, in the order given. */
  readonly steps: ReadonlyMap<string, Step>;
  readonly budgets: Budgets;
  readonly cwd: string | undefined;
  readonly visible: readonly string[] | undefined;
  readonly sink: RecordSink | undefined;
  readonly id: string | undefined;
  readonly enforce: boolean;
  readonly ledger: RunLedger | undefined;
}

const KEYS = [
  'gate',
  'grant',
  'steps',
  'budgets',
  'cwd',
  'visible',
  'sink',
  'id',
  'enforce',
  'ledger',
];

/**
 * Checks `createRun`'s options, reporting every problem at once, and copies
 * what the run keeps, so later changes to the caller's objects change
 * nothing. Throws `ToolgateError`: `invalid_option` for bad options;
 * `invalid_grant` for a grant not made by `createGrant`, or one naming a
 * tool the gate's registry lists as never grantable (SPEC §5).
 */
export function readRunOptions(options: RunOptions): RunConfig {
  if (!isPlainObject(options)) {
    throw new ToolgateError(
      'invalid_option',
      'createRun needs an options object { gate, grant, steps?, budgets?, cwd?, visible?, sink?, id?, enforce?, ledger? }',
    );
  }
  const problems: string[] = [];
  for (const key of Object.keys(options)) {
    if (!KEYS.includes(key))
      problems.push(
        `createRun has no option ${JSON.stringify(key)}; the options are ${KEYS.join(', ')}`,
      );
  }
  const own = (key: string): unknown => (hasOwn(options, key) ? options[key] : undefined);
  const registry = registryOfGate(own('gate'));
  if (registry === undefined) problems.push('gate must be made by createGate({ registry })');
  const steps = readRunSteps(own('steps'), problems);
  const budgets = readRunBudgets(own('budgets'), problems);
  const cwd = own('cwd');
  if (
    cwd !== undefined &&
    (typeof cwd !== 'string' || !cwd.startsWith('/') || cwd.includes('\0'))
  ) {
    problems.push(`cwd ${describeValue(cwd)} must be an absolute path such as "/srv/project"`);
  }
  const visible = own('visible');
  const names =
    visible instanceof Set || Array.isArray(visible)
      ? [...(visible as Iterable<unknown>)]
      : undefined;
  if (
    visible !== undefined &&
    (names === undefined || names.some((name) => typeof name !== 'string'))
  ) {
    problems.push('visible must be a Set or list of tool names');
  }
  const sink = own('sink');
  if (
    sink !== undefined &&
    (typeof sink !== 'object' ||
      sink === null ||
      typeof (sink as { write?: unknown }).write !== 'function')
  ) {
    problems.push(
      'sink must be an object with a write(entry) function, such as createMemorySink()',
    );
  }
  const id = own('id');
  if (id !== undefined && (typeof id !== 'string' || id === ''))
    problems.push('id must be a non-empty string');
  const ledger = own('ledger');
  if (
    ledger !== undefined &&
    (typeof ledger !== 'object' ||
      ledger === null ||
      ['read', 'spend', 'acceptApproval'].some(
        (key) => typeof (ledger as Record<string, unknown>)[key] !== 'function',
      ))
  ) {
    problems.push(
      'ledger must have read, spend and acceptApproval functions, such as createMemoryLedger()',
    );
  }
  if (ledger !== undefined && id === undefined)
    problems.push('a run with a ledger needs an id: the ledger keeps budgets by run id');
  const enforce = own('enforce');
  if (enforce !== undefined && typeof enforce !== 'boolean')
    problems.push(
      `enforce ${describeValue(enforce)} must be true or false (false: audit mode, decide and record but let through)`,
    );
  throwIfProblems('invalid_option', 'the createRun options', problems);

  const grant = own('grant');
  const compiledGrant = compiledGrantOf(grant);
  if (compiledGrant === undefined)
    throw new ToolgateError('invalid_grant', 'createRun needs { grant } made by createGrant(spec)');
  const granted = grant as Grant;
  // A run whose grant has labels shares what it touched through its ledger (SPEC §14.5).
  if (
    compiledGrant.labels !== undefined &&
    ledger !== undefined &&
    typeof (ledger as Record<string, unknown>).touch !== 'function'
  )
    throw new ToolgateError(
      'invalid_option',
      'the createRun options: the grant has labels, so its ledger must have a touch(run, seen, labels) function to share what the run touched, such as createMemoryLedger() or createPostgresLedger()',
    );
  // INVARIANT: registry is defined, or throwIfProblems threw above.
  const tools = registry as Registry;
  throwIfProblems(
    'invalid_grant',
    'the grant',
    granted.tools.flatMap((ref, index) =>
      tools.resolve(splitToolEntry(ref).ref)?.grantable === false
        ? [
            `tools[${index}] ${ref}: the registry lists this tool as never grantable, so no run may be granted it; remove it from the grant`,
          ]
        : [],
    ),
  );
  return {
    gate: own('gate') as Gate,
    registry: tools,
    grant: granted,
    compiledGrant,
    steps,
    budgets: resolveBudgets(budgets, granted.budgets),
    cwd: cwd as string | undefined,
    visible: names === undefined ? undefined : Object.freeze(names as string[]),
    sink: sink as RecordSink | undefined,
    id: id as string | undefined,
    enforce: enforce !== false,
    ledger: ledger as RunLedger | undefined,
  };
}
