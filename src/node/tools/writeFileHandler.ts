import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { ToolHandler } from '../../fire/types.js';
import { anchorFolder } from './anchorFolder.js';
import { readArgument } from './readArgument.js';
import { resolveGrantedPath } from './resolveGrantedPath.js';
import { verifyOpenedPath } from './verifyOpenedPath.js';

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
 * Races: the folder is opened and the descriptor checked to be the granted
 * real folder before anything is written; the temporary file is created and
 * renamed through that descriptor (`anchorFolder`), so a folder swapped for
 * a symbolic link after the check cannot send the write elsewhere.
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
  const folderHandle = await open(
    folder,
    constants.O_RDONLY | ((constants.O_DIRECTORY as number | undefined) ?? 0),
  ).catch(() => undefined);
  if (folderHandle === undefined) {
    throw new Error(
      `the folder of ${path.canonical} does not exist; fs-write@1 does not create folders`,
    );
  }
  try {
    // INVARIANT: nothing is created or renamed before the opened folder is known to be the checked one.
    if (!(await verifyOpenedPath(folderHandle, folder)))
      throw new Error(
        `the folder of ${path.canonical} changed while it was being opened (a folder replaced by a symbolic link?); fs-write@1 wrote nothing`,
      );
    const anchor = await anchorFolder(folderHandle, folder);
    const bytes = await replaceFile(
      anchor,
      folder,
      basename(path.real),
      path.canonical,
      content,
      signal,
    );
    await folderHandle.sync().catch(() => undefined);
    return { path: path.canonical, bytes };
  } finally {
    await folderHandle.close();
  }
};

/** Writes `content` to a temporary file in the anchored folder, then renames it over `name`; returns the byte count. */
async function replaceFile(
  anchor: string,
  folder: string,
  name: string,
  shown: string,
  content: string,
  signal: AbortSignal,
): Promise<number> {
  const existing = await lstat(join(anchor, name)).catch(() => undefined);
  if (existing !== undefined && !existing.isFile())
    throw new Error(`${shown} exists and is not a regular file; fs-write@1 replaces files only`);
  const mode = existing === undefined ? 0o666 : existing.mode & 0o7777;
  const temporaryName = `.toolgate-${randomUUID()}.tmp`;
  const data = new TextEncoder().encode(content);
  let renamed = false;
  try {
    const handle: FileHandle = await open(
      join(anchor, temporaryName),
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      mode,
    );
    try {
      // Where no descriptor path anchors the folder, check where the file was made.
      if (anchor === folder && !(await verifyOpenedPath(handle, join(folder, temporaryName))))
        throw new Error(`the folder of ${shown} changed while writing; fs-write@1 wrote nothing`);
      await handle.writeFile(data);
      if (existing !== undefined) await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    // A call cancelled before this point leaves the old file as it was.
    signal.throwIfAborted();
    await rename(join(anchor, temporaryName), join(anchor, name));
    renamed = true;
  } finally {
    if (!renamed) await unlink(join(anchor, temporaryName)).catch(() => undefined);
  }
  return data.length;
}
