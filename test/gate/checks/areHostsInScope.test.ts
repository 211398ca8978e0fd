import { describe, expect, it } from 'vitest';
import { areHostsInScope } from '../../../src/gate/checks/areHostsInScope.js';
import { FULL_GRANT } from '../fixtures.js';
import { aCall, aCheckContext, aCompiledTool, aContextGrant } from './checkContext.js';

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

describe("areHostsInScope on a tool's own network pattern", () => {
  it('names the deny entry that takes part of the tool’s reach away', () => {
    const refusal = areHostsInScope(
      aCall('slack/search', { query: 'q' }),
      aCheckContext({
        ...aContextGrant({ ...FULL_GRANT, network: ['*.slack.com', '!api.slack.com'] }),
        tool: aCompiledTool('slack/search@1'),
      }),
    );
    expect(refusal).toEqual({
      code: 'network_out_of_scope',
      host: 'api.slack.com',
      details: [
        {
          pointer: '',
          message:
            'slack/search@1 itself reaches api.slack.com, which shares hosts with the deny entry !api.slack.com',
          entry: '!api.slack.com',
        },
      ],
    });
  });

  it('says no granted pattern contains it when no deny is involved', () => {
    const refusal = areHostsInScope(
      aCall('slack/search', { query: 'q' }),
      aCheckContext({
        ...aContextGrant({ ...FULL_GRANT, network: ['example.com'] }),
        tool: aCompiledTool('slack/search@1'),
      }),
    );
    expect(refusal).toEqual({
      code: 'network_out_of_scope',
      host: 'api.slack.com',
      details: [
        {
          pointer: '',
          message: 'slack/search@1 itself reaches api.slack.com, which no granted pattern contains',
        },
      ],
    });
  });
});
