import { ToolgateError } from '../../errors/ToolgateError.js';
import { createGrant } from '../../grant/createGrant.js';
import type { Grant, GrantSpec } from '../../grant/types.js';
import type { Registry } from '../../registry/types.js';
import { diagnose, type Diagnostic } from '../diagnostics.js';
import { formatSourcePath } from './formatSourcePath.js';
import { placeLibraryProblem } from './placeLibraryProblem.js';
import type { SourcePath, YamlSource } from './readYamlSource.js';
import { splitToolEntry } from '../../grant/splitToolEntry.js';
import { expandToolPatterns, isToolPattern } from './expandToolPatterns.js';

const GRANT_KEYS = ['tools', 'folders', 'network', 'secrets', 'budgets', 'ask', 'labels', 'flows'];

/**
 * Builds each named grant with `createGrant`, placing every problem it
 * lists (but those the schema already reported). A grant naming a tool its registry marks as never grantable is an
 * error, as `createRun` makes it one (SPEC §5): no run could use it.
 */
export function buildGrants(
  specs: Readonly<Record<string, unknown>>,
  registry: Registry,
  source: YamlSource,
  isReported: (path: SourcePath) => boolean,
  diagnostics: Diagnostic[],
  patterns: {
    readonly servers: readonly string[];
    readonly locked: ReadonlySet<string> | undefined;
    readonly pending: boolean;
  } = { servers: [], locked: undefined, pending: false },
): Map<string, Grant> {
  const grants = new Map<string, Grant>();
  for (const [name, written] of Object.entries(specs)) {
    const base: SourcePath = ['grants', name];
    // Patterns over the lock (fs/read_*@1) become the exact refs they match (issue 30).
    const tools = (written as { readonly tools?: unknown } | null)?.tools;
    let spec: unknown = written;
    if (Array.isArray(tools) && tools.some(isToolPattern)) {
      const expanded = expandToolPatterns(
        tools as unknown[],
        patterns.servers,
        patterns.locked,
        patterns.pending,
      );
      for (const { index, problem } of expanded.problems)
        diagnostics.push(
          diagnose(
            source.place([...base, 'tools', index]),
            'error',
            'invalid_pattern',
            `${formatSourcePath([...base, 'tools', index])} ${problem}`,
            'write SERVER/PATTERN@1 over a locked server, such as fs/read_*@1, or the exact refs',
          ),
        );
      if (expanded.problems.length > 0) continue;
      spec = { ...(written as object), tools: expanded.tools };
    }
    let grant: Grant;
    try {
      grant = createGrant(spec as GrantSpec);
    } catch (error) {
      if (!(error instanceof ToolgateError)) throw error;
      for (const problem of error.problems) {
        const placed = placeLibraryProblem(problem, base, GRANT_KEYS, source, 'invalid_grant');
        // Told once: the schema already reported this place, and every unknown key.
        if (!isReported(placed.path) && !problem.includes('unknown key'))
          diagnostics.push(placed.diagnostic);
      }
      continue;
    }
    const entries = (spec as { readonly tools?: readonly string[] }).tools ?? [];
    entries.forEach((item, index) => {
      const ref = splitToolEntry(item).ref;
      if (registry.resolve(ref)?.grantable !== false) return;
      diagnostics.push(
        diagnose(
          source.place([...base, 'tools', index]),
          'error',
          'never_grantable',
          `${formatSourcePath([...base, 'tools', index])} ${ref} is never grantable in a registry with builtins: managed`,
          'remove it from the grant, or set builtins: self-run',
        ),
      );
    });
    grants.set(name, grant);
  }
  return grants;
}
