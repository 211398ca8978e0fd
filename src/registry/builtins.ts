import type { BuiltinsMode, ToolDefinition } from './types.js';

/** Reads bytes from a path the run's folder grant already covers. */
const FS_READ: ToolDefinition = {
  name: 'fs-read',
  version: 1,
  kind: 'builtin',
  description: "Reads bytes from a path the run's folder grant already covers. Read-only.",
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string', description: 'the file to read' } },
    required: ['path'],
    additionalProperties: false,
  },
  shapes: ['read'],
  resources: [{ kind: 'path', at: '/path', access: 'read' }],
  example: { path: 'notes/todo.md' },
};

/** Writes the complete content of a file; overwrite only, no append, no partial writes. */
const FS_WRITE: ToolDefinition = {
  name: 'fs-write',
  version: 1,
  kind: 'builtin',
  description:
    'Writes the complete intended file content to a path the grant covers. Overwrite-only: no append, no partial writes.',
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'the file to overwrite' },
      content: { type: 'string', description: 'the whole new content' },
    },
    required: ['path', 'content'],
    additionalProperties: false,
  },
  shapes: ['overwrite'],
  resources: [{ kind: 'path', at: '/path', access: 'write' }],
  example: { path: 'notes/todo.md', content: '- ship it\n' },
};

/** A deterministic text summary; no network, no filesystem. */
const TEXT_SUMMARIZE: ToolDefinition = {
  name: 'text-summarize',
  version: 1,
  kind: 'builtin',
  description: 'A deterministic text-summarizing transformation. No network, no filesystem.',
  inputSchema: {
    type: 'object',
    properties: {
      text: { type: 'string', description: 'the text to summarize' },
      maxSentences: { type: 'integer', minimum: 1, description: 'the longest summary' },
    },
    required: ['text'],
    additionalProperties: false,
  },
  example: { text: 'A long report.', maxSentences: 3 },
};

/** The built-in tools of a mode, each with whether a run may ever be granted it. */
export function builtinsFor(
  mode: BuiltinsMode,
): readonly { readonly definition: ToolDefinition; readonly grantable: boolean }[] {
  switch (mode) {
    case 'none':
      return [];
    case 'self-run':
      return [FS_READ, FS_WRITE, TEXT_SUMMARIZE].map((definition) => ({
        definition,
        grantable: true,
      }));
    case 'managed':
      // The managed cloud grants no folder: its file tools are listed, never grantable.
      return [
        { definition: FS_READ, grantable: false },
        { definition: FS_WRITE, grantable: false },
        { definition: TEXT_SUMMARIZE, grantable: true },
      ];
  }
}
