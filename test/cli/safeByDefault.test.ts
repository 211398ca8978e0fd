import { mkdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './helpers.js';
import { aTempDir } from '../helpers/scratch.js';

// A granted folder holding a link to a folder outside it (issue 12 item 9).
const base = realpathSync(aTempDir('cli-safe'));
const granted = join(base, 'granted');
mkdirSync(granted);
mkdirSync(join(base, 'outside'));
writeFileSync(join(base, 'outside', 'secret.txt'), 'secret');
symlinkSync(join(base, 'outside'), join(granted, 'link'));
afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

const POLICY = `version: 1
grants:
  default: { tools: [fs-read@1], folders: ['${granted}'] }
`;
const TURN = JSON.stringify({
  calls: [{ tool: 'fs-read', version: 1, arguments: { path: `${granted}/link/secret.txt` } }],
});
const TESTS = `policy: p.yaml
cases:
  - { name: the link out is refused, grant: default, turn: ${JSON.stringify(TURN)}, expect: { refuse: folder_out_of_scope } }
`;

describe('the CLI resolves symbolic links unless told --unsafe-lexical-paths (issue 12 item 9)', () => {
  it('check refuses a path through a link out of the granted folder', () => {
    const result = runInProcess(['check', 'p.yaml', 't.json'], {
      'p.yaml': POLICY,
      't.json': TURN,
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('REFUSED: folder_out_of_scope at dispatch.folder');
  });

  it('check compares paths as written only when told so in so many words', () => {
    const result = runInProcess(['check', '--unsafe-lexical-paths', 'p.yaml', 't.json'], {
      'p.yaml': POLICY,
      't.json': TURN,
    });
    expect(result.code).toBe(0);
  });

  it('test decides its cases the same way', () => {
    const files = { 'p.yaml': POLICY, 'cases.yaml': TESTS };
    expect(runInProcess(['test', 'cases.yaml'], files)).toMatchObject({ code: 0 });
    expect(runInProcess(['test', '--unsafe-lexical-paths', 'cases.yaml'], files)).toMatchObject({
      code: 1,
    });
  });
});
