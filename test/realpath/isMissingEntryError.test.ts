import { describe, expect, it } from 'vitest';
import { isMissingEntryError } from '../../src/realpath/isMissingEntryError.js';

describe('isMissingEntryError', () => {
  it('accepts ENOENT and ENOTDIR', () => {
    expect(isMissingEntryError(Object.assign(new Error('x'), { code: 'ENOENT' }))).toBe(true);
    expect(isMissingEntryError({ code: 'ENOTDIR' })).toBe(true);
  });

  it('rejects every other error and non-errors', () => {
    for (const error of [
      { code: 'EACCES' },
      { code: 'ELOOP' },
      new Error('ENOENT'),
      'ENOENT',
      null,
      undefined,
      2,
    ]) {
      expect(isMissingEntryError(error)).toBe(false);
    }
  });
});
