import { describe, expect, it } from 'vitest';
import {
  createGate,
  createRun,
  toAnthropicTools,
  toMcpTools,
  toOpenAITools,
} from '../../src/index.js';
import { aMenuRegistry, grantOf } from '../menu/fixtures.js';

describe('provider tool lists are fresh copies', () => {
  const registry = aMenuRegistry();
  const grant = grantOf(['slack/search@1', 'missing@1']);

  it('returns unfrozen lists that code may extend and change, leaving the registry as it was', () => {
    const chat = toOpenAITools({ registry, grant });
    expect(Object.isFrozen(chat)).toBe(false);
    const parameters = chat[0]?.function.parameters ?? { type: 'object' };
    // What LangChain and the Agents SDK do to a schema: add keys, tighten it.
    expect(() => {
      parameters.additionalProperties = false;
      (parameters.properties as Record<string, unknown>).extra = { type: 'string' };
      chat.push(...toOpenAITools({ registry, grant }));
    }).not.toThrow();
    expect(registry.resolve('slack/search@1')?.inputSchema).not.toHaveProperty(
      'additionalProperties',
    );
    expect(toOpenAITools({ registry, grant })[0]?.function.parameters).toEqual(
      registry.resolve('slack/search@1')?.inputSchema,
    );
  });

  it('gives every list and every call its own schema objects', () => {
    const lists = [
      toOpenAITools({ registry, grant })[0]?.function.parameters,
      toOpenAITools({ registry, grant }, { api: 'responses' })[0]?.parameters,
      toAnthropicTools({ registry, grant })[0]?.input_schema,
      toMcpTools({ registry, grant })[0]?.inputSchema,
      toMcpTools({ registry, grant })[0]?.inputSchema,
    ];
    expect(new Set(lists).size).toBe(lists.length);
    for (const schema of lists) expect(Object.isFrozen(schema)).toBe(false);
    // The any-object schema of an unresolvable granted tool is fresh too.
    const [, missingA] = toAnthropicTools({ registry, grant });
    const [, missingB] = toAnthropicTools({ registry, grant });
    expect(missingA?.input_schema).toEqual({ type: 'object' });
    expect(missingA?.input_schema).not.toBe(missingB?.input_schema);
  });

  it('keeps deciding on the registered schema, whatever a caller did to a copy', () => {
    const [tool] = toAnthropicTools({ registry, grant });
    if (tool !== undefined) tool.input_schema.required = [];
    const run = createRun({ gate: createGate({ registry }), grant });
    expect(
      run.propose({ calls: [{ tool: 'slack/search', version: 1, arguments: {} }] }).refusal?.code,
    ).toBe('bad_arguments');
  });
});
