import { isPlainObject } from '../data/isPlainObject.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import { readFireOptions } from '../fire/readFireOptions.js';
import type { FireBinding } from '../fire/proposeAndFire.js';
import type { GateContext } from '../gate/types.js';
import type { GateAiToolsOptions } from './types.js';

const KEYS = [
  'registry',
  'gate',
  'grant',
  'visible',
  'step',
  'cwd',
  'run',
  'timeoutMs',
  'shapeOutput',
  'onOutcome',
];

/**
 * Checks `gateAiTools`'s options by shape (public methods and fields only,
 * so objects from any build of toolgate work) and works out who decides
 * calls: the run when one is given, else the gate with this context.
 * Throws `ToolgateError` (`invalid_option`).
 */
export function readGateAiToolsOptions(options: GateAiToolsOptions): FireBinding {
  if (!isPlainObject(options))
    throw new ToolgateError(
      'invalid_option',
      `gateAiTools needs an options object { ${KEYS.join(', ')} }`,
    );
  for (const key of Object.keys(options)) {
    if (!KEYS.includes(key))
      throw new ToolgateError(
        'invalid_option',
        `gateAiTools has no option ${JSON.stringify(key)}; the options are ${KEYS.join(', ')}`,
      );
  }
  const { registry, gate, grant, run, visible, step, cwd, onOutcome } = options;
  const problems: string[] = [];
  if (!hasMethods(registry, ['resolve']))
    problems.push('registry must be made by createRegistry()');
  if (!hasMethods(gate, ['checkTurn', 'checkDispatch']))
    problems.push('gate must be made by createGate({ registry })');
  if (typeof grant !== 'object' || !Array.isArray((grant as { tools?: unknown } | null)?.tools))
    problems.push('grant must be made by createGrant(spec)');
  if (run !== undefined && !hasMethods(run, ['propose', 'fire']))
    problems.push('run must be made by createRun');
  if (onOutcome !== undefined && typeof onOutcome !== 'function')
    problems.push('onOutcome must be a function (outcome, toolCallId) => void');
  if (problems.length > 0)
    throw new ToolgateError('invalid_option', `gateAiTools: ${problems.join('; ')}`, problems);
  readFireOptions(
    {
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options.shapeOutput === undefined ? {} : { shapeOutput: options.shapeOutput }),
    },
    'gateAiTools',
  );
  const context: GateContext = {
    grant,
    ...(visible === undefined ? {} : { visible }),
    ...(step === undefined ? {} : { step }),
    ...(cwd === undefined ? {} : { cwd }),
  };
  return run === undefined ? { gate, context } : { run };
}

function hasMethods(value: unknown, names: readonly string[]): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return names.every((name) => typeof (value as Record<string, unknown>)[name] === 'function');
}
