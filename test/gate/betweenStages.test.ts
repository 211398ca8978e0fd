import { describe, expect, it } from 'vitest';
import {
  createGate,
  createGrant,
  createRegistry,
  type AuthorizedCall,
  type GateContext,
  type GrantSpec,
  type Registry,
  type ToolDefinition,
} from '../../src/index.js';
import { aGateRegistry, FULL_GRANT } from './fixtures.js';

/**
 * Time between the stages: whatever changes between checkTurn and
 * checkDispatch (the grant, the registry, the step, the gate itself), the
 * dispatch stage decides on what holds when the call is about to run, and
 * refuses with the code of the check that no longer passes.
 */

const HTTP_GET: ToolDefinition = {
  name: 'http/get',
  version: 1,
  description: 'Fetches a URL.',
  inputSchema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
  resources: [{ kind: 'url', at: '/url' }],
};

/** Proposes one call under the full grant and returns it with the registry, gate and context. */
function proposed(tool: string, args: Record<string, unknown>, shape?: string) {
  const registry = aGateRegistry();
  const gate = createGate({ registry });
  const context: GateContext = { grant: createGrant(FULL_GRANT), cwd: '/srv/project' };
  const decision = gate.checkTurn(
    { calls: [{ tool, version: 1, ...(shape === undefined ? {} : { shape }), arguments: args }] },
    context,
  );
  if (decision.settled !== 'tool')
    throw new Error(`expected the proposal to pass: ${JSON.stringify(decision)}`);
  return { registry, gate, context, call: decision.calls[0] as AuthorizedCall };
}

const narrowed = (change: Partial<GrantSpec>): GateContext => ({
  grant: createGrant({ ...FULL_GRANT, ...change }),
  cwd: '/srv/project',
});

