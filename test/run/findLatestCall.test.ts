import { describe, expect, it } from 'vitest';
import type { AuthorizedCall } from '../../src/index.js';
import { findLatestCall } from '../../src/run/findLatestCall.js';

const call = (query: string): AuthorizedCall =>
  Object.freeze({
    tool: 'search',
    version: 1,
    ref: 'search@1',
    shape: 'call',
    arguments: Object.freeze({ query }),
  });

describe('findLatestCall', () => {
  const calls = [call('a'), call('b'), call('a')];

  it('finds the very object, and says when it was dispatched', () => {
    expect(findLatestCall(calls[1], calls, [false, false, false])).toBe(1);
    expect(findLatestCall(calls[1], calls, [false, true, false])).toBe('dispatched');
  });

  it('finds an equal copy, whatever its key order, the first one not yet dispatched', () => {
    const copy = {
      arguments: { query: 'a' },
      shape: 'call',
      ref: 'search@1',
      version: 1,
      tool: 'search',
    };
    expect(findLatestCall(copy, calls, [false, false, false])).toBe(0);
    expect(findLatestCall(copy, calls, [true, false, false])).toBe(2);
    expect(findLatestCall(copy, calls, [true, false, true])).toBe('dispatched');
  });

  it('finds nothing for a different, extended or unreadable call', () => {
    expect(
      findLatestCall({ ...call('a'), arguments: { query: 'c' } }, calls, [false, false, false]),
    ).toBeUndefined();
    expect(
      findLatestCall({ ...call('a'), rawArguments: '{"query":"a"}' }, calls, [false, false, false]),
    ).toBeUndefined();
    const hostile = {
      get tool(): string {
        throw new Error('no');
      },
    };
    expect(findLatestCall(hostile, calls, [false, false, false])).toBeUndefined();
    expect(findLatestCall(undefined, calls, [false, false, false])).toBeUndefined();
  });
});
