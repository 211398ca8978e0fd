/**
 * What is wrong with a repo-relative path, if anything? A path does not
 * start with `/` or `-`, has no `.` or `..` segment, and ends in one of
 * `extensions`. The folder is the author's choice.
 *
 * @returns The rule it breaks, in words; `undefined` when it is fine.
 *
 * // tools/lookup_order.ts            => undefined
 * // /abs/x.ts, -x.ts, ./x.ts, a/../x.ts, x.py => a problem
 */
export function findRepoPathProblem(
  path: string,
  extensions: readonly string[],
): string | undefined {
  if (path === '') return 'is empty';
  if (path.startsWith('/')) return 'starts with /';
  if (path.startsWith('-')) return 'starts with -';
  const segment = path.split('/').find((part) => part === '.' || part === '..');
  if (segment !== undefined) return `has a ${segment} segment`;
  if (!extensions.some((extension) => path.endsWith(extension))) {
    return `does not end in ${listWords(extensions, 'or')}`;
  }
  return undefined;
}

/** ['.ts', '.js', '.mjs'] => ".ts, .js, or .mjs" */
export function listWords(words: readonly string[], last: string): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')}, ${last} ${words.at(-1) ?? ''}`;
}
