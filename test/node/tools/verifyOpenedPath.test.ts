import { mkdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { open, readFile, rename, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { anchorFolder } from '../../../src/node/tools/anchorFolder.js';
import { verifyOpenedPath } from '../../../src/node/tools/verifyOpenedPath.js';
import { aTempDir } from '../../helpers/scratch.js';

const base = realpathSync(aTempDir('verify'));
mkdirSync(join(base, 'in'));
mkdirSync(join(base, 'out'));
writeFileSync(join(base, 'in', 'a.txt'), 'in');
writeFileSync(join(base, 'out', 'a.txt'), 'out');
symlinkSync(join(base, 'out'), join(base, 'link'));
afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

describe('verifyOpenedPath', () => {
  it('says yes only for the file the handle opened, named by its real path', async () => {
    const handle = await open(join(base, 'link', 'a.txt'), 'r');
    try {
      expect(await verifyOpenedPath(handle, join(base, 'out', 'a.txt'))).toBe(true);
      expect(await verifyOpenedPath(handle, join(base, 'link', 'a.txt'))).toBe(false);
      expect(await verifyOpenedPath(handle, join(base, 'in', 'a.txt'))).toBe(false);
      expect(await verifyOpenedPath(handle, join(base, 'missing'))).toBe(false);
    } finally {
      await handle.close();
    }
  });

  it('anchors a folder so that a later swap of its name does not redirect paths under it', async () => {
    const handle = await open(join(base, 'in'), 'r');
    try {
      const anchor = await anchorFolder(handle, join(base, 'in'));
      if (process.platform === 'linux') expect(anchor).toBe(`/proc/self/fd/${handle.fd}`);
      expect(await readFile(join(anchor, 'a.txt'), 'utf8')).toBe('in');
      await rename(join(base, 'in'), join(base, 'in-moved'));
      await symlink(join(base, 'out'), join(base, 'in'));
      // The name now leads to the link's target; through the descriptor the moved folder is still reached.
      expect(await readFile(join(base, 'in', 'a.txt'), 'utf8')).toBe('out');
      expect(await readFile(join(anchor, 'a.txt'), 'utf8')).toBe('in');
    } finally {
      await handle.close();
    }
  });
});
