import { splitToolEntry } from '../../grant/splitToolEntry.js';

/** Is this grant `tools` entry a pattern over a lock (`fs/read_*@1`), not a ref? */
export function isToolPattern(entry: unknown): entry is string {
  return typeof entry === 'string' && entry.includes('*');
}

/** What expanding one grant's `tools` gave: the exact entries, and a problem per pattern entry that failed. */
export interface ExpandedTools {
  readonly tools: readonly unknown[];
  readonly problems: readonly { readonly index: number; readonly problem: string }[];
}

/**
 * (issue 30) Expands each `SERVER/PATTERN@VERSION` entry of a grant's
 * `tools` (`*` stands for any run of characters but `/`) to the locked
 * refs it matches, in order, leaving every other entry as it is. What the
 * gate sees is still exact refs. A pattern must name a server of the
 * policy, carry no pin, and match at least one locked ref; without a lock
 * (`locked` undefined) it cannot be expanded: a problem, unless `pending`
 * (`toolgate mcp lock`, which writes the lock the patterns will read), when
 * it is left out.
 *
 * // (['fs/read_*@1', 'web/get@1'], ['fs'], {fs/read_file@1, fs/read_text_file@1, fs/write_file@1})
 * // => { tools: ['fs/read_file@1', 'fs/read_text_file@1', 'web/get@1'], problems: [] }
 */
export function expandToolPatterns(
  tools: readonly unknown[],
  servers: readonly string[],
  locked: ReadonlySet<string> | undefined,
  pending: boolean,
): ExpandedTools {
  const out: unknown[] = [];
  const problems: { index: number; problem: string }[] = [];
  const taken = new Set(
    tools.flatMap((entry) =>
      typeof entry === 'string' && !isToolPattern(entry) ? [splitToolEntry(entry).ref] : [],
    ),
  );
  for (const [index, entry] of tools.entries()) {
    if (!isToolPattern(entry)) {
      out.push(entry);
      continue;
    }
    const problem = (text: string) => {
      problems.push({ index, problem: `${entry} ${text}` });
    };
    if (entry.includes('#')) {
      problem('pins a pattern: pin each ref on its own');
      continue;
    }
    const at = entry.lastIndexOf('@');
    const server = servers.find((name) => entry.startsWith(`${name}/`));
    if (at === -1 || server === undefined) {
      problem(
        `is a pattern, which must be SERVER/PATTERN@VERSION over a server of the policy (${servers.join(', ') || 'none'}), such as ${servers[0] ?? 'fs'}/read_*@1`,
      );
      continue;
    }
    if (locked === undefined) {
      if (!pending)
        problem(
          'is a pattern over the lock, and there is no lock: run toolgate mcp lock --policy FILE',
        );
      continue;
    }
    const matcher = new RegExp(
      `^${entry
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*')}$`,
    );
    const matched = [...locked].filter((ref) => matcher.test(ref)).sort();
    if (matched.length === 0) {
      problem('matches no locked tool');
      continue;
    }
    for (const ref of matched) {
      if (taken.has(ref)) continue;
      taken.add(ref);
      out.push(ref);
    }
  }
  return { tools: out, problems };
}
