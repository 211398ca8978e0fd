import type { SourcePath } from './readYamlSource.js';

const PLAIN_KEY = /^[a-z_$][\w$-]*$/i;

/**
 * Names a place in a file the way a reader finds it.
 *
 * // ['grants', 'coder', 'folders', 1] => grants.coder.folders[1]
 * // ['agents', 'my agent']            => agents["my agent"]
 * // []                                => the file
 */
export function formatSourcePath(path: SourcePath): string {
  if (path.length === 0) return 'the file';
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (PLAIN_KEY.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}
