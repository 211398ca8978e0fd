import { describe, expect, it } from 'vitest';
import { compiledGrantOf } from '../../src/grant/compiledGrant.js';
import { createGrant } from '../../src/grant/createGrant.js';
import type { Grant, GrantSpec } from '../../src/grant/types.js';
import { catchToolgateError } from '../helpers/catchToolgateError.js';

const grantOf = (spec: unknown): Grant => createGrant(spec as GrantSpec);
const problemsOf = (spec: unknown): readonly string[] =>
  catchToolgateError(() => grantOf(spec), 'invalid_grant').problems;
const PIN = `sha256:${'ab'.repeat(32)}`;
const OTHER = `sha256:${'cd'.repeat(32)}`;

describe('createGrant: ask and digest pins (rev 2)', () => {
  it('keeps pinned entries as written and ask as given, and round-trips through JSON', () => {
    const grant = createGrant({
      tools: [`fs-write@1#${PIN}`, 'fs-read@1'],
      ask: ['fs-write@1'],
    });
    expect(grant.tools).toEqual([`fs-write@1#${PIN}`, 'fs-read@1']);
    expect(grant.ask).toEqual(['fs-write@1']);
    expect(Object.isFrozen(grant.ask)).toBe(true);
    expect(createGrant(JSON.parse(JSON.stringify(grant)) as GrantSpec)).toStrictEqual(grant);
  });

  it('compiles plain refs, the pins and the ask set for the gate', () => {
    const compiled = compiledGrantOf(
      createGrant({ tools: [`fs-write@1#${PIN}`, 'fs-read@1'], ask: ['fs-read@1'] }),
    );
    expect([...(compiled?.tools ?? [])]).toEqual(['fs-write@1', 'fs-read@1']);
    expect([...(compiled?.pins ?? [])]).toEqual([['fs-write@1', PIN]]);
    expect([...(compiled?.ask ?? [])]).toEqual(['fs-read@1']);
  });

  it('leaves ask out of a grant that asks for nothing, so rev-1 grants keep their shape', () => {
    expect(createGrant({ tools: ['fs-read@1'], ask: [] })).toStrictEqual(
      createGrant({ tools: ['fs-read@1'] }),
    );
    expect('ask' in createGrant({ tools: ['fs-read@1'] })).toBe(false);
  });

  it('refuses an ask ref that is not in tools, naming it', () => {
    expect(problemsOf({ tools: ['fs-read@1'], ask: ['fs-write@1'] })).toEqual([
      'ask "fs-write@1" is not in tools; a tool needing approval must also be granted in tools',
    ]);
  });

  it('refuses malformed ask entries, a pinned one with where the pin goes', () => {
    expect(problemsOf({ tools: ['fs-read@1'], ask: 'fs-read@1' })).toEqual(['ask must be a list']);
    const problems = problemsOf({ tools: ['fs-read@1'], ask: ['fs-read', `fs-read@1#${PIN}`, 3] });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^ask\[0\] fs-read: a ref is NAME@VERSION/);
    expect(problems[1]).toBe(
      `ask[1] fs-read@1#${PIN}: ask lists refs without a pin; pin the definition in tools`,
    );
    expect(problems[2]).toMatch(/^ask\[2\] 3: a ref must be a string/);
  });

  it('refuses a pin that is not sha256: and 64 lower-case hex digits', () => {
    for (const pin of [
      PIN.toUpperCase(),
      `sha256:${'AB'.repeat(32)}`,
      `sha256:${'ab'.repeat(31)}`,
      `sha256:${'ab'.repeat(33)}`,
      `sha512:${'ab'.repeat(32)}`,
      'ab'.repeat(32),
      '',
      `${PIN}#${PIN}`,
    ]) {
      const problems = problemsOf({ tools: [`fs-read@1#${pin}`] });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain(
        'the pin after "#" must be "sha256:" and 64 lower-case hex digits',
      );
    }
    expect(problemsOf({ tools: [`fs-read#${PIN}`] })[0]).toMatch(/a ref is NAME@VERSION/);
  });

  it('refuses one ref written two ways: two pins, or pinned and not', () => {
    expect(problemsOf({ tools: [`a@1#${PIN}`, `a@1#${OTHER}`] })).toEqual([
      `tools lists a@1 as "a@1#${PIN}" and as "a@1#${OTHER}"; keep one entry for it`,
    ]);
    expect(problemsOf({ tools: ['a@1', `a@1#${PIN}`] })).toHaveLength(1);
    // The same entry twice is one entry.
    expect(createGrant({ tools: [`a@1#${PIN}`, `a@1#${PIN}`] }).tools).toEqual([`a@1#${PIN}`]);
  });
});
