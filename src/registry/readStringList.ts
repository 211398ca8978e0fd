import { hasOwn } from '../data/hasOwn.js';

/** Reads an optional list of strings, checking each; duplicates are dropped, first kept. */
export function readStringList(
  definition: Record<string, unknown>,
  key: string,
  fallback: readonly string[],
  problems: string[],
  check: (item: string, where: string) => string | undefined,
): string[] {
  if (!hasOwn(definition, key)) return [...fallback];
  const list = definition[key];
  if (!Array.isArray(list)) {
    problems.push(`${key} must be a list of strings`);
    return [];
  }
  const seen = new Set<string>();
  list.forEach((item: unknown, index) => {
    const where = `${key}[${index}]`;
    if (typeof item !== 'string') {
      problems.push(`${where} must be a string`);
      return;
    }
    const problem = check(item, where);
    if (problem !== undefined) problems.push(problem);
    else seen.add(item);
  });
  return [...seen];
}
