import { BINDING_KEYS, hasMethods, readBindingOptions } from '../fire/readBindingOptions.js';
import type { FireBinding } from '../fire/proposeAndFire.js';
import { readImportOptions } from './readImportOptions.js';
import type { McpGatewayOptions } from './types.js';

const KEYS = [
  'upstream',
  ...BINDING_KEYS,
  'verifyBeforeCall',
  'serverInfo',
  'namespace',
  'scopes',
  'version',
];

/**
 * Checks `createMcpGateway`'s options and works out who decides calls: the
 * run when one is given, else the gate with the gateway's context. Throws
 * `ToolgateError` (`invalid_option`).
 */
export function readGatewayOptions(options: McpGatewayOptions): { readonly binding: FireBinding } {
  const binding = readBindingOptions(options, {
    api: 'createMcpGateway',
    keys: KEYS,
    registryMethods: ['resolve', 'register', 'deregister'],
    problemsBefore: ({ upstream }) =>
      hasMethods(upstream, ['listTools', 'callTool'])
        ? []
        : ['upstream must be an MCP Client connected to the server'],
  });
  readImportOptions(options, 'createMcpGateway');
  return { binding };
}
