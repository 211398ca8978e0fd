import { mkdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGrant } from '../../../src/index.js';
import { resolveGrantedPath } from '../../../src/node/tools/resolveGrantedPath.js';
import { aTempDir } from '../../helpers/scratch.js';

// A project with a .env, a link to it under another name, and a link to the project itself.
const base = realpathSync(aTempDir('denies'));
const project = join(base, 'project');
mkdirSync(join(project, 'sub'), { recursive: true });
writeFileSync(join(project, '.env'), 'TOKEN=x\n');
writeFileSync(join(project, 'notes.md'), 'notes\n');
symlinkSync('.env', join(project, 'settings.txt'));
symlinkSync(project, join(base, 'alias'));
afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

const context = (folders: string[]) => ({ grant: createGrant({ folders }), cwd: project });

describe('resolveGrantedPath with deny entries (the file handlers re-check)', () => {
  it('refuses a denied path before opening it, naming the entry', () => {
    expect(() => resolveGrantedPath('.env', context([project, '!.env']), 'read')).toThrow(
      `the path ${project}/.env is outside the granted folder scope: the deny entry !.env takes it away`,
    );
  });

  it('refuses a link whose real path is denied', () => {
    expect(() => resolveGrantedPath('settings.txt', context([project, '!.env']), 'read')).toThrow(
      `its real path ${project}/.env is taken away by the deny entry !.env`,
    );
  });

  it('denies under a root that is itself a link, and allows the rest there', () => {
    const alias = join(base, 'alias');
    expect(() =>
      resolveGrantedPath(join(alias, 'notes.md'), context([alias, '!notes.md']), 'read'),
    ).toThrow('the deny entry !notes.md');
    expect(resolveGrantedPath(join(alias, 'sub'), context([alias, '!notes.md']), 'read')).toEqual({
      canonical: join(alias, 'sub'),
      real: join(project, 'sub'),
    });
  });

  it('still resolves an allowed path', () => {
    expect(resolveGrantedPath('notes.md', context([project, '!.env']), 'write')).toEqual({
      canonical: join(project, 'notes.md'),
      real: join(project, 'notes.md'),
    });
  });
});
