import { describeValue } from './data/describeValue.js';
import { isPlainObject } from './data/isPlainObject.js';
import { ToolgateError } from './errors/ToolgateError.js';
import { createCoreGate } from './gate/createGate.js';
import type { Gate, GateOptions } from './gate/types.js';
import { nodeRealpath } from './realpath/nodeRealpath.js';

const OPTION_KEYS = new Set(['registry', 'realpath', 'checks', 'limits']);

/**
 * Creates the ordered authority gate: `checkTurn` (proposal stage),
 * `checkDispatch` (dispatch stage) and `authorize` (both, as a preflight).
 *
 * This is the one place `realpath: 'node'` becomes the Node adapter; the
 * core gate only ever receives a function, so it stays free of I/O.
 */
export function createGate(options: GateOptions): Gate {
  if (!isPlainObject(options)) {
    throw new ToolgateError('invalid_option', 'createGate needs an options object { registry, realpath?, checks?, limits? }');
  }
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.has(key)) {
      throw new ToolgateError('invalid_option', `createGate has no option ${JSON.stringify(key)}; the options are registry, realpath, checks, limits`);
    }
  }
  const { registry, realpath, checks, limits } = options;
  if (realpath !== undefined && realpath !== 'node' && typeof realpath !== 'function') {
    throw new ToolgateError('invalid_option', `realpath ${describeValue(realpath)} must be 'node' or a function (absolutePath) => realPath | undefined`);
  }
  if (checks !== undefined && !Array.isArray(checks)) {
    throw new ToolgateError('invalid_option', 'checks must be a list of { id, check }');
  }
  return createCoreGate({
    registry,
    ...(realpath === undefined ? {} : { realpath: realpath === 'node' ? nodeRealpath : realpath }),
    ...(checks === undefined ? {} : { checks }),
    ...(limits === undefined ? {} : { limits }),
  });
}
