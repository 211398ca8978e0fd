import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/freshDist.js';
import { aTempDir } from '../helpers/scratch.js';

/**
 * The published types compile for a consumer with neither the DOM lib nor
 * Node's types (`lib: ["es2022"]`, `types: []`, `skipLibCheck: false`), as
 * agent code for edge and serverless runtimes is often compiled. The entries
 * that wrap another SDK (`toolgate/mcp`, `/ai`, `/openai-agents`,
 * `/langchain`) are left out: those SDKs' own types need Node's.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const ENTRIES = [
  'toolgate',
  'toolgate/realpath',
  'toolgate/node',
  'toolgate/kortix',
  'toolgate/coresource',
  'toolgate/policy',
  'toolgate/sqlite',
  'toolgate/postgres',
  'toolgate/otel',
  'toolgate/testing',
];

function diagnosticsFor(source: string): string[] {
  builtCli(ROOT); // the types are read from dist/: fail early when it is stale
  const project = aTempDir('types');
  mkdirSync(join(project, 'node_modules'));
  symlinkSync(ROOT, join(project, 'node_modules', 'toolgate'));
  writeFileSync(join(project, 'package.json'), '{ "type": "module" }\n');
  const file = join(project, 'index.ts');
  writeFileSync(file, source);
  const program = ts.createProgram([file], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts'],
    types: [],
    strict: true,
    skipLibCheck: false,
    noEmit: true,
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file?.fileName.replace(ROOT, '') ?? '';
    return `${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
  });
}

describe('the published types without the DOM or Node', () => {
  it.each(ENTRIES)('%s compiles', (entry) => {
    const source = `import type * as Entry from '${entry}';\nexport type Everything = typeof Entry;\n`;
    expect(diagnosticsFor(source)).toEqual([]);
  });

  it('types a handler signal a program can use without either', () => {
    const source = [
      "import type { ToolHandler } from 'toolgate';",
      'export const handler: ToolHandler = (call, { signal }) => {',
      '  signal.throwIfAborted();',
      "  signal.addEventListener('abort', () => undefined, { once: true });",
      '  return signal.aborted ? undefined : call.ref;',
      '};',
      '',
    ].join('\n');
    expect(diagnosticsFor(source)).toEqual([]);
  });
});
