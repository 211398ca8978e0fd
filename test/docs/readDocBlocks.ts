import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** One fenced code block of a Markdown file. */
export interface DocBlock {
  /** The file, relative to the repository root: `docs/runtime.md`. */
  readonly file: string;
  /** The 1-based line of the block's first code line. */
  readonly line: number;
  /** The fence's language: `ts`, `sh`, `yaml`, `text`, … (`''` when none). */
  readonly lang: string;
  readonly code: string;
}

/** The Markdown files whose examples a user reads: the README and every file under docs/. */
export function docFiles(root: string): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => join(root, 'docs', name));
  return [join(root, 'README.md'), ...docs];
}

/**
 * Every fenced block (```` ``` ```` or `~~~`) of one Markdown text, in order.
 * A fence that never closes is an error: a block the reader sees as code
 * would otherwise be left unchecked.
 *
 * // readDocBlocks('a\n```ts\nx;\n```\n', 'README.md') => [{ file: 'README.md', line: 3, lang: 'ts', code: 'x;\n' }]
 */
export function readDocBlocks(text: string, file: string): DocBlock[] {
  const blocks: DocBlock[] = [];
  const lines = text.split('\n');
  let open: { fence: string; lang: string; line: number; body: string[] } | undefined;
  lines.forEach((line, index) => {
    if (open === undefined) {
      const start = /^(`{3,}|~{3,})\s*([\w-]*)/.exec(line);
      if (start !== null)
        open = { fence: start[1] as string, lang: start[2] ?? '', line: index + 2, body: [] };
      return;
    }
    if (line.trimEnd() === open.fence) {
      const body = open.body.join('\n');
      blocks.push({ file, line: open.line, lang: open.lang, code: body === '' ? '' : `${body}\n` });
      open = undefined;
      return;
    }
    open.body.push(line);
  });
  if (open !== undefined)
    throw new Error(`${file}:${open.line - 1}: a code fence opens here and never closes`);
  return blocks;
}

/** Every block of the README and docs/. */
export function readAllDocBlocks(root: string): DocBlock[] {
  return docFiles(root).flatMap((path) =>
    readDocBlocks(readFileSync(path, 'utf8'), relative(root, path)),
  );
}
