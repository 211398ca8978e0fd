export { createGate } from './createGate.js';
export { approveCall } from './gate/approveCall.js';
export { touchedAfter, type TouchedAfter } from './gate/touchedAfter.js';
export { ToolgateError, type ToolgateErrorCode } from './errors/ToolgateError.js';
export type {
  ApprovalRequest,
  AuthorizedCall,
  DispatchDecision,
  ExtraCheck,
  ExtraCheckContext,
  ExtraCheckVerdict,
  Gate,
  GateContext,
  GateOptions,
  Refusal,
  RefusalCode,
  RefusalDetail,
  Step,
  TouchedLabel,
  TurnDecision,
  TurnLimits,
} from './gate/types.js';
export { fire } from './fire/fire.js';
export type {
  FireContext,
  FireOptions,
  FireOutcome,
  FireStatus,
  HandlerContext,
  OutputShaper,
  ToolHandler,
  ToolHandlers,
} from './fire/types.js';
export { compareGrants } from './compare/compareGrants.js';
export {
  suggestGrant,
  type Coverage,
  type SuggestOptions,
  type Suggestion,
} from './suggest/suggestGrant.js';
export type { GrantComparison, Widening } from './compare/types.js';
export { createGrant } from './grant/createGrant.js';
export type {
  Budgets,
  FlowRule,
  FlowSpec,
  FolderDenyEntry,
  FolderGrant,
  Grant,
  GrantSpec,
  LabelSpec,
} from './grant/types.js';
export type { RealpathFn } from './realpath/RealpathFn.js';
export { createRegistry } from './registry/createRegistry.js';
export { formatToolRef } from './registry/formatToolRef.js';
export { parseToolRef, type ToolRef } from './registry/parseToolRef.js';
export type {
  BuiltinsMode,
  InventoryRow,
  Registry,
  ResourceSpec,
  ToolDefinition,
  ToolEntry,
} from './registry/types.js';
export { renderMenu } from './menu/renderMenu.js';
export type { MenuOptions, MenuStep } from './menu/types.js';
export { fromProviderCall } from './providers/fromProviderCall.js';
export { toAnthropicTools } from './providers/toAnthropicTools.js';
export { toMcpTools } from './providers/toMcpTools.js';
export { toOpenAITools, type OpenAIToolsFormat } from './providers/toOpenAITools.js';
export { toProviderToolName } from './providers/toProviderToolName.js';
export type {
  AnthropicTool,
  CallEnvelope,
  FromProviderCallOptions,
  McpTool,
  OpenAIChatTool,
  OpenAIResponsesTool,
  Provider,
  ToolInputSchema,
} from './providers/types.js';
export { describeShapedOutput } from './output/describeShapedOutput.js';
export { DEFAULT_OUTPUT_LIMITS } from './output/readOutputLimits.js';
export { shapeToolOutput } from './output/shapeToolOutput.js';
export type { OutputLimits, ShapedOutput } from './output/types.js';
export { createMemoryLedger, type MemoryLedger } from './run/createMemoryLedger.js';
export { createMemorySink, type MemorySink } from './run/createMemorySink.js';
export { createRun } from './run/createRun.js';
export { digestToolEntry } from './run/digestToolEntry.js';
export { formatReprompt } from './run/formatReprompt.js';
export { redactRecord } from './run/redactRecord.js';
export { summarizeRecords } from './run/summarizeRecords.js';
export type {
  DispatchOptions,
  DispatchRecord,
  FireRecord,
  ProposeOptions,
  RecordSink,
  RecordedTool,
  Run,
  RunEntry,
  RunOptions,
  RunStatus,
  RunSummary,
  Spent,
  StepSummary,
  TurnRecord,
  TurnSettlement,
} from './run/types.js';
export type { LedgerSpend, LedgerState, RunLedger } from './run/ledgerTypes.js';
export {
  selfRunRuntime,
  type SelfRunOptions,
  type SelfRunRuntime,
  type StarterWorkflow,
} from './selfRun/selfRunRuntime.js';
export { intersectGrants } from './visibility/intersectGrants.js';
export { intersectVisibility } from './visibility/intersectVisibility.js';
export { narrowForSubagent } from './visibility/narrowForSubagent.js';
export type { AgentView, NarrowedView, Visibility } from './visibility/types.js';
