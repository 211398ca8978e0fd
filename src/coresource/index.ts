export { createCoresourceAgent } from './createCoresourceAgent.js';
export { MCP_HELPER_TOOLS, SKILL_TOOLS } from './deriveAllowlist.js';
export { isCoresourceToolName } from './isCoresourceToolName.js';
export type {
  CoresourceAgentConfig,
  CoresourceAgentOptions,
  CoresourceAgentTools,
  CoresourceCustomTool,
  CoresourceLocalMcpServer,
  CoresourceTool,
  CoresourceToolSource,
} from './types.js';
