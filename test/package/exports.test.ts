import { describe, expect, it } from 'vitest';
import * as toolgate from '../../src/index.js';
import * as realpath from '../../src/realpath/index.js';

describe('the public surface', () => {
  it('exports exactly these runtime names from the root (a change here is an API change)', () => {
    expect(Object.keys(toolgate).sort()).toEqual([
      'ToolgateError',
      'createGate',
      'createGrant',
      'createRegistry',
      'formatToolRef',
      'parseToolRef',
    ]);
  });

  it('exports exactly nodeRealpath from toolgate/realpath', () => {
    expect(Object.keys(realpath).sort()).toEqual(['nodeRealpath']);
  });
});
