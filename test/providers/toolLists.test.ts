import { describe, expect, it } from 'vitest';
import { toAnthropicTools, toMcpTools, toOpenAITools } from '../../src/index.js';
import { catchToolgateError } from '../helpers/catchToolgateError.js';
import { SLACK_SEARCH, aMenuRegistry, grantOf } from '../menu/fixtures.js';

const registry = aMenuRegistry();
const schema = SLACK_SEARCH.inputSchema;

describe('provider tool lists', () => {
  it('writes OpenAI Chat Completions function tools', () => {
    expect(toOpenAITools({ registry, grant: grantOf(['slack/search@1']) })).toEqual([
      {
        type: 'function',
        function: {
          name: 'slack__search_v1',
          description: 'Search messages in the connected workspace.',
          parameters: schema,
        },
      },
    ]);
  });

  it('writes OpenAI Responses API function tools, not strict', () => {
    expect(
      toOpenAITools({ registry, grant: grantOf(['slack/search@1']) }, { api: 'responses' }),
    ).toEqual([
      {
        type: 'function',
        name: 'slack__search_v1',
        description: 'Search messages in the connected workspace.',
        parameters: schema,
        strict: false,
      },
    ]);
    catchToolgateError(
      () => toOpenAITools({ registry, grant: grantOf([]) }, { api: 'legacy' } as never),
      'invalid_option',
    );
  });

  it('writes Anthropic tools', () => {
    expect(toAnthropicTools({ registry, grant: grantOf(['slack/search@1']) })).toEqual([
      {
        name: 'slack__search_v1',
        description: 'Search messages in the connected workspace.',
        input_schema: schema,
      },
    ]);
  });

  it('writes MCP tools, titled with the exact ref', () => {
    expect(toMcpTools({ registry, grant: grantOf(['slack/search@1']) })).toEqual([
      {
        name: 'slack__search_v1',
        title: 'slack/search@1',
        description: 'Search messages in the connected workspace.',
        inputSchema: schema,
      },
    ]);
  });

  it('lists the same set as the menu, in grant order: step and visible narrow it', () => {
    const grant = grantOf(['web/search@1', 'slack/search@1', 'notes@1', 'web/fetch@1']);
    const step = { name: 's', tools: ['web/search', 'notes', 'web/fetch'] };
    const visible = ['web/*'];
    expect(toAnthropicTools({ registry, grant, step, visible }).map((tool) => tool.name)).toEqual([
      'web__search_v1',
      'web__fetch_v1',
    ]);
    expect(toMcpTools({ registry, grant, step }).map((tool) => tool.title)).toEqual([
      'web/search@1',
      'notes@1',
      'web/fetch@1',
    ]);
    expect(toOpenAITools({ registry, grant: grantOf([]) })).toEqual([]);
  });

  it('lists a granted tool the registry cannot resolve with an any-object schema, as the menu lists it', () => {
    expect(toMcpTools({ registry, grant: grantOf(['gone@4']) })).toEqual([
      {
        name: 'gone_v4',
        title: 'gone@4',
        description: 'Granted as gone@4; its definition is not available now.',
        inputSchema: { type: 'object' },
      },
    ]);
  });

  it('refuses a grant whose refs share a provider name, naming both, for every provider', () => {
    const collisionRegistry = aMenuRegistry('none', [
      { name: 'a/b', version: 1, description: 'x', inputSchema: { type: 'object' } },
      { name: 'a__b', version: 1, description: 'y', inputSchema: { type: 'object' } },
    ]);
    const grant = grantOf(['a/b@1', 'a__b@1']);
    for (const list of [toOpenAITools, toAnthropicTools, toMcpTools]) {
      const error = catchToolgateError(
        () => list({ registry: collisionRegistry, grant }),
        'invalid_grant',
      );
      expect(error.problems).toEqual([
        'a/b@1 and a__b@1 both map to the provider tool name "a__b_v1"; grant only one of them, or rename one of the tools',
      ]);
    }
  });

  it('refuses the collision even when one of the two is hidden from this list', () => {
    const grant = grantOf(['a/b@1', 'a__b@1']);
    catchToolgateError(() => toOpenAITools({ registry, grant, visible: ['a/b'] }), 'invalid_grant');
  });

  it('throws for options not made by createRegistry or createGrant', () => {
    catchToolgateError(
      () => toAnthropicTools({ registry: { ...registry }, grant: grantOf([]) }),
      'invalid_option',
    );
    catchToolgateError(
      () => toMcpTools({ registry, grant: { tools: [], folders: [], network: [], secrets: [] } }),
      'invalid_grant',
    );
  });
});
