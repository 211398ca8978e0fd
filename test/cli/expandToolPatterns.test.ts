import { describe, expect, it } from 'vitest';
import { expandToolPatterns } from '../../src/cli/policy/expandToolPatterns.js';

const LOCKED = new Set([
  'fs/read_file@1',
  'fs/read_text_file@1',
  'fs/write_file@1',
  'fs/list_directory@1',
  'gh/repo_get@1',
]);

describe('expandToolPatterns (grant patterns over the lock, issue 30)', () => {
  it('expands each pattern in place to the locked refs it matches, sorted, once each (an exact entry keeps its place)', () => {
    expect(
      expandToolPatterns(
        ['web/get@1', 'fs/read_*@1', 'fs/read_file@1', 'fs/*_file@1'],
        ['fs', 'gh'],
        LOCKED,
        false,
      ),
    ).toEqual({
      tools: ['web/get@1', 'fs/read_text_file@1', 'fs/read_file@1', 'fs/write_file@1'],
      problems: [],
    });
    expect(expandToolPatterns(['fs/*@1'], ['fs'], LOCKED, false).tools).toEqual([
      'fs/list_directory@1',
      'fs/read_file@1',
      'fs/read_text_file@1',
      'fs/write_file@1',
    ]);
  });

  it('reads * as any run of characters but "/", and nothing else of the pattern as a wildcard', () => {
    const locked = new Set(['fs/a.b@1', 'fs/axb@1', 'fs/a/b@1', 'fs/ab@2']);
    expect(expandToolPatterns(['fs/a.*@1'], ['fs'], locked, false).tools).toEqual(['fs/a.b@1']);
    expect(expandToolPatterns(['fs/*@1'], ['fs'], locked, false).tools).toEqual([
      'fs/a.b@1',
      'fs/axb@1',
    ]);
  });

  it('refuses a pattern that matches nothing, names no server, pins, or has no lock', () => {
    const problems = (entry: string, locked: ReadonlySet<string> | null = LOCKED) =>
      expandToolPatterns([entry], ['fs'], locked ?? undefined, false).problems.map(
        (p) => p.problem,
      );
    expect(problems('fs/delete_*@1')).toEqual(['fs/delete_*@1 matches no locked tool']);
    expect(problems('*/read_file@1')).toEqual([
      '*/read_file@1 is a pattern, which must be SERVER/PATTERN@VERSION over a server of the policy (fs), such as fs/read_*@1',
    ]);
    expect(problems(`fs/read_*@1#sha256:${'a'.repeat(64)}`)).toEqual([
      `fs/read_*@1#sha256:${'a'.repeat(64)} pins a pattern: pin each ref on its own`,
    ]);
    expect(problems('fs/read_*@1', null)).toEqual([
      'fs/read_*@1 is a pattern over the lock, and there is no lock: run toolgate mcp lock --policy FILE',
    ]);
    // While the lock is being written, a pattern is left out, not a problem.
    expect(expandToolPatterns(['fs/read_*@1', 'web/get@1'], ['fs'], undefined, true)).toEqual({
      tools: ['web/get@1'],
      problems: [],
    });
  });
});
