import { randomUUID } from 'node:crypto';
import { constants, realpathSync } from 'node:fs';
import { lstat, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { ToolHandler } from '../../fire/types.js';
import { readArgument } from './readArgument.js';
import { resolveGrantedPath } from './resolveGrantedPath.js';

/**
 * The handler of `fs-write@1`: replaces a whole file, atomically. The new
 * content goes to a temporary file beside the target (created exclusively,
 * never through a symlink), is flushed to disk, then renamed over the
 * target, so a reader sees the old file or the new one, never a part. The
 * target's real parent folder must exist and sit inside a folder granted
 * for writing, checked again at write time; a replaced file keeps its mode.
 * There is no append and no partial write: the only shape is `overwrite`.
 * A rename also never writes through a hard link: the old inode is left as it was.
 *
 * // ({ path: 'notes/todo.md', content: '- ship it\n' }) => { path: '/srv/project/notes/todo.md', bytes: 10 }
 */
export const writeFileHandler: ToolHandler = async (call, { signal, grant, cwd }) => {
  signal.throwIfAborted();
  if (call.shape !== 'overwrite')
    throw new Error(
      `fs-write@1 only overwrites a whole file (shape "overwrite"), not "${call.shape}"`,
    );
  const written = readArgument(call, 'path', 'string') as string;
  const content = readArgument(call, 'content', 'string') as string;
  // notes/ , notes/. , notes/.. => refused: a file is named by its last segment.
  const last = written.slice(written.lastIndexOf('/') + 1);
  if (last === '' || last === '.' || last === '..')
    throw new Error(`${written} names a folder; fs-write@1 needs the path of a file`);
  const path = resolveGrantedPath(
    written,
    { grant, ...(cwd === undefined ? {} : { cwd }) },
    'write',
  );
  const folder = dirname(path.real);
  if (realFolderOf(folder) !== folder) {
    throw new Error(
      `the folder of ${path.canonical} does not exist; fs-write@1 does not create folders`,
    );
  }
  const existing = await lstat(path.real).catch(() => undefined);
  if (existing !== undefined && !existing.isFile())
    throw new Error(
      `${path.canonical} exists and is not a regular file; fs-write@1 replaces files only`,
    );
  const mode = existing === undefined ? 0o666 : existing.mode & 0o7777;
  const temporary = join(folder, `.toolgate-${randomUUID()}.tmp`);
  const data = new TextEncoder().encode(content);
  let renamed = false;
  try {
    const handle = await open(
      temporary,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      mode,
    );
    try {
      await handle.writeFile(data);
      if (existing !== undefined) await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    // A call cancelled before this point leaves the old file as it was.
    signal.throwIfAborted();
    await rename(temporary, join(folder, basename(path.real)));
    renamed = true;
    await syncFolder(folder);
  } finally {
    if (!renamed) await unlink(temporary).catch(() => undefined);
  }
  return { path: path.canonical, bytes: data.length };
};

/** The folder's real path, or undefined when it does not exist or cannot be read. */
function realFolderOf(folder: string): string | undefined {
  try {
    return realpathSync.native(folder);
  } catch {
    return undefined;
  }
}

/** Flushes the folder entry of the rename, where the platform allows it; best effort. */
async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, constants.O_RDONLY);
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some file systems cannot fsync a folder; the rename itself is already atomic.
  }
}
