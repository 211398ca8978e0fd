import { describe, expect, it } from 'vitest';
import { isShapeSupported } from '../../../src/gate/checks/isShapeSupported.js';
import { aCall, aCheckContext, aCompiledTool } from './checkContext.js';

describe('isShapeSupported', () => {
  const ctx = aCheckContext({ tool: aCompiledTool('sync/all@1') });

  it('allows a call with no shape: it means the tool default', () => {
    expect(isShapeSupported(aCall('sync/all', {}), ctx)).toBeUndefined();
  });

  it('allows a declared shape', () => {
    expect(isShapeSupported(aCall('sync/all', {}, 'stream'), ctx)).toBeUndefined();
  });

  it('refuses a shape the tool did not declare', () => {
    expect(isShapeSupported(aCall('sync/all', {}, 'batch'), ctx)).toEqual({
      code: 'unsupported_shape',
      ref: 'sync/all@1',
      shape: 'batch',
    });
  });
});
