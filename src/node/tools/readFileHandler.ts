import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { ToolHandler } from '../../fire/types.js';
import { readArgument } from './readArgument.js';
import { resolveGrantedPath } from './resolveGrantedPath.js';
import { verifyOpenedPath } from './verifyOpenedPath.js';

const CHUNK = 64 * 1024;

/**
 * The handler of `fs-read@1`: the bytes of a regular file the grant lets
 * the run read, checked again at open time through real paths. The final
 * component is opened without following a symlink (`O_NOFOLLOW`), and
 * without blocking on a FIFO (`O_NONBLOCK`), so a link swapped in after the
 * check fails instead of being followed; a folder on the way swapped for a
 * link is caught by checking what the descriptor opened before reading
 * (`verifyOpenedPath`). Files over `maxBytes` are refused.
 *
 * // ({ path: 'notes/a.md' }) => Uint8Array of the file (text output shows it as text)
 */
export function createReadFileHandler(maxBytes: number): ToolHandler {
  return async (call, { signal, grant, cwd }) => {
    signal.throwIfAborted();
    if (call.shape !== 'read')
      throw new Error(`fs-read@1 only reads (shape "read"), not "${call.shape}"`);
    const path = resolveGrantedPath(
      readArgument(call, 'path', 'string'),
      { grant, ...(cwd === undefined ? {} : { cwd }) },
      'read',
    );
    const handle = await open(
      path.real,
      constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
    );
    try {
      // INVARIANT: not a byte is read before the opened file is known to be the checked one.
      if (!(await verifyOpenedPath(handle, path.real)))
        throw new Error(
          `the path ${path.canonical} changed while it was being opened (a folder replaced by a symbolic link?); fs-read@1 read nothing`,
        );
      const stats = await handle.stat();
      if (!stats.isFile())
        throw new Error(`${path.canonical} is not a regular file; fs-read@1 reads files only`);
      const tooBig = () =>
        new Error(
          `${path.canonical} is over ${maxBytes} bytes; fs-read@1 reads files up to that size`,
        );
      if (stats.size > maxBytes) throw tooBig();
      const chunks: Uint8Array[] = [];
      let total = 0;
      for (;;) {
        signal.throwIfAborted();
        const { bytesRead, buffer } = await handle.read(new Uint8Array(CHUNK), 0, CHUNK, null);
        if (bytesRead === 0) break;
        total += bytesRead;
        // The file may have grown since stat: the limit holds for what is read.
        if (total > maxBytes) throw tooBig();
        chunks.push(buffer.subarray(0, bytesRead));
      }
      const bytes = new Uint8Array(total);
      let offset = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, offset);
        offset += chunk.length;
      }
      return bytes;
    } finally {
      await handle.close();
    }
  };
}
