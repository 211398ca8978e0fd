import { describe, expect, it } from 'vitest';
import { isCallApproved } from '../../../src/gate/checks/isCallApproved.js';
import { FULL_GRANT } from '../fixtures.js';
import { aCall, aCheckContext, aCompiledTool, aContextGrant } from './checkContext.js';

describe('isCallApproved with no registered tool', () => {
  it('refuses an asked call as not_granted rather than describing an approval', () => {
    const ctx = aCheckContext({ ...aContextGrant({ ...FULL_GRANT, ask: ['fs-read@1'] }) });
    expect(isCallApproved(aCall('fs-read', { path: 'a.txt' }), ctx)).toEqual({
      code: 'not_granted',
      ref: 'fs-read@1',
    });
  });

  it('asks for approval of the same call once the tool is known', () => {
    const ctx = aCheckContext({
      ...aContextGrant({ ...FULL_GRANT, ask: ['fs-read@1'] }),
      tool: aCompiledTool('fs-read@1'),
    });
    expect(isCallApproved(aCall('fs-read', { path: 'a.txt' }), ctx)).toMatchObject({
      code: 'approval_required',
      ref: 'fs-read@1',
    });
  });
});
