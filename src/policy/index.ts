export { formatDiagnostics } from '../cli/diagnostics.js';
export { loadPolicy } from './loadPolicy.js';
export { parsePolicyText } from './parsePolicyText.js';
export type {
  Diagnostic,
  LoadedPolicy,
  LoadPolicyResult,
  PolicyAgent,
  PolicyFileAccess,
} from './types.js';
