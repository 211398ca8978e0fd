export { gateLangChainTools } from './gateLangChainTools.js';
export { runLangChainToolCalls } from './runLangChainToolCalls.js';
export type {
  GateLangChainToolsOptions,
  LangChainToolsByRef,
  RunLangChainToolCallsOptions,
} from './types.js';
