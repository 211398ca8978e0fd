import { countLines } from './countLines.js';
import { cutHead } from './cutHead.js';
import { readOutputLimits } from './readOutputLimits.js';
import { renderToolOutput } from './renderToolOutput.js';
import type { OutputLimits, ShapedOutput } from './types.js';

const encoder = /* @__PURE__ */ new TextEncoder();

/**
 * Decides how the model gets a handler's output (the Kortix rule): whole
 * when it is at most `maxBytes` UTF-8 bytes (default 49 KiB) and at most
 * `maxLines` lines (default 1,990); otherwise, and for binary data, it is to
 * be saved whole to a file and the model gets the head (text only), the
 * size and the file's path. Pure: the caller saves `data`
 * (`createOutputShaper` in `toolgate/node` does).
 *
 * Throws `ToolgateError` (`invalid_option`) only for bad limits.
 *
 * // ('ok')                       => { kind: 'inline', text: 'ok', bytes: 2, lines: 1 }
 * // ('x'.repeat(50_177))         => { kind: 'save', reason: 'bytes', head: 'x'.repeat(8192), bytes: 50177, lines: 1, … }
 * // ('a\n'.repeat(1991))         => { kind: 'save', reason: 'lines', head: 100 lines, … }
 */
export function shapeToolOutput(output: unknown, limits?: OutputLimits): ShapedOutput {
  const { maxBytes, maxLines, headBytes, headLines } = readOutputLimits(limits);
  const rendered = renderToolOutput(output);
  if (rendered.kind === 'invalid')
    return Object.freeze({ kind: 'invalid', problem: rendered.problem });
  if (rendered.kind === 'binary') {
    const { bytes } = rendered;
    return Object.freeze({
      kind: 'save',
      reason: 'binary',
      head: '',
      bytes: bytes.length,
      lines: 0,
      data: bytes,
      extension: 'bin',
    });
  }
  const { text, extension } = rendered;
  const data = encoder.encode(text);
  const lines = countLines(text);
  if (data.length <= maxBytes && lines <= maxLines)
    return Object.freeze({ kind: 'inline', text, bytes: data.length, lines });
  const reason = data.length > maxBytes ? 'bytes' : 'lines';
  const head = cutHead(text, headLines, headBytes);
  return Object.freeze({ kind: 'save', reason, head, bytes: data.length, lines, data, extension });
}
