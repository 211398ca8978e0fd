import { describe, expect, it } from 'vitest';
import * as realpath from '../../src/realpath/index.js';

describe('toolgate/realpath', () => {
  it('exports exactly nodeRealpath at runtime', () => {
    expect(Object.keys(realpath).sort()).toEqual(['nodeRealpath']);
  });
});
