import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs';
import { redactRecord } from '../run/redactRecord.js';
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
 * write that fails throws, and the run then does not commit that turn.
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
  let fd: number | undefined = openSync(path, 'a', 0o600);
  return Object.freeze({
    write: (entry: RunEntry) => {
      if (fd === undefined) throw new Error(`the JSONL sink for ${path} is closed`);
      const shown =
        redact && entry.type === 'turn' ? { ...entry, record: redactRecord(entry.record) } : entry;
      const bytes = Buffer.from(`${JSON.stringify(shown)}\n`, 'utf8');
      for (let offset = 0; offset < bytes.length;) offset += writeSync(fd, bytes, offset);
      if (fsync) fsyncSync(fd);
    },
    close: () => {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  });
}
