import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolgateError } from '../errors/ToolgateError.js';
import type { AuthorizedCall } from '../gate/types.js';
import { describeShapedOutput } from '../output/describeShapedOutput.js';
import { readOutputLimits } from '../output/readOutputLimits.js';
import { shapeToolOutput } from '../output/shapeToolOutput.js';
import { invalidOutputMessage } from '../output/truncateToolOutput.js';
import type { OutputLimits } from '../output/types.js';
import { toProviderToolName } from '../providers/toProviderToolName.js';

/** Where and when `createOutputShaper` saves output. */
export interface OutputShaperOptions {
  /**
   * An absolute folder to save into (created `0700` if missing). Default: a
   * new folder `toolgate-output-XXXXXX` in the OS temp directory, made on
   * the first save.
   */
  readonly dir?: string;
  /** Default: 49 KiB or 1,990 lines (Kortix), and a head of at most 8 KiB and 100 lines. */
  readonly limits?: OutputLimits;
}

/** An output shaper that saves oversized output; `dir()` is where (undefined until the first save). */
export type SavingOutputShaper = ((output: unknown, call: AuthorizedCall) => string) & {
  readonly dir: () => string | undefined;
};

/**
 * Creates the `shapeOutput` for `fire` and `run.fire` that applies the
 * Kortix rule with a real file: output over the limits (or binary output)
 * is saved whole to a new file (`0600`, never overwriting one) in a
 * temporary folder, and the model reads the head, the size and the path.
 * Output within the limits is the model's text as is. A failed save throws,
 * and the call's outcome is then an error saying so.
 *
 * // const shapeOutput = createOutputShaper();
 * // await fire(call, handlers, { gate, grant, shapeOutput })
 * // => text: '<the first 100 lines>[output truncated: 80000 bytes, 2400 lines in all; the whole output is saved at /tmp/toolgate-output-Ab12Cd/fs-read_v1-1-….txt]'
 */
export function createOutputShaper(options: OutputShaperOptions = {}): SavingOutputShaper {
  const limits = readOutputLimits(options.limits);
  const given = options.dir;
  if (
    given !== undefined &&
    (typeof given !== 'string' || !given.startsWith('/') || given.includes('\0'))
  ) {
    throw new ToolgateError('invalid_option', 'createOutputShaper: dir must be an absolute path');
  }
  let dir: string | undefined;
  let saved = 0;
  const folder = (): string => {
    if (dir !== undefined) return dir;
    if (given === undefined) dir = mkdtempSync(join(tmpdir(), 'toolgate-output-'));
    else {
      mkdirSync(given, { recursive: true, mode: 0o700 });
      dir = given;
    }
    return dir;
  };
  const shape = (output: unknown, call: AuthorizedCall): string => {
    const shaped = shapeToolOutput(output, limits);
    if (shaped.kind === 'invalid') throw new Error(invalidOutputMessage(shaped.problem));
    if (shaped.kind === 'inline') return shaped.text;
    saved += 1;
    // fs-read@1 => fs-read_v1-3-<uuid>.txt: which tool, in which order, and never a name taken before.
    const path = join(
      folder(),
      `${toProviderToolName(call.ref)}-${saved}-${randomUUID()}.${shaped.extension}`,
    );
    writeFileSync(path, shaped.data, { flag: 'wx', mode: 0o600 });
    return describeShapedOutput(shaped, path);
  };
  return Object.freeze(Object.assign(shape, { dir: () => dir }));
}
