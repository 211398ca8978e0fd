import { readSync } from 'node:fs';

/** More than any turn the gate accepts (1 MiB by default); past it, reading stops. */
export const STDIN_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * Reads all of standard input as UTF-8, synchronously, however slowly the
 * producer writes and however much it sends.
 *
 * `readFileSync(0)` fails with EAGAIN when fd 0 is a non-blocking pipe with
 * no data yet (Node makes it non-blocking as soon as anything touches
 * `process.stdin`; a shell pipe from `curl` or `sleep 1; cat` shows it). Here
 * EAGAIN waits a few milliseconds and tries again; end of input is a read of
 * zero bytes. Throws past `limit` bytes, so a runaway producer cannot fill
 * memory.
 */
export function readStdinSync(fd = 0, limit = STDIN_LIMIT_BYTES): string {
  const chunks: Buffer[] = [];
  const buffer = Buffer.allocUnsafe(64 * 1024);
  const pause = new Int32Array(new SharedArrayBuffer(4));
  let total = 0;
  for (;;) {
    let count: number;
    try {
      count = readSync(fd, buffer, 0, buffer.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        // Nothing to read yet: sleep 5 ms without spinning, then try again.
        Atomics.wait(pause, 0, 0, 5);
        continue;
      }
      if (code === 'EOF') break; // Windows reports the end of a pipe this way.
      throw error;
    }
    if (count === 0) break;
    total += count;
    if (total > limit)
      throw new Error(
        `standard input holds more than ${String(limit)} bytes; a turn is at most 1 MiB`,
      );
    chunks.push(Buffer.from(buffer.subarray(0, count)));
  }
  return Buffer.concat(chunks).toString('utf8');
}
