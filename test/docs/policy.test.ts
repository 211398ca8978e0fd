import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePolicy } from '../../src/cli/policy/parsePolicy.js';
import type { PolicyFiles } from '../../src/cli/policy/types.js';

/**
 * docs/policy.md is the reference of the policy file. This test keeps it
 * honest: every key the shipped JSON Schema knows is documented, every
 * whole policy in it loads with no error through the CLI's loader, and it
 * cites no internal contract.
 *
 * The rule for `yaml` blocks: leading comment lines aside (such as the
 * `# yaml-language-server: …` line), a block whose first line is
 * `version: 1` is a whole policy and must load; any other block is a
 * fragment and must say so on its first line, `# fragment`.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const DOC = readFileSync(resolve(ROOT, 'docs/policy.md'), 'utf8');
const SCHEMA: unknown = JSON.parse(
  readFileSync(resolve(ROOT, 'schema/policy.schema.json'), 'utf8'),
);

/** One fenced block of the document: its language, its first line's number, its text. */
interface Block {
  readonly lang: string;
  readonly line: number;
  readonly code: string;
}

/** Every fenced block of a Markdown text; a fence that never closes is an error. */
function readBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let open: { fence: string; lang: string; line: number; body: string[] } | undefined;
  text.split('\n').forEach((line, index) => {
    if (open === undefined) {
      const start = /^(`{3,}|~{3,})\s*([\w-]*)/.exec(line);
      if (start !== null)
        open = { fence: start[1] ?? '```', lang: start[2] ?? '', line: index + 2, body: [] };
      return;
    }
    if (line.trimEnd() === open.fence) {
      blocks.push({ lang: open.lang, line: open.line, code: `${open.body.join('\n')}\n` });
      open = undefined;
      return;
    }
    open.body.push(line);
  });
  if (open !== undefined) throw new Error(`docs/policy.md:${open.line - 1}: a fence never closes`);
  return blocks;
}

/** Every `properties` key of a JSON Schema, at every depth (definitions included). */
function propertyNames(schema: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) {
    for (const item of schema as unknown[]) propertyNames(item, found);
  } else if (typeof schema === 'object' && schema !== null) {
    for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
      if (key === 'properties' && typeof value === 'object' && value !== null) {
        for (const name of Object.keys(value)) found.add(name);
      }
      // `examples` hold sample values, not schemas: their keys are not properties.
      if (key !== 'examples') propertyNames(value, found);
    }
  }
  return found;
}

const BLOCKS = readBlocks(DOC);
const YAML = BLOCKS.filter((block) => block.lang === 'yaml');

/** The block's lines after any leading comment lines. */
const withoutLeadingComments = (code: string) => {
  const lines = code.split('\n');
  const first = lines.findIndex((line) => !line.startsWith('#'));
  return first === -1 ? [] : lines.slice(first);
};
const isWholePolicy = (block: Block) => withoutLeadingComments(block.code)[0] === 'version: 1';
const WHOLE = YAML.filter(isWholePolicy);
const FRAGMENTS = YAML.filter((block) => !isWholePolicy(block));

/** No file is read: a whole policy in the document names no Kortix manifest. */
const NO_FILES: PolicyFiles = {
  readFile: (path) => {
    throw new Error(`ENOENT: no such file, open '${path}'`);
  },
  exists: () => false,
};

describe('docs/policy.md', () => {
  it('documents every key of the policy schema as inline code', () => {
    const names = [...propertyNames(SCHEMA)];
    expect(names.length).toBeGreaterThan(40);
    const missing = names.filter((name) => !DOC.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });

  it('has whole policies to load, and fragments', () => {
    expect(WHOLE.length).toBeGreaterThanOrEqual(2);
    expect(FRAGMENTS.length).toBeGreaterThan(0);
  });

  it.each(WHOLE.map((block) => [block.line, block] as const))(
    'loads the whole policy at line %i with no error',
    (line, block) => {
      const result = parsePolicy(`docs/policy.md:${String(line)}`, block.code, NO_FILES);
      const errors = result.diagnostics.filter((found) => found.severity === 'error');
      expect(errors.map((found) => `${String(found.line)}: ${found.message}`)).toEqual([]);
      expect(result.ok).toBe(true);
    },
  );

  it('marks every other yaml block as a fragment on its first line', () => {
    const unmarked = FRAGMENTS.filter((block) => !block.code.startsWith('# fragment'));
    expect(unmarked.map((block) => block.line)).toEqual([]);
  });

  it('has no ts or sh block (the docs test would run it)', () => {
    const runnable = BLOCKS.filter((block) => ['ts', 'sh', 'js'].includes(block.lang));
    expect(runnable.map((block) => `${block.lang} at line ${String(block.line)}`)).toEqual([]);
  });

  it('cites no internal contract', () => {
    expect(DOC).not.toMatch(/SPEC|§/);
    expect(DOC).not.toMatch(/\brev(?:ision)?\.? ?\d/i);
  });
});
