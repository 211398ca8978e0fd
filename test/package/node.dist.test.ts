import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { aTempDir } from '../helpers/scratch.js';

const root = resolve(import.meta.dirname, '../..');
const dir = aTempDir('dist');
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A script using runs, the menu and the JSONL sink by package name, printing what it saw. */
const SCRIPT = (load: string, file: string) => `
${load}
const registry = createRegistry();
const grant = createGrant({ tools: ['fs-read@1'], folders: ['/srv'], budgets: { turns: 2 } });
const sink = createJsonlFileSink(${JSON.stringify(file)});
const run = createRun({ gate: createGate({ registry }), grant, sink, id: 'dist' });
const record = run.propose({ calls: [{ tool: 'fs-read', version: 1, arguments: { path: '/srv/a' } }] });
const verdict = run.dispatch(record.calls[0]);
sink.close();
console.log(JSON.stringify([record.settled, verdict.allowed, renderMenu({ registry, grant }).split('\\n')[1], toOpenAITools({ registry, grant })[0].function.name]));
`;

const run = (args: string[]) =>
  execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' }).trim();
const EXPECTED = '["tool",true,"name: fs-read","fs-read_v1"]';

describe('the built package: runs, menus and toolgate/node', () => {
  it('works as ESM', () => {
    const file = join(dir, 'esm.jsonl');
    const load =
      "import { createGate, createGrant, createRegistry, createRun, renderMenu, toOpenAITools } from 'toolgate'; import { createJsonlFileSink } from 'toolgate/node';";
    expect(run(['--input-type=module', '-e', SCRIPT(load, file)])).toBe(EXPECTED);
    expect(
      readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { type: string }).type),
    ).toEqual(['turn', 'dispatch']);
  });

  it('works as CommonJS', () => {
    const file = join(dir, 'cjs.jsonl');
    const load =
      "const { createGate, createGrant, createRegistry, createRun, renderMenu, toOpenAITools } = require('toolgate'); const { createJsonlFileSink } = require('toolgate/node');";
    expect(run(['--input-type=commonjs', '-e', SCRIPT(load, file)])).toBe(EXPECTED);
  });

  it('keeps fs out of the root entry: only toolgate/node imports it', () => {
    for (const file of ['dist/index.js', 'dist/index.cjs']) {
      const text = readFileSync(resolve(root, file), 'utf8');
      expect(text).not.toMatch(/from\s+["'](?:node:)?fs["']/);
      expect(text).not.toMatch(/require\(["'](?:node:)?fs["']\)/);
    }
    expect(readFileSync(resolve(root, 'dist/node.js'), 'utf8')).toMatch(
      /from\s+["'](?:node:)?fs["']/,
    );
  });
});
