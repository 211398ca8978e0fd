import { describe, expect, it } from 'vitest';
import { createGate, createRun, fromProviderCall, toProviderToolName } from '../../src/index.js';
import { catchToolgateError } from '../helpers/catchToolgateError.js';
import { aMenuRegistry, grantOf } from '../menu/fixtures.js';

const grant = grantOf(['slack/search@1', 'notes@1', 'web/fetch@1']);

describe('fromProviderCall', () => {
  it('reads an OpenAI Chat Completions tool call, keeping the arguments string verbatim', () => {
    const call = {
      id: 'call_1',
      type: 'function',
      function: { name: 'slack__search_v1', arguments: '{ "query" : "x" }' },
    };
    expect(fromProviderCall(call, { provider: 'openai', grant })).toEqual({
      tool: 'slack/search',
      version: 1,
      arguments: '{ "query" : "x" }',
    });
  });

  it('reads an OpenAI Responses function_call item', () => {
    const call = { type: 'function_call', call_id: 'c', name: 'notes_v1', arguments: '{}' };
    expect(fromProviderCall(call, { provider: 'openai', grant })).toEqual({
      tool: 'notes',
      version: 1,
      arguments: '{}',
    });
  });

  it('reads an Anthropic tool_use block, keeping the input object itself', () => {
    const input = { query: 'x' };
    const result = fromProviderCall(
      { type: 'tool_use', id: 't', name: 'slack__search_v1', input },
      { provider: 'anthropic', grant },
    );
    expect(result).toEqual({ tool: 'slack/search', version: 1, arguments: input });
    expect('arguments' in result && result.arguments).toBe(input);
  });

  it('reads MCP tools/call params, arguments optional', () => {
    expect(
      fromProviderCall(
        { name: 'web__fetch_v1', arguments: { url: 'u' } },
        { provider: 'mcp', grant },
      ),
    ).toEqual({
      tool: 'web/fetch',
      version: 1,
      arguments: { url: 'u' },
    });
    expect(fromProviderCall({ name: 'notes_v1' }, { provider: 'mcp', grant })).toEqual({
      tool: 'notes',
      version: 1,
      arguments: {},
    });
  });

  it('round-trips every granted ref through its provider name', () => {
    const refs = ['a@1', 'a/b@2', 'Mixed_Case-x/y_z@30', `${'q'.repeat(40)}/${'r'.repeat(40)}@7`];
    const many = grantOf(refs);
    for (const ref of refs) {
      const back = fromProviderCall(
        { name: toProviderToolName(ref), input: {} },
        { provider: 'anthropic', grant: many },
      );
      expect('tool' in back && `${back.tool}@${back.version}`).toBe(ref);
    }
  });

  it('reads back a name that follows the naming rule but is not granted, so the gate refuses it by ref', () => {
    const envelope = fromProviderCall(
      { name: 'admin__wipe_v2', input: {} },
      { provider: 'anthropic', grant },
    );
    expect(envelope).toEqual({ tool: 'admin/wipe', version: 2, arguments: {} });
    const run = createRun({ gate: createGate({ registry: aMenuRegistry() }), grant });
    expect(run.propose({ calls: [envelope] }).refusal?.reason).toBe(
      'the proposed tool admin/wipe@2 is not granted to this run or is no longer registered',
    );
  });

  it('answers with a problem, never a throw, for a name it cannot read or a call of the wrong shape', () => {
    expect(
      fromProviderCall({ name: 'rm -rf', input: {} }, { provider: 'anthropic', grant }),
    ).toEqual({
      problem: 'the provider tool name "rm -rf" names no tool of this grant',
    });
    expect(
      fromProviderCall({ name: 'x_v0', input: {} }, { provider: 'anthropic', grant }),
    ).toHaveProperty('problem');
    expect(
      fromProviderCall({ function: { arguments: '{}' } }, { provider: 'openai', grant }),
    ).toHaveProperty('problem');
    expect(fromProviderCall({ name: 'notes_v1' }, { provider: 'anthropic', grant })).toHaveProperty(
      'problem',
    );
    expect(fromProviderCall('notes_v1', { provider: 'mcp', grant })).toHaveProperty('problem');
    expect(
      fromProviderCall(
        Object.assign(Object.create({ name: 'notes_v1' }) as object, { input: {} }),
        { provider: 'anthropic', grant },
      ),
    ).toHaveProperty('problem');
  });

  it('throws for bad options, and for a grant whose refs collide', () => {
    catchToolgateError(
      () => fromProviderCall({}, { provider: 'gemini', grant } as never),
      'invalid_option',
    );
    catchToolgateError(
      () => fromProviderCall({}, { provider: 'mcp', grant: { ...grant } }),
      'invalid_grant',
    );
    catchToolgateError(
      () =>
        fromProviderCall(
          { name: 'a__b_v1' },
          { provider: 'mcp', grant: grantOf(['a/b@1', 'a__b@1']) },
        ),
      'invalid_grant',
    );
  });

  it('feeds a run: a provider call becomes an authorized toolgate call', () => {
    const run = createRun({ gate: createGate({ registry: aMenuRegistry() }), grant });
    const envelope = fromProviderCall(
      { function: { name: 'slack__search_v1', arguments: '{"query":"budget"}' } },
      { provider: 'openai', grant },
    );
    const record = run.propose({ calls: [envelope] });
    expect(record.settled).toBe('tool');
    expect(record.calls?.[0]).toMatchObject({
      ref: 'slack/search@1',
      rawArguments: '{"query":"budget"}',
      arguments: { query: 'budget' },
    });
  });
});
