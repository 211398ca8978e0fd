import { isPlainObject } from '../data/isPlainObject.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import { readFireOptions } from '../fire/readFireOptions.js';
import type { FireBinding } from '../fire/proposeAndFire.js';
import type { GateContext } from '../gate/types.js';
import { readImportOptions } from './readImportOptions.js';
import type { McpGatewayOptions } from './types.js';

const KEYS = [
  'upstream',
  'registry',
  'gate',
  'grant',
  'visible',
  'step',
  'cwd',
  'run',
  'timeoutMs',
  'shapeOutput',
  'verifyBeforeCall',
  'serverInfo',
  'namespace',
  'scopes',
  'version',
];

/**
 * Checks `createMcpGateway`'s options by shape (public methods and fields
 * only, so objects from any build of toolgate work) and works out who
 * decides calls: the run when one is given, else the gate with the
 * gateway's context. Throws `ToolgateError` (`invalid_option`).
 */
export function readGatewayOptions(options: McpGatewayOptions): { readonly binding: FireBinding } {
  if (!isPlainObject(options))
    throw new ToolgateError(
      'invalid_option',
      `createMcpGateway needs an options object { ${KEYS.join(', ')} }`,
    );
  for (const key of Object.keys(options)) {
    if (!KEYS.includes(key))
      throw new ToolgateError(
        'invalid_option',
        `createMcpGateway has no option ${JSON.stringify(key)}; the options are ${KEYS.join(', ')}`,
      );
  }
  const { upstream, registry, gate, grant, run, visible, step, cwd } = options;
  const problems: string[] = [];
  if (!hasMethods(upstream, ['listTools', 'callTool']))
    problems.push('upstream must be an MCP Client connected to the server');
  if (!hasMethods(registry, ['resolve', 'register', 'deregister']))
    problems.push('registry must be made by createRegistry()');
  if (!hasMethods(gate, ['checkTurn', 'checkDispatch']))
    problems.push('gate must be made by createGate({ registry })');
  if (typeof grant !== 'object' || !Array.isArray((grant as { tools?: unknown } | null)?.tools))
    problems.push('grant must be made by createGrant(spec)');
  if (run !== undefined && !hasMethods(run, ['propose', 'fire']))
    problems.push('run must be made by createRun');
  if (problems.length > 0)
    throw new ToolgateError('invalid_option', `createMcpGateway: ${problems.join('; ')}`, problems);
  readImportOptions(options, 'createMcpGateway');
  readFireOptions(
    {
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options.shapeOutput === undefined ? {} : { shapeOutput: options.shapeOutput }),
    },
    'createMcpGateway',
  );
  const context: GateContext = {
    grant,
    ...(visible === undefined ? {} : { visible }),
    ...(step === undefined ? {} : { step }),
    ...(cwd === undefined ? {} : { cwd }),
  };
  return { binding: run === undefined ? { gate, context } : { run } };
}

function hasMethods(value: unknown, names: readonly string[]): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return names.every((name) => typeof (value as Record<string, unknown>)[name] === 'function');
}
