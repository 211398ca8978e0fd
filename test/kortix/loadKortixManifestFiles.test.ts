import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadKortixManifestFiles } from '../../src/kortix/node/loadKortixManifestFiles.js';
import { parseKortixManifest } from '../../src/kortix/parseKortixManifest.js';
import { brief } from './helpers.js';
import { aTempDir } from '../helpers/scratch.js';

const dir = aTempDir('kortix');
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function project(name: string, tree: Record<string, string>): string {
  for (const [path, text] of Object.entries(tree)) {
    const file = join(dir, name, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return join(dir, name, 'kortix.yaml');
}

describe('loadKortixManifestFiles: the I/O adapter', () => {
  it('reads the root, its imports (nested, each once) and which module files exist', () => {
    const root = project('a', {
      'kortix.yaml':
        'kortix_version: 3\nimports: [more/tools.yaml, gone.yaml]\ntools:\n  lookup: tools/lookup.ts\n  missing: tools/missing.ts\n',
      'more/tools.yaml': 'imports: [kortix.yaml, more/agents.yaml]\ntools:\n  show: kortix:show\n',
      'more/agents.yaml': 'agents:\n  a: {}\n',
      'tools/lookup.ts': 'export default {}',
    });
    const source = loadKortixManifestFiles(root);
    expect(source.root).toBe('kortix.yaml');
    expect(Object.keys(source.files)).toEqual([
      'kortix.yaml',
      'more/tools.yaml',
      'more/agents.yaml',
    ]);
    expect(source.modules).toEqual(['tools/lookup.ts']);
    expect(parseKortixManifest(source).diagnostics.map(brief)).toEqual([
      'error import_not_found 2:28',
      'warning missing_module 5:12',
    ]);
  });

  it('leaves out files a manifest must not import, so parsing reports them', () => {
    const root = project('b', { 'kortix.yaml': 'imports: [../a/kortix.yaml]\n' });
    expect(Object.keys(loadKortixManifestFiles(root).files)).toEqual(['kortix.yaml']);
  });

  it('uses a file system passed in', () => {
    const texts: Record<string, string> = {
      '/p/kortix.yaml': 'imports: [b.yaml]\n',
      '/p/b.yaml': 'tools: {}\n',
    };
    const fs = {
      readFileSync: (path: string) => texts[path] ?? '',
      existsSync: (path: string) => path in texts,
    };
    expect(loadKortixManifestFiles('/p/kortix.yaml', { fs }).files).toEqual({
      'kortix.yaml': 'imports: [b.yaml]\n',
      'b.yaml': 'tools: {}\n',
    });
  });

  it("throws the file system's error for a missing root file", () => {
    expect(() => loadKortixManifestFiles(join(dir, 'nowhere', 'kortix.yaml'))).toThrow(/ENOENT/);
  });
});
