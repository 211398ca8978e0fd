import { describe, expect, it } from 'vitest';
import { areHostsInScope } from '../../../src/gate/checks/areHostsInScope.js';
import { aCall, aCheckContext } from './checkContext.js';

describe('areHostsInScope with no registered tool', () => {
  it('refuses as not_granted rather than passing', () => {
    const call = aCall('sync/all', {
      url: 'https://evil.test',
      path: '/etc/passwd',
      secret: 'ROOT',
    });
    expect(areHostsInScope(call, aCheckContext({ tool: undefined }))).toEqual({
      code: 'not_granted',
      ref: 'sync/all@1',
    });
  });
});
