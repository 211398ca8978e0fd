import { describe, expect, it } from 'vitest';
import { createGate, createGrant } from '../../../src/index.js';
import { aGateRegistry, aTurn, FULL_GRANT } from '../fixtures.js';
import { areSecretsInScope } from '../../../src/gate/checks/areSecretsInScope.js';
import { aCall, aCheckContext } from './checkContext.js';

/** The fixture gate plus a tool naming its secret at a nested pointer. */
function aSecretGate() {
  const registry = aGateRegistry();
  registry.register({
    name: 'vault/nested',
    version: 1,
    description: 'Uses a secret named inside an auth object.',
    inputSchema: { type: 'object' },
    resources: [{ kind: 'secret', at: '/auth/name' }],
  });
  const gate = createGate({ registry });
  const grant = createGrant({
    ...FULL_GRANT,
    tools: [...(FULL_GRANT.tools ?? []), 'vault/nested@1'],
  });
  return { gate, context: { grant, cwd: '/srv/project' } };
}

describe('dispatch.secret', () => {
  it('refuses a secret pointer that runs into a string, saying where', () => {
    const { gate, context } = aSecretGate();
    const decision = gate.authorize(aTurn('vault/nested', { auth: 'APP_KEY' }), context);
    expect(decision).toMatchObject({
      settled: 'rejected',
      refusal: {
        check: 'dispatch.secret',
        code: 'secret_out_of_scope',
        reason: 'the secret APP_KEY is outside the granted secret scope',
        details: [
          {
            pointer: '/auth',
            message: 'a resource pointer goes through this value, which is not an object or a list',
          },
        ],
      },
    });
  });

  it('allows a granted secret at a nested pointer', () => {
    const { gate, context } = aSecretGate();
    const decision = gate.authorize(aTurn('vault/nested', { auth: { name: 'APP_KEY' } }), context);
    expect(decision.settled).toBe('tool');
  });
});

describe('areSecretsInScope with no registered tool', () => {
  it('refuses as not_granted rather than passing', () => {
    const call = aCall('sync/all', {
      url: 'https://evil.test',
      path: '/etc/passwd',
      secret: 'ROOT',
    });
    expect(areSecretsInScope(call, aCheckContext({ tool: undefined }))).toEqual({
      code: 'not_granted',
      ref: 'sync/all@1',
    });
  });
});
