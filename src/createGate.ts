import { describeValue } from './data/describeValue.js';
import { hasOwn } from './data/hasOwn.js';
import { isPlainObject } from './data/isPlainObject.js';
import { ToolgateError } from './errors/ToolgateError.js';
import { createCoreGate } from './gate/createCoreGate.js';
import { attachGateLimits } from './gate/gateLimits.js';
import { attachGateRegistry } from './gate/gateRegistry.js';
import { resolveLimits } from './gate/resolveLimits.js';
import { readApprovalKey } from './gate/readApprovalKey.js';
import type { Gate, GateOptions } from './gate/types.js';
import { nodeRealpath } from './realpath/nodeRealpath.js';

const OPTION_KEYS = new Set(['registry', 'realpath', 'checks', 'limits', 'approvalKey']);

/**
 * Creates the ordered authority gate: `checkTurn` (proposal stage),
 * `checkDispatch` (dispatch stage) and `authorize` (both, as a preflight).
 *
 * This is the one place `realpath: 'node'` becomes the Node adapter; the
 * core gate only ever receives a function, so it stays free of I/O.
 */
export function createGate(options: GateOptions): Gate {
  if (!isPlainObject(options)) {
    throw new ToolgateError(
      'invalid_option',
      'createGate needs an options object { registry, realpath?, checks?, limits?, approvalKey? }',
    );
  }
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.has(key)) {
      throw new ToolgateError(
        'invalid_option',
        `createGate has no option ${JSON.stringify(key)}; the options are registry, realpath, checks, limits, approvalKey`,
      );
    }
  }
  // Own properties only: a polluted Object.prototype must not switch on realpath or set limits.
  const own = <K extends keyof GateOptions>(key: K): GateOptions[K] | undefined =>
    hasOwn(options, key) ? options[key] : undefined;
  // INVARIANT: createCoreGate refuses a registry not made by createRegistry, undefined included.
  const [registry, realpath, checks, limits, approvalKey] = [
    own('registry') as GateOptions['registry'],
    own('realpath'),
    own('checks'),
    own('limits'),
    own('approvalKey'),
  ];
  if (realpath !== undefined && realpath !== 'node' && typeof realpath !== 'function') {
    throw new ToolgateError(
      'invalid_option',
      `realpath ${describeValue(realpath)} must be 'node' or a function (absolutePath) => realPath | undefined`,
    );
  }
  if (checks !== undefined && !Array.isArray(checks)) {
    throw new ToolgateError('invalid_option', 'checks must be a list of { id, check }');
  }
  const gate = createCoreGate({
    registry,
    ...(realpath === undefined ? {} : { realpath: realpath === 'node' ? nodeRealpath : realpath }),
    ...(checks === undefined ? {} : { checks }),
    ...(limits === undefined ? {} : { limits }),
    ...(approvalKey === undefined
      ? {}
      : { approvalKey: readApprovalKey(approvalKey, 'createGate approvalKey') }),
  });
  // createRun reads the registry back (the Gate type does not expose it).
  attachGateRegistry(gate, registry);
  // A run in audit mode decodes a refused turn again, with the same limits (createCoreGate checked them).
  attachGateLimits(gate, resolveLimits(limits));
  return gate;
}
