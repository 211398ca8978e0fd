import { BINDING_KEYS, hasMethods, readBindingOptions } from '../fire/readBindingOptions.js';
import type { FireBinding } from '../fire/proposeAndFire.js';
import { readImportOptions } from './readImportOptions.js';
import type { McpGatewayOptions } from './types.js';

const KEYS = [
  'upstream',
  ...BINDING_KEYS,
  'verifyBeforeCall',
  'refreshAfterMs',
  'digests',
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
    problemsBefore: ({ upstream, refreshAfterMs, digests }) => [
      ...(hasMethods(upstream, ['listTools', 'callTool'])
        ? []
        : ['upstream must be an MCP Client connected to the server']),
      ...(refreshAfterMs === undefined ||
      (typeof refreshAfterMs === 'number' && Number.isFinite(refreshAfterMs) && refreshAfterMs >= 0)
        ? []
        : ['refreshAfterMs must be a number of milliseconds, 0 or more']),
      ...(digests === undefined || areDigests(digests)
        ? []
        : ['digests must map refs to full digests "sha256:<64 lower-case hex digits>"']),
    ],
  });
  readImportOptions(options, 'createMcpGateway');
  return { binding };
}

/** Whether every value of a plain object is a full `sha256:` digest. */
function areDigests(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every(
    (digest) => typeof digest === 'string' && /^sha256:[0-9a-f]{64}$/.test(digest),
  );
}
