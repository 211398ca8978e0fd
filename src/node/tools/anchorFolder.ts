import { readlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';

/**
 * A path prefix that reaches the folder a handle opened, whatever happens to
 * the folder's name afterwards: `/proc/self/fd/N` on Linux, where the kernel
 * resolves it through the descriptor (as `openat` and `renameat` would), so
 * a folder swapped for a symbolic link after it was verified cannot redirect
 * a create or a rename. Where there is no such path, the folder's own path.
 *
 * // (handle of /srv/p/notes, '/srv/p/notes') => '/proc/self/fd/23' on Linux, else '/srv/p/notes'
 */
export async function anchorFolder(handle: FileHandle, folder: string): Promise<string> {
  const viaDescriptor = `/proc/self/fd/${handle.fd}`;
  return (await readlink(viaDescriptor).then(
    () => true,
    () => false,
  ))
    ? viaDescriptor
    : folder;
}
