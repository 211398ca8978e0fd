import { ToolgateError } from '../../errors/ToolgateError.js';
import type { ToolHandler } from '../../fire/types.js';
import { createReadFileHandler } from './readFileHandler.js';
import { summarizeTextHandler } from './summarizeTextHandler.js';
import { writeFileHandler } from './writeFileHandler.js';

/** How the built-in handlers behave. */
export interface BuiltinHandlerOptions {
  /** The largest file `fs-read@1` reads, in bytes. Default 16 MiB. */
  readonly maxReadBytes?: number;
}

/** The handlers of the three built-in tools, keyed by ref, ready for `fire` and `run.fire` (a type, so it is a `ToolHandlers` table). */
export type BuiltinHandlers = {
  readonly 'fs-read@1': ToolHandler;
  readonly 'fs-write@1': ToolHandler;
  readonly 'text-summarize@1': ToolHandler;
};

/**
 * Creates the implementations of the registry's built-in tools (SPEC §4):
 * `fs-read@1` (the bytes of a file the folder grant covers), `fs-write@1`
 * (a whole file, replaced atomically) and `text-summarize@1` (a
 * deterministic extractive summary). The file tools check their path against
 * the grant again at open time, through real paths, so a symlink out of a
 * granted folder is refused even when the gate was built without `realpath`.
 * What they open is checked to be what they checked, before a byte moves, so
 * a folder swapped for a link between the check and the open is refused too.
 *
 * // const handlers = { ...createBuiltinHandlers(), 'http/get@1': myGet };
 * // await run.fire(call, handlers, { timeoutMs: 10_000 });
 */
export function createBuiltinHandlers(options: BuiltinHandlerOptions = {}): BuiltinHandlers {
  const maxReadBytes = options.maxReadBytes ?? 16 * 1024 * 1024;
  if (!Number.isSafeInteger(maxReadBytes) || maxReadBytes < 0) {
    throw new ToolgateError(
      'invalid_option',
      'createBuiltinHandlers: maxReadBytes must be a non-negative integer',
    );
  }
  return Object.freeze({
    'fs-read@1': createReadFileHandler(maxReadBytes),
    'fs-write@1': writeFileHandler,
    'text-summarize@1': summarizeTextHandler,
  });
}
