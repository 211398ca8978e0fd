/** The five tools Kortix maintains, in the order `tools ls` lists them. */
export const KORTIX_TOOLS = Object.freeze([
  'web_search',
  'image_search',
  'scrape_webpage',
  'memory',
  'show',
] as const);

/** A tool Kortix maintains. */
export type KortixToolName = (typeof KORTIX_TOOLS)[number];

/** The harness tools (OpenCode or pi): names a project tool may not use, and what `all` shows by default. */
export const HARNESS_TOOLS = Object.freeze([
  'bash',
  'read',
  'write',
  'edit',
  'apply_patch',
  'glob',
  'grep',
  'list',
  'task',
  'question',
  'todowrite',
  'webfetch',
  'websearch',
  'skill',
  'lsp',
] as const);

/** OpenCode internals: also reserved, though no agent lists them. */
export const OPENCODE_INTERNAL_TOOLS = Object.freeze(['invalid', 'execute', 'plan_exit'] as const);

/** The prefix of the OpenCode terminal tools, which `bash` covers there. */
export const PTY_PREFIX = 'pty_';

/** On OpenCode these share one permission: listing one shows all three, excluding one hides all three. */
export const OPENCODE_EDIT_GROUP = Object.freeze(['write', 'edit', 'apply_patch'] as const);

/** What a project module path may end in. */
export const MODULE_EXTENSIONS = Object.freeze([
  '.ts',
  '.js',
  '.mts',
  '.mjs',
  '.cts',
  '.cjs',
] as const);

/** What an imported manifest file may end in. */
export const MANIFEST_EXTENSIONS = Object.freeze(['.yaml', '.yml', '.json'] as const);

/** `kortix_version` values that may declare project tools. */
export const PROJECT_TOOL_VERSIONS = Object.freeze([2, 3] as const);

const RESERVED: ReadonlySet<string> = new Set([...HARNESS_TOOLS, ...OPENCODE_INTERNAL_TOOLS]);
const KORTIX: ReadonlySet<string> = new Set(KORTIX_TOOLS);

/** Is this a harness tool name or an OpenCode internal (reserved under `tools:`)? */
export function isReservedToolName(name: string): boolean {
  return RESERVED.has(name);
}

/** Is this one of the five Kortix tools? */
export function isKortixToolName(name: string): name is KortixToolName {
  return KORTIX.has(name);
}
