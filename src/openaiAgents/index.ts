export { gateAgentRunOptions, type AgentRunGateOptions } from './gateAgentRunOptions.js';
export { gateAgentTools } from './gateAgentTools.js';
export { registerAgentTools } from './registerAgentTools.js';
export type {
  AgentScopesByRef,
  AgentToolsByRef,
  AnyFunctionTool,
  AgentToolScopes,
  GateAgentRunOptions,
  GateAgentToolsOptions,
} from './types.js';
