export {
  HARNESS_TOOLS,
  KORTIX_TOOLS,
  OPENCODE_INTERNAL_TOOLS,
  type KortixToolName,
} from './constants.js';
export { formatKortixDiagnostics } from './formatKortixDiagnostics.js';
export { formatToolsLs } from './formatToolsLs.js';
export {
  loadKortixManifestFiles,
  type KortixFileSystem,
  type LoadKortixManifestOptions,
} from './node/loadKortixManifestFiles.js';
export { parseKortixManifest } from './parseKortixManifest.js';
export { resolveKortixVisibility } from './resolveKortixVisibility.js';
export { toolsLsJson } from './toolsLsJson.js';
export type {
  KortixAgent,
  KortixDiagnostic,
  KortixDiagnosticCode,
  KortixHarness,
  KortixManifest,
  KortixParseResult,
  KortixSeverity,
  KortixSource,
  KortixTool,
  KortixToolKind,
  KortixToolSelection,
  KortixToolsLsJson,
  KortixVisibilityOptions,
} from './types.js';
export { validateKortixManifest } from './validateKortixManifest.js';
