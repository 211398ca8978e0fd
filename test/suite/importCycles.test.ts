import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No import circle in src/, type-only imports included: a circle makes the
 * load order matter (a value read before its module ran) and two files one
 * room. Each relative `from './x.js'` (static import or export) is an edge.
 */

const SRC = resolve(import.meta.dirname, '../../src');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The files of src/ each file imports, by relative path. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    const targets = [
      ...text.matchAll(/^(?:import|export)\b[^;]+?\sfrom\s+'(\.{1,2}\/[^']+)'/gm),
    ].map((match) =>
      relative(SRC, resolve(dirname(file), (match[1] as string).replace(/\.js$/, '.ts'))),
    );
    graph.set(relative(SRC, file), targets);
  }
  return graph;
}

/** Every circle, each once, as the files around it (depth-first, colouring the nodes). */
function findCycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (state.get(next) === undefined && graph.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (state.get(node) === undefined) visit(node);
  return cycles;
}

describe('the import graph of src/', () => {
  it('reads the imports (a sample edge is there)', () => {
    expect(importGraph().get('gate/createCoreGate.ts')).toContain('gate/pipeline.ts');
  });

  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
    ]);
    expect(findCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });

  it('has no circle', () => {
    expect(findCycles(importGraph()).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });
});
