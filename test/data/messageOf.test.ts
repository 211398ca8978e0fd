import { describe, expect, it } from 'vitest';
import { messageOf } from '../../src/data/messageOf.js';

describe('messageOf', () => {
  it('reads the message of an Error', () => {
    expect(messageOf(new TypeError('bad thing'))).toBe('bad thing');
  });

  it('says a non-Error value was thrown', () => {
    expect(messageOf('text')).toBe('a non-Error value was thrown');
    expect(messageOf(undefined)).toBe('a non-Error value was thrown');
  });

  it('does not throw when reading the message throws', () => {
    const error = new Error('x');
    Object.defineProperty(error, 'message', {
      get() {
        throw new Error('trap');
      },
    });
    expect(messageOf(error)).toBe('an unreadable value was thrown');
  });

  it('returns a string even when the message was replaced by something else', () => {
    const error = new Error('x');
    Object.defineProperty(error, 'message', { value: 42 });
    expect(messageOf(error)).toBe('42');
  });
});
