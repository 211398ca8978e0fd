export { gateAiTools } from './gateAiTools.js';
export { registerAiTools } from './registerAiTools.js';
export type { AiToolScopes, AiToolsByRef, GateAiToolsOptions } from './types.js';
export { recordRejectedAiCalls } from './recordRejectedAiCalls.js';
export type { RecordRejectedAiCallsOptions } from './recordRejectedAiCalls.js';
