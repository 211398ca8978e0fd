/**
 * How many lines does this text have? A final line without a newline
 * counts; a final newline does not start another line.
 *
 * // ''       => 0
 * // 'a'      => 1
 * // 'a\nb\n' => 2
 * // '\n\n'   => 2
 */
export function countLines(text: string): number {
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines += 1;
  return text === '' || text.endsWith('\n') ? lines : lines + 1;
}
