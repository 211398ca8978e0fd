import { describe, expect, it } from 'vitest';
import { readGateAiToolsOptions } from '../../src/ai/readGateAiToolsOptions.js';
import { readGatewayOptions } from '../../src/mcp/readGatewayOptions.js';
import {
  createGate,
  createGrant,
  createRegistry,
  createRun,
  ToolgateError,
} from '../../src/index.js';

const registry = createRegistry();
const gate = createGate({ registry });
const grant = createGrant({ tools: [] });
const upstream = { listTools: () => undefined, callTool: () => undefined };

/** The ToolgateError `action` throws; fails the test when it returns. */
function thrown(action: () => unknown): ToolgateError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(ToolgateError);
    return error as ToolgateError;
  }
  throw new Error('expected a ToolgateError, nothing was thrown');
}

describe('the option readers of toolgate/ai and toolgate/mcp', () => {
  it('bind the gate with a context made of exactly the options given', () => {
    expect(readGateAiToolsOptions({ registry, gate, grant })).toEqual({ gate, context: { grant } });
    const step = { name: 'build', tools: [] };
    const binding = readGateAiToolsOptions({ registry, gate, grant, step, cwd: '/w' });
    expect(binding).toEqual({ gate, context: { grant, step, cwd: '/w' } });
    expect(readGatewayOptions({ upstream, registry, gate, grant } as never)).toEqual({
      binding: { gate, context: { grant } },
    });
  });

  it('bind the run alone when one is given', () => {
    const run = createRun({ gate, grant });
    expect(readGateAiToolsOptions({ registry, gate, grant, run })).toEqual({ run });
  });

  it('name the function and every option when the options are not an object', () => {
    const error = thrown(() => readGateAiToolsOptions(null as never));
    expect(error.code).toBe('invalid_option');
    expect(error.message).toMatch(/^gateAiTools needs an options object \{ registry, gate, /);
    expect(thrown(() => readGatewayOptions([] as never)).message).toMatch(
      /^createMcpGateway needs an options object \{ upstream, /,
    );
  });

  it('name an unknown option and list the ones there are', () => {
    const error = thrown(() =>
      readGateAiToolsOptions({ registry, gate, grant, upstream } as never),
    );
    expect(error.message).toMatch(
      /^gateAiTools has no option "upstream"; the options are registry, /,
    );
    // `upstream` is an option of the gateway only
    expect(() => readGatewayOptions({ upstream, registry, gate, grant } as never)).not.toThrow();
  });

  it('report every problem at once, the adapter-only ones where they belong', () => {
    const ai = thrown(() => readGateAiToolsOptions({ onOutcome: 1 } as never));
    expect(ai.problems).toEqual([
      'registry must be made by createRegistry()',
      'gate must be made by createGate({ registry })',
      'grant must be made by createGrant(spec)',
      'onOutcome must be a function (outcome, toolCallId) => void',
    ]);
    expect(ai.message).toBe(`gateAiTools: ${ai.problems.join('; ')}`);
    const mcp = thrown(() => readGatewayOptions({ registry, gate, grant, run: {} } as never));
    expect(mcp.problems).toEqual([
      'upstream must be an MCP Client connected to the server',
      'run must be made by createRun',
    ]);
  });

  it('ask the gateway for a registry it can register into, the AI tools only for one it can read', () => {
    const readOnly = { resolve: () => undefined };
    expect(() =>
      readGateAiToolsOptions({ registry: readOnly, gate, grant } as never),
    ).not.toThrow();
    expect(
      thrown(() => readGatewayOptions({ upstream, registry: readOnly, gate, grant } as never))
        .problems,
    ).toEqual(['registry must be made by createRegistry()']);
  });

  it('check the firing options and the import options too', () => {
    expect(
      thrown(() => readGateAiToolsOptions({ registry, gate, grant, timeoutMs: 0 })).message,
    ).toMatch(/timeoutMs/);
    expect(
      thrown(() =>
        readGatewayOptions({ upstream, registry, gate, grant, namespace: 'a/b/c/d' } as never),
      ).message,
    ).toMatch(/^createMcpGateway: namespace "a\/b\/c\/d"/);
  });
});
