import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import * as testing from '../../src/testing/index.js';

const root = resolve(import.meta.dirname, '../..');
const run = (args: string[]) =>
  execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' }).trim();

/** A script using toolgate/testing by its name, printing its export names and one verdict. */
const SCRIPT = (load: string) => `
${load}
const registry = createRegistry();
const grant = createGrant({ tools: ['fs-read@1'], folders: ['/srv'] });
const decision = createGate({ registry }).authorize({ calls: [{ tool: 'fs-read', version: 1, arguments: { path: '/etc' } }] }, { grant });
const result = toolgateMatchers.toBeRefusedWith.call({ isNot: false }, decision, 'folder_out_of_scope');
console.log(JSON.stringify([Object.keys(testing).sort(), result.pass]));
`;

describe('toolgate/testing and the policy schemas, as built and shipped', () => {
  it('exports exactly toolgateMatchers from toolgate/testing (a change here is an API change)', () => {
    expect(Object.keys(testing).sort()).toEqual(['toolgateMatchers']);
  });

  it('works as ESM and as CommonJS, without loading vitest', () => {
    const esm =
      "import * as testing from 'toolgate/testing'; import { toolgateMatchers } from 'toolgate/testing'; import { createGate, createGrant, createRegistry } from 'toolgate';";
    const cjs =
      "const testing = require('toolgate/testing'); const { toolgateMatchers } = testing; const { createGate, createGrant, createRegistry } = require('toolgate');";
    expect(run(['--input-type=module', '-e', SCRIPT(esm)])).toBe('[["toolgateMatchers"],true]');
    expect(run(['--input-type=commonjs', '-e', SCRIPT(cjs)])).toBe('[["toolgateMatchers"],true]');
    expect(readFileSync(resolve(root, 'dist/testing.js'), 'utf8')).not.toMatch(
      /from\s+["']vitest["']/,
    );
  });

  it('ships JSON Schemas that compile strictly and accept the example files', () => {
    const ajv = new Ajv({ strict: true, allowUnionTypes: true });
    const policy = ajv.compile(
      JSON.parse(readFileSync(resolve(root, 'schema/policy.schema.json'), 'utf8')) as object,
    );
    const tests = ajv.compile(
      JSON.parse(readFileSync(resolve(root, 'schema/policy-tests.schema.json'), 'utf8')) as object,
    );
    // The examples are YAML; the CLI is what reads YAML, so ask it to validate.
    expect(run(['dist/cli.js', 'validate', 'examples/policy.yaml'])).toMatch(/no problems/);
    expect(
      policy({
        version: 1,
        grants: { a: { tools: ['x@1'], folders: ['/a', { path: '/b', access: 'read' }] } },
      }),
    ).toBe(true);
    expect(policy({ version: 1, grants: { a: { tool: [] } } })).toBe(false);
    expect(
      tests({ policy: 'p.yaml', cases: [{ name: 'n', turn: { answer: 'x' }, expect: 'allow' }] }),
    ).toBe(true);
    expect(
      tests({ policy: 'p.yaml', cases: [{ name: 'n', turn: { answer: 'x' }, expect: 'deny' }] }),
    ).toBe(false);
  });

  it('names the schemas in the exports map, so require.resolve finds them', () => {
    expect(
      run([
        '-e',
        "console.log(require.resolve('toolgate/schema/policy.schema.json').endsWith('schema/policy.schema.json'))",
      ]),
    ).toBe('true');
  });
});
