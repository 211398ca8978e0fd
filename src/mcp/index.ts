export { createMcpGateway, type McpGateway } from './createMcpGateway.js';
export { importMcpTools } from './importMcpTools.js';
export { mcpToolDigest } from './mcpToolDigest.js';
export { mcpToolVersion } from './mcpToolVersion.js';
export type {
  ImportedMcpTool,
  McpGatewayOptions,
  McpImport,
  McpImportOptions,
  McpListedTool,
  McpToolScopes,
  McpUpstream,
} from './types.js';
