import { diagnose, type Diagnostic } from '../diagnostics.js';
import { formatSourcePath } from './formatSourcePath.js';
import type { SourcePath, YamlSource } from './readYamlSource.js';

// folders[1] …, budgets.turns …, resources[0].at … => key, index, sub-key
const LEADING_PLACE = /^([a-z]+)(?:\[(\d+)\])?(?:\.([a-z]+))?(?=[\s:]|$)/i;

/**
 * Places one problem a library loader reported (`createGrant`,
 * `registry.register`) at the entry it names. Their messages start with
 * the entry's place inside the object (`folders[1] "x": …`,
 * `budgets.turns …`); that place is looked up under `base`. A message that
 * names no known key is placed at `base` itself.
 *
 * // ('folders[1] "srv": a folder root must …', ['grants', 'coder'])
 * //   => policy.yaml:9:9: grants.coder.folders[1] "srv": a folder root must …
 */
export function placeLibraryProblem(
  problem: string,
  base: SourcePath,
  keys: readonly string[],
  source: YamlSource,
  code: string,
): { readonly path: SourcePath; readonly diagnostic: Diagnostic } {
  const match = LEADING_PLACE.exec(problem);
  const key = match?.[1];
  let path: SourcePath = base;
  let message = `${formatSourcePath(base)}: ${problem}`;
  if (match !== null && key !== undefined && keys.includes(key)) {
    const index = match[2];
    const sub = match[3];
    path = [
      ...base,
      key,
      ...(index === undefined ? [] : [Number(index)]),
      ...(sub === undefined ? [] : [sub]),
    ];
    message = `${formatSourcePath(path)}${problem.slice(match[0].length)}`;
  }
  // The library's advice ends its message after "; ": it becomes the fix, said once.
  const semicolon = message.lastIndexOf('; ');
  if (semicolon !== -1) {
    return {
      path,
      diagnostic: diagnose(
        source.place(path),
        'error',
        code,
        message.slice(0, semicolon),
        message.slice(semicolon + 2),
      ),
    };
  }
  const example = / such as (.+)$/.exec(message)?.[1];
  const fix =
    example === undefined
      ? 'change it to follow the rule in the message'
      : `write it like ${example}`;
  return { path, diagnostic: diagnose(source.place(path), 'error', code, message, fix) };
}
