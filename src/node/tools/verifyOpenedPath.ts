import { lstat, realpath, readlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';

/**
 * Is the file or folder this handle opened exactly the one at `expected`
 * (a real path the grant was checked against)? Asked after the open and
 * before any byte is read or written, it closes the window between checking
 * a path and opening it: a folder swapped for a symbolic link in between
 * makes the handle point elsewhere, and the answer is false.
 *
 * On Linux the kernel says where the descriptor points
 * (`/proc/self/fd/N`), which is exact. Elsewhere the handle's device and
 * inode must equal those of `expected`, whose real path must still be
 * itself: this narrows the window to the moments between those two looks
 * (docs/edges.md). Any error answers false.
 *
 * // (handle of /srv/p/a.md, '/srv/p/a.md')                        => true
 * // (handle opened through /srv/p/dir -> /etc, '/srv/p/dir/passwd') => false
 */
export async function verifyOpenedPath(handle: FileHandle, expected: string): Promise<boolean> {
  try {
    const link = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined);
    if (link !== undefined) return link === expected;
    const opened = await handle.stat();
    if ((await realpath(expected)) !== expected) return false;
    const named = await lstat(expected);
    return named.dev === opened.dev && named.ino === opened.ino;
  } catch {
    return false;
  }
}
