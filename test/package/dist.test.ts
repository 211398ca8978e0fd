import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  exports: Record<string, { import: { default: string }; require: { default: string } } | string>;
};

/** A script using the package the way a user would, by its name, printing one decision. */
const SCRIPT = (load: string) => `
${load}
const registry = createRegistry();
const gate = createGate({ registry, realpath: 'node' });
const grant = createGrant({ tools: ['fs-read@1'], folders: ['/srv'] });
const turn = { calls: [{ tool: 'fs-read', version: 1, arguments: { path: '/srv/../etc/passwd' } }] };
console.log(JSON.stringify([gate.authorize(turn, { grant }).refusal.code, typeof nodeRealpath]));
`;

/** Runs a script from the package root, where the package can import itself by name. */
const run = (args: string[]) =>
  execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' }).trim();

describe('the built package (npm test builds it first)', () => {
  it('has every file its exports map names', () => {
    for (const target of Object.values(manifest.exports)) {
      const files =
        typeof target === 'string' ? [target] : [target.import.default, target.require.default];
      for (const file of files) expect(existsSync(resolve(root, file)), file).toBe(true);
    }
  });

  it('works as ESM', () => {
    const load =
      "import { createGate, createGrant, createRegistry } from 'toolgate'; import { nodeRealpath } from 'toolgate/realpath';";
    expect(run(['--input-type=module', '-e', SCRIPT(load)])).toBe(
      '["folder_out_of_scope","function"]',
    );
  });

  it('works as CommonJS', () => {
    const load =
      "const { createGate, createGrant, createRegistry } = require('toolgate'); const { nodeRealpath } = require('toolgate/realpath');";
    expect(run(['--input-type=commonjs', '-e', SCRIPT(load)])).toBe(
      '["folder_out_of_scope","function"]',
    );
  });

  it('keeps node:fs out of the root entry: only the realpath adapter loads it, lazily', () => {
    const esm = readFileSync(resolve(root, 'dist/index.js'), 'utf8');
    // tsup may write node:fs as plain fs: refuse both spellings, as import or require.
    expect(esm).not.toMatch(/from\s*["'](?:node:)?fs["']/);
    expect(esm).not.toMatch(/require\(["'](?:node:)?fs["']\)/);
    const cjs = readFileSync(resolve(root, 'dist/index.cjs'), 'utf8');
    expect(cjs).not.toMatch(/require\(["'](?:node:)?fs["']\)/);
  });
});

describe('the CommonJS entries', () => {
  it('share one copy of the core, so errors and grants cross entries', () => {
    const script = `
const root = require('toolgate');
const ai = require('toolgate/ai');
let same = false;
try { ai.gateAiTools({}, {}); } catch (error) { same = error instanceof root.ToolgateError; }
console.log(JSON.stringify(same));
`;
    expect(run(['--input-type=commonjs', '-e', script])).toBe('true');
  });
});
