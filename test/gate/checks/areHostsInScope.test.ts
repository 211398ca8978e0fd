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
  /** slack/search (its own pattern: api.slack.com) checked under a grant with this network. */
  const ownReach = (network: string[]) =>
    areHostsInScope(
      aCall('slack/search', { query: 'q' }),
      aCheckContext({
        ...aContextGrant({ ...FULL_GRANT, network }),
        tool: aCompiledTool('slack/search@1'),
      }),
    );

  it('names the deny entry that takes part of the tool’s reach away', () => {
    expect(ownReach(['*.slack.com', '!api.slack.com'])).toEqual({
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
    expect(ownReach(['example.com'])).toEqual({
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
