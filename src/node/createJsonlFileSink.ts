import {
  closeSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  statfsSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { extend } from '../data/extend.js';
import { messageOf } from '../data/messageOf.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import { redactRecord } from '../run/redactRecord.js';
import { WRITE_BATCH } from '../run/runInternals.js';
import type { RecordSink, RunEntry } from '../run/types.js';

/** How the JSONL file sink writes. */
export interface JsonlFileSinkOptions {
  /** Export every turn record redacted (`redactRecord`): granted secret names become `[redacted]` too. Default false. */
  readonly redact?: boolean;
  /** Call fsync after every line, so a settled turn survives a crash. Default true. */
  readonly fsync?: boolean;
}

/** A sink appending to a JSONL file; `close` releases the file. */
export interface JsonlFileSink extends RecordSink {
  readonly close: () => void;
}

/**
 * Creates a sink that appends each run entry to a file as one line of JSON
 * (JSONL), opening the file once, now, in append mode (created `0600`: the
 * records are an audit trail). Each line is written synchronously and, by
 * default, fsynced, so every turn is on disk before `propose` returns; a
 * write that fails throws, and the run then does not commit that turn (the
 * async forms refuse it). A write that failed half-way (a full disk) is cut
 * back off the file, so the file holds whole lines only and the next line
 * starts on its own; if it cannot be cut (another writer appended since),
 * the next line starts with a newline instead. A file that cannot be opened,
 * or a disk with no free block, throws `ToolgateError` (`invalid_option`) now.
 * Records never hold a secret value (see the README); with `redact`, granted
 * secret names are left out too.
 *
 * // const sink = createJsonlFileSink('/var/log/agent/runs.jsonl');
 * // createRun({ gate, grant, sink, id: 'run-42' });
 * // each line: {"type":"turn","record":{…},"run":"run-42"}
 */
export function createJsonlFileSink(
  path: string,
  options: JsonlFileSinkOptions = {},
): JsonlFileSink {
  const redact = options.redact === true;
  const fsync = options.fsync !== false;
  let fd: number | undefined = openChecked(path);
  // A line that failed half-way and could not be cut off: the next one starts on a fresh line.
  let torn = false;
  const line = (entry: RunEntry) =>
    `${JSON.stringify(redact && entry.type === 'turn' ? extend(entry, { record: redactRecord(entry.record) }) : entry)}\n`;
  /** Appends whole lines in one write and one fsync: all of them, or none (cut back). */
  const append = (text: string) => {
    if (fd === undefined) throw new Error(`the JSONL sink for ${path} is closed`);
    const bytes = Buffer.from(`${torn ? '\n' : ''}${text}`, 'utf8');
    const before = fstatSync(fd).size;
    let offset = 0;
    try {
      while (offset < bytes.length) offset += writeSync(fd, bytes, offset);
      if (fsync) fsyncSync(fd);
    } catch (error) {
      torn = !cutBack(fd, before, offset);
      throw error;
    }
    torn = false;
  };
  return Object.freeze({
    write: (entry: RunEntry) => {
      append(line(entry));
    },
    // A run records a one-call turn and its dispatch in one write and one fsync (runInternals.ts).
    [WRITE_BATCH]: (entries: readonly RunEntry[]) => {
      append(entries.map(line).join(''));
    },
    close: () => {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  });
}

/** Opens the file for appending, refusing one that cannot be opened or a disk with no free block. */
function openChecked(path: string): number {
  let fd: number;
  try {
    fd = openSync(path, 'a', 0o600);
  } catch (error) {
    throw new ToolgateError(
      'invalid_option',
      `the JSONL record file ${path} cannot be opened: ${messageOf(error)}; check that its folder exists and that it can be written`,
    );
  }
  try {
    const disk = statfsSync(dirname(path));
    // Root may use the blocks a file system keeps back for it; anyone else only the available ones.
    const free = process.getuid?.() === 0 ? disk.bfree : disk.bavail;
    if (free === 0)
      throw new ToolgateError(
        'invalid_option',
        `the JSONL record file ${path} cannot be written: the disk is full (no free block on the file system that holds it); free some space on that disk or put the file on another one`,
      );
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return fd;
}

/**
 * Cuts a line that failed after `written` of its bytes off the end of the
 * file, back to `before`. True when the file ends with a whole line again:
 * nothing was written, or the cut worked; false when another writer
 * appended since (its line is not ours to cut) or the cut failed.
 */
function cutBack(fd: number, before: number, written: number): boolean {
  try {
    const size = fstatSync(fd).size;
    if (size === before) return true;
    if (size !== before + written) return false;
    ftruncateSync(fd, before);
    return true;
  } catch {
    return false;
  }
}