describe('between checkTurn and checkDispatch', () => {
  it('allows the call when nothing changed', () => {
    const { gate, context, call } = proposed('sync/all', {
      url: 'https://example.com/',
      path: 'a.csv',
      secret: 'APP_X',
    });
    expect(gate.checkDispatch(call, context)).toEqual({ allowed: true, call });
  });

  describe('the grant narrowed', () => {
    it.each([
      ['the tool', { tools: ['fs-read@1'] }, 'dispatch.grant', 'not_granted'],
      ['the host', { network: ['api.slack.com'] }, 'dispatch.network', 'network_out_of_scope'],
      ['the port', { network: ['example.com:8443'] }, 'dispatch.network', 'network_out_of_scope'],
      ['the folder', { folders: ['/srv/docs'] }, 'dispatch.folder', 'folder_out_of_scope'],
      ['the secret', { secrets: ['SLACK_TOKEN'] }, 'dispatch.secret', 'secret_out_of_scope'],
      ['the secret prefix', { secrets: ['APP_Y*'] }, 'dispatch.secret', 'secret_out_of_scope'],
    ] as const)('refuses when %s is no longer granted', (_what, change, check, code) => {
      const { gate, call } = proposed('sync/all', {
        url: 'https://example.com/',
        path: 'a.csv',
        secret: 'APP_X',
      });
      const verdict = gate.checkDispatch(call, narrowed(change));
      expect(!verdict.allowed && verdict.refusal).toMatchObject({ check, code, ref: 'sync/all@1' });
    });

    it('refuses a write once its folder became read-only', () => {
      const { gate, call } = proposed('fs-write', { path: 'out.md', content: 'x' });
      const verdict = gate.checkDispatch(
        call,
        narrowed({ folders: [{ path: '/srv/project', access: 'read' }] }),
      );
      expect(!verdict.allowed && verdict.refusal).toEqual({
        check: 'dispatch.folder',
        code: 'folder_out_of_scope',
        reason: 'the path /srv/project/out.md is outside the granted folder scope',
        ref: 'fs-write@1',
        details: [{ pointer: '/path', message: 'no granted folder allows writing here' }],
      });
    });

    it('refuses a tool whose own host or secret is no longer granted', () => {
      const { gate, call } = proposed('slack/search', { query: 'x' });
      expect(gate.checkDispatch(call, narrowed({ network: ['example.com'] }))).toMatchObject({
        allowed: false,
        refusal: { code: 'network_out_of_scope' },
      });
      expect(gate.checkDispatch(call, narrowed({ secrets: ['APP_*'] }))).toMatchObject({
        allowed: false,
        refusal: { code: 'secret_out_of_scope' },
      });
    });

    it('re-reads the cwd: a relative path anchored elsewhere now is checked there', () => {
      const { gate, context, call } = proposed('fs-read', { path: '../docs/guide.md' });
      expect(gate.checkDispatch(call, context).allowed).toBe(true);
      const moved = gate.checkDispatch(call, { ...context, cwd: '/opt/app' });
      expect(!moved.allowed && moved.refusal.reason).toBe(
        'the path /opt/docs/guide.md is outside the granted folder scope',
      );
      expect(gate.checkDispatch(call, { grant: context.grant }).allowed).toBe(false);
    });
  });

  describe('the step changed', () => {
    it('refuses a tool the current step does not declare', () => {
      const { gate, context, call } = proposed('http/get', { url: 'https://example.com/' });
      const verdict = gate.checkDispatch(call, {
        ...context,
        step: { name: 'write-up', tools: ['fs-write'] },
      });
      expect(!verdict.allowed && verdict.refusal).toEqual({
        check: 'dispatch.step',
        code: 'unknown_tool',
        reason: 'the tool http/get is unknown to step write-up',
        ref: 'http/get@1',
      });
    });
  });

  describe('the registry changed', () => {
    it('refuses a tool deregistered after the proposal', () => {
      const { registry, gate, context, call } = proposed('http/get', {
        url: 'https://example.com/',
      });
      expect(registry.deregister('http/get@1')).toEqual({ removed: true });
      const verdict = gate.checkDispatch(call, context);
      expect(!verdict.allowed && verdict.refusal).toEqual({
        check: 'dispatch.grant',
        code: 'not_granted',
        reason:
          'the proposed tool http/get@1 is not granted to this run or is no longer registered',
        ref: 'http/get@1',
      });
    });

    it('decides on the re-registered entry, not the one the proposal saw', () => {
      const { registry, gate, context, call } = proposed('http/get', {
        url: 'https://example.com/',
      });
      registry.deregister('http/get@1');
      registry.register({ ...HTTP_GET, secrets: ['ROOT_TOKEN'] });
      expect(gate.checkDispatch(call, context)).toMatchObject({
        allowed: false,
        refusal: { check: 'dispatch.secret', code: 'secret_out_of_scope' },
      });
      registry.deregister('http/get@1');
      registry.register({ ...HTTP_GET, shapes: ['stream'] });
      expect(gate.checkDispatch(call, context)).toMatchObject({
        allowed: false,
        refusal: { check: 'dispatch.shape', code: 'unsupported_shape' },
      });
      registry.deregister('http/get@1');
      registry.register({ ...HTTP_GET, resources: [{ kind: 'host', at: '/url' }] });
      // The URL is now read as a bare host value, which it is not.
      expect(gate.checkDispatch(call, context)).toMatchObject({
        allowed: false,
        refusal: { check: 'dispatch.network', code: 'network_out_of_scope' },
      });
    });

    it('authorize decides each later call on the entry registered while an earlier one dispatched', () => {
      const registry = aGateRegistry();
      let changes = 0;
      // An extra check runs at dispatch, after the proposal stage saw every call of the turn.
      const gate = createGate({
        registry,
        checks: [
          {
            id: 'reregisters',
            check: () => {
              if (changes++ === 0) {
                registry.deregister('http/get@1');
                registry.register({ ...HTTP_GET, secrets: ['ROOT_TOKEN'] });
              }
              return { ok: true };
            },
          },
        ],
      });
      const call = { tool: 'http/get', version: 1, arguments: { url: 'https://example.com/' } };
      const context: GateContext = { grant: createGrant(FULL_GRANT), cwd: '/srv/project' };
      expect(gate.authorize({ calls: [call, call] }, context)).toMatchObject({
        settled: 'rejected',
        refusal: { check: 'dispatch.secret', code: 'secret_out_of_scope', callIndex: 1 },
      });
      expect(changes).toBe(1);
    });

    it('refuses on a replacement registry that lacks the tool, or lists it as not grantable', () => {
      const { context, call } = proposed('fs-read', { path: 'README.md' });
      const replaced = (registry: Registry) =>
        createGate({ registry }).checkDispatch(call, context);
      expect(replaced(createRegistry({ builtins: 'none' }))).toMatchObject({
        allowed: false,
        refusal: { check: 'dispatch.grant', code: 'not_granted' },
      });
      expect(replaced(createRegistry({ builtins: 'managed' }))).toMatchObject({
        allowed: false,
        refusal: { check: 'dispatch.grant', code: 'not_granted' },
      });
      expect(replaced(createRegistry())).toEqual({ allowed: true, call });
    });

    it('refuses on a replacement registry whose tool of the same ref reaches further', () => {
      const { context, call } = proposed('http/get', { url: 'https://example.com/' });
      const registry = createRegistry();
      registry.register({ ...HTTP_GET, network: ['*'] });
      expect(createGate({ registry }).checkDispatch(call, context)).toMatchObject({
        allowed: false,
        refusal: { check: 'dispatch.network', code: 'network_out_of_scope' },
      });
    });
  });

  describe('the call changed', () => {
    it('cannot be changed in place: it is frozen', () => {
      const { call } = proposed('fs-read', { path: 'README.md' });
      expect(() => ((call as { shape: string }).shape = 'overwrite')).toThrow(TypeError);
      expect(() => ((call.arguments as { path: string }).path = '/etc/passwd')).toThrow(TypeError);
    });

    it('is re-checked in full when a copy comes back changed', () => {
      const { gate, context, call } = proposed('fs-read', { path: 'README.md' });
      const copy = { ...call, arguments: { path: '/etc/passwd' } };
      expect(gate.checkDispatch(copy, context)).toMatchObject({
        allowed: false,
        refusal: { check: 'dispatch.folder', code: 'folder_out_of_scope' },
      });
      const renamed = { ...call, tool: 'fs-write', ref: 'fs-write@1', shape: 'overwrite' };
      expect(
        gate.checkDispatch(
          { ...renamed, arguments: { path: 'README.md', content: 'x' } },
          narrowed({ tools: ['fs-read@1'] }),
        ),
      ).toMatchObject({
        allowed: false,
        refusal: { check: 'dispatch.grant', code: 'not_granted' },
      });
      expect(gate.checkDispatch({ ...call, ref: 'fs-write@1' }, context)).toMatchObject({
        allowed: false,
        refusal: { check: 'dispatch.decode', code: 'malformed_proposal' },
      });
    });
  });
});
