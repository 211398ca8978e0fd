import type { ShapedOutput } from './types.js';

/**
 * The text the model reads for shaped output: the whole text, or the head
 * followed by one bracketed line with the size and where the whole output
 * is (`path`), or that it was not saved (no `path`).
 *
 * // inline 'ok'                        => 'ok'
 * // save (text), '/tmp/t/out-1.txt'    => HEAD + '[output truncated: 50177 bytes, 1 line in all; the whole output is saved at /tmp/t/out-1.txt]'
 * // save (binary), '/tmp/t/out-2.bin'  => '[binary output: 1234 bytes; saved at /tmp/t/out-2.bin]'
 */
export function describeShapedOutput(
  shaped: Exclude<ShapedOutput, { kind: 'invalid' }>,
  path?: string,
): string {
  if (shaped.kind === 'inline') return shaped.text;
  if (shaped.reason === 'binary') {
    return `[binary output: ${shaped.bytes} bytes; ${path === undefined ? 'not shown and not saved' : `saved at ${path}`}]`;
  }
  const size = `${shaped.bytes} bytes, ${shaped.lines} ${shaped.lines === 1 ? 'line' : 'lines'} in all`;
  const where =
    path === undefined ? 'the rest was not saved' : `the whole output is saved at ${path}`;
  const separator = shaped.head === '' || shaped.head.endsWith('\n') ? '' : '\n';
  return `${shaped.head}${separator}[output truncated: ${size}; ${where}]`;
}
