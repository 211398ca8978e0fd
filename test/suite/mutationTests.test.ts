import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEFT_OUT, mutationTests } from '../../scripts/mutationTests.js';
import { aTempDir } from '../helpers/scratch.js';

/** Issue 40: the tests Stryker runs are derived, so a test of the gate or a scope is never left out. */

const ROOT = resolve(import.meta.dirname, '../..');

function aRepo(files: Record<string, string>): string {
  const root = aTempDir('mutation-tests');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('mutationTests', () => {
  it('takes a test of the gate’s layers that reaches src/gate or src/scope through helpers and other src files, and no other', () => {
    const root = aRepo({
      'src/gate/check.ts': 'export const check = 1;\n',
      'src/scope/host/match.ts': 'export const match = 1;\n',
      'src/run/createRun.ts':
        "import { check } from '../gate/check.js';\nexport const run = check;\n",
      'src/data/plain.ts': 'export const plain = 1;\n',
      'test/helpers/aRun.ts': "export { run } from '../../src/run/createRun.js';\n",
      'test/run/viaHelper.test.ts': "import { run } from '../helpers/aRun.js';\n",
      'test/scope/direct.test.ts': "import {\n  match,\n} from '../../src/scope/host/match.js';\n",
      'test/property/dynamic.test.ts': "const m = await import('../../src/gate/check.js');\n",
      'test/grant/plain.test.ts': "import { plain } from '../../src/data/plain.js';\n",
      'test/cli/above.test.ts': "import { check } from '../../src/gate/check.js';\n",
      'test/gate/spawns.e2e.test.ts': "import { check } from '../../src/gate/check.js';\n",
      'test/postgres/store.test.ts': "import { check } from '../../src/gate/check.js';\n",
    });
    expect(mutationTests(root)).toEqual([
      'test/property/dynamic.test.ts',
      'test/run/viaHelper.test.ts',
      'test/scope/direct.test.ts',
    ]);
  });

  it('holds every unit and property test of the gate and the scopes, the revision-2 ones included', () => {
    const derived = new Set(mutationTests(ROOT));
    const own = (folder: string) =>
      readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.test.ts') && !name.endsWith('.e2e.test.ts'))
        .map((name) => `${folder}/${name}`);
    const expected = [
      ...own('test/gate'),
      ...own('test/scope'),
      ...[
        'deny',
        'network',
        'approvals',
        'compare',
        'compare.globs',
        'compare.scopes',
        'visibility',
        'flows',
        'gate',
        'host',
        'path',
        'realpath',
      ].map((name) => `test/property/${name}.property.test.ts`),
      'test/property/poisoning.test.ts',
    ];
    expect(expected.length).toBeGreaterThan(90);
    expect(expected.filter((file) => !derived.has(file))).toEqual([]);
    for (const file of derived)
      expect(
        LEFT_OUT.some(({ pattern }) => pattern.test(file)),
        file,
      ).toBe(false);
  });
});
