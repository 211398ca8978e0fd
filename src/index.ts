export { createGate } from './createGate.js';
export { ToolgateError, type ToolgateErrorCode } from './errors/ToolgateError.js';
export type {
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
  TurnDecision,
  TurnLimits,
} from './gate/types.js';
export { createGrant } from './grant/createGrant.js';
export type { Budgets, FolderGrant, Grant, GrantSpec } from './grant/types.js';
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
