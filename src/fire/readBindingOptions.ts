import { extend } from '../data/extend.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import type { GateContext } from '../gate/types.js';
import type { FireBinding } from './proposeAndFire.js';
import { readFireOptions } from './readFireOptions.js';

/** The options every adapter that proposes and fires calls takes. */
export interface BindingOptions {
  readonly registry?: unknown;
  readonly gate?: unknown;
  readonly grant?: unknown;
  readonly run?: unknown;
  readonly visible?: GateContext['visible'];
  readonly step?: GateContext['step'];
  readonly cwd?: GateContext['cwd'];
  readonly timeoutMs?: unknown;
  readonly shapeOutput?: unknown;
}

/** The keys of `BindingOptions`, in the order messages list them. */
export const BINDING_KEYS: readonly string[] = [
  'registry',
  'gate',
  'grant',
  'visible',
  'step',
  'cwd',
  'run',
  'timeoutMs',
  'shapeOutput',
];

/** What differs between the adapters that share this reader. */
export interface BindingSpec<T> {
  /** The public name, e.g. `createMcpGateway`, used in every message. */
  readonly api: string;
  /** Every key the options object may have. */
  readonly keys: readonly string[];
  /** The methods `registry` must have. */
  readonly registryMethods: readonly string[];
  /** Problems with the adapter's own options, listed before the shared ones. */
  readonly problemsBefore?: (options: T) => readonly string[];
  /** Problems with the adapter's own options, listed after the shared ones. */
  readonly problemsAfter?: (options: T) => readonly string[];
}

/**
 * Checks an adapter's options by shape (public methods and fields only, so
 * objects from any build of toolgate work), reports every problem at once,
 * and works out who decides calls: the run when one is given, else the gate
 * with the context the options carry. Throws `ToolgateError`
 * (`invalid_option`): these are programming errors.
 *
 * // ({ gate, grant, registry }, spec) => { gate, context: { grant } }
 * // ({ gate, grant, registry, run }, spec) => { run }
 * // ({ grant: {} }, spec) => throws: `api: registry must be made by createRegistry(); gate must be ...`
 */
export function readBindingOptions<T extends BindingOptions>(
  options: T,
  spec: BindingSpec<T>,
): FireBinding {
  const { api, keys } = spec;
  if (!isPlainObject(options))
    throw new ToolgateError(
      'invalid_option',
      `${api} needs an options object { ${keys.join(', ')} }`,
    );
  for (const key of Object.keys(options)) {
    if (!keys.includes(key))
      throw new ToolgateError(
        'invalid_option',
        `${api} has no option ${JSON.stringify(key)}; the options are ${keys.join(', ')}`,
      );
  }
  const { registry, gate, grant, run, visible, step, cwd } = options;
  const problems = [...(spec.problemsBefore?.(options) ?? [])];
  if (!hasMethods(registry, spec.registryMethods))
    problems.push('registry must be made by createRegistry()');
  if (!hasMethods(gate, ['checkTurn', 'checkDispatch']))
    problems.push('gate must be made by createGate({ registry })');
  if (typeof grant !== 'object' || !Array.isArray((grant as { tools?: unknown } | null)?.tools))
    problems.push('grant must be made by createGrant(spec)');
  if (run !== undefined && !hasMethods(run, ['propose', 'fire']))
    problems.push('run must be made by createRun');
  problems.push(...(spec.problemsAfter?.(options) ?? []));
  if (problems.length > 0)
    throw new ToolgateError('invalid_option', `${api}: ${problems.join('; ')}`, problems);
  readFireOptions(
    extend(
      options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs },
      options.shapeOutput === undefined ? {} : { shapeOutput: options.shapeOutput },
    ),
    api,
  );
  if (run !== undefined) return { run } as FireBinding;
  const context = {
    grant,
    ...(visible === undefined ? {} : { visible }),
    ...(step === undefined ? {} : { step }),
    ...(cwd === undefined ? {} : { cwd }),
  } as GateContext;
  return { gate, context } as FireBinding;
}

/** Whether `value` is an object with a function under each of `names`. */
export function hasMethods(value: unknown, names: readonly string[]): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return names.every((name) => typeof (value as Record<string, unknown>)[name] === 'function');
}
