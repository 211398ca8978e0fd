import { describe, expect, it } from 'vitest';
import type { Refusal, RefusalDetail } from '../../src/gate/types.js';
import { withDetails } from '../../src/gate/withDetails.js';

const refusal: Refusal = Object.freeze({
  check: 'dispatch.folder',
  code: 'folder_out_of_scope',
  reason: 'the path /etc/passwd is outside the granted folders',
  callIndex: 0,
  ref: 'fs/read@1',
  details: Object.freeze([{ pointer: '/path', message: 'outside /srv' }]),
});

describe('withDetails', () => {
  it('answers the same refusal, not a copy, when there are no details to add', () => {
    expect(withDetails(refusal, [])).toBe(refusal);
  });

  it("adds the details after the refusal's own, keeping every other field", () => {
    const added: RefusalDetail[] = [
      { pointer: '', message: 'the server fs is not available' },
      { pointer: '/path', message: 'changed', entry: '!.env' },
    ];
    const result = withDetails(refusal, added);
    expect(result).toEqual({
      ...refusal,
      details: [{ pointer: '/path', message: 'outside /srv' }, ...added],
    });
    // A refusal without details of its own gets just the new ones.
    const bare: Refusal = { check: 'proxy.server', code: 'check_failed', reason: 'r' };
    expect(withDetails(bare, added).details).toEqual(added);
  });

  it('freezes the result and copies each detail, so the caller changing its own later changes nothing', () => {
    const mine = { pointer: '', message: 'before' };
    const result = withDetails(refusal, [mine]);
    mine.message = 'after';
    expect(result.details?.at(-1)).toEqual({ pointer: '', message: 'before' });
    expect(Object.isFrozen(result)).toBe(true);
    expect(Object.isFrozen(result.details)).toBe(true);
    expect(Object.isFrozen(result.details?.at(-1))).toBe(true);
  });
});
