import type { KortixManifest } from './types.js';

const HEADER = ['NAME', 'KIND', 'SOURCE'] as const;
const GAP = 2;

/**
 * `kortix tools ls`: a table of the tools a session gets (`NAME KIND
 * SOURCE`, each column as wide as its longest cell plus two spaces), then,
 * when the project removed Kortix tools, a blank line and the lines naming
 * them and how to get one back. No trailing newline.
 *
 * // NAME            KIND                 SOURCE
 * // web_search      kortix (overridden)  tools/web_search.ts
 * // memory          kortix               kortix:memory
 * //
 * // Removed Kortix tools: image_search
 * // Add `<name>: kortix:<name>` under `tools:` to get one back.
 */
export function formatToolsLs(manifest: KortixManifest): string {
  const rows = [
    HEADER,
    ...manifest.tools.map((tool) => [tool.name, tool.kind, tool.source] as const),
  ];
  const nameWidth = Math.max(...rows.map((row) => row[0].length)) + GAP;
  const kindWidth = Math.max(...rows.map((row) => row[1].length)) + GAP;
  const lines = rows.map(
    (row) => `${row[0].padEnd(nameWidth)}${row[1].padEnd(kindWidth)}${row[2]}`,
  );
  if (manifest.removed.length > 0) {
    lines.push(
      '',
      `Removed Kortix tools: ${manifest.removed.join(', ')}`,
      'Add `<name>: kortix:<name>` under `tools:` to get one back.',
    );
  }
  return lines.join('\n');
}
