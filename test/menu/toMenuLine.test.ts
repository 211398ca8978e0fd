import { describe, expect, it } from 'vitest';
import { toMenuLine } from '../../src/menu/toMenuLine.js';

describe('toMenuLine', () => {
  it('turns every run of whitespace or control characters into one space, trimmed', () => {
    expect(toMenuLine('  Search\n\nmessages.\tFast.\u0000\u0085end\u2028 ')).toBe(
      'Search messages. Fast. end',
    );
  });

  it('leaves ordinary text alone', () => {
    expect(toMenuLine('Reads bytes — read-only.')).toBe('Reads bytes — read-only.');
  });
});
