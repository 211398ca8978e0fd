import { describe, expect, it } from 'vitest';
import { formatToolRef } from '../../src/registry/formatToolRef.js';
import { catchToolgateError } from '../helpers/catchToolgateError.js';

describe('formatToolRef', () => {
  it('joins the name and version with "@"', () => {
    expect(formatToolRef({ name: 'slack/search', version: 1 })).toBe('slack/search@1');
    expect(formatToolRef({ name: 'fs-read', version: 10 })).toBe('fs-read@10');
  });

  it.each([
    [{ name: 'a@b', version: 1 }, 'a name holding "@"'],
    [{ name: '', version: 1 }, 'an empty name'],
    [{ name: 'Slack Search', version: 1 }, 'a name with a space'],
    [{ name: 'a', version: 0 }, 'version zero'],
    [{ name: 'a', version: -1 }, 'a negative version'],
    [{ name: 'a', version: 1.5 }, 'a fractional version'],
    [{ name: 'a', version: Number.NaN }, 'a NaN version'],
    [{ name: 'a', version: Number.MAX_SAFE_INTEGER + 1 }, 'a version above MAX_SAFE_INTEGER'],
  ])('refuses to format %j (%s)', (ref) => {
    catchToolgateError(() => formatToolRef(ref), 'invalid_ref');
  });

  it('quotes the bad name in the message', () => {
    const error = catchToolgateError(
      () => formatToolRef({ name: 'a b', version: 1 }),
      'invalid_ref',
    );
    expect(error.message).toContain('"a b"');
  });
});
