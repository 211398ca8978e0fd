import { BINDING_KEYS, readBindingOptions } from '../fire/readBindingOptions.js';
import type { FireBinding } from '../fire/proposeAndFire.js';
import type { GateAgentToolsOptions } from './types.js';

const KEYS = [...BINDING_KEYS, 'onOutcome'];

/**
 * Checks `gateAgentTools`'s options and works out who decides calls: the
 * run when one is given, else the gate with this context. Throws
 * `ToolgateError` (`invalid_option`).
 */
export function readGateAgentToolsOptions(options: GateAgentToolsOptions): FireBinding {
  return readBindingOptions(options, {
    api: 'gateAgentTools',
    keys: KEYS,
    registryMethods: ['resolve'],
    problemsAfter: ({ onOutcome }) =>
      onOutcome !== undefined && typeof onOutcome !== 'function'
        ? ['onOutcome must be a function (outcome, callId) => void']
        : [],
  });
}
