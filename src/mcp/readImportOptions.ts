import { ToolgateError } from '../errors/ToolgateError.js';
import { isToolName } from '../registry/isToolName.js';
import type { McpImportOptions } from './types.js';

/**
 * Checks the import options shared by `importMcpTools` and
 * `createMcpGateway`; throws `ToolgateError` (`invalid_option`).
 *
 * // { namespace: 'weather' } => ok ; { namespace: 'a/b/c/d' } => throws (no room left for a tool's name)
 */
export function readImportOptions(options: McpImportOptions, what: string): McpImportOptions {
  const { namespace, version } = options;
  const scopes: unknown = options.scopes;
  if (namespace !== undefined && !isToolName(`${namespace}/x`)) {
    throw new ToolgateError(
      'invalid_option',
      `${what}: namespace ${JSON.stringify(namespace)} must be 1 to 3 tool-name segments, such as "weather"`,
    );
  }
  if (
    scopes !== undefined &&
    (typeof scopes !== 'object' || scopes === null || Array.isArray(scopes))
  ) {
    throw new ToolgateError(
      'invalid_option',
      `${what}: scopes maps MCP tool names to { resources?, network?, secrets? }`,
    );
  }
  if (version !== undefined && typeof version !== 'function') {
    throw new ToolgateError(
      'invalid_option',
      `${what}: version must be a function (tool) => positive integer`,
    );
  }
  return options;
}
