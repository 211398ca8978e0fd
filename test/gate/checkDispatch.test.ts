import { describe, expect, it } from 'vitest';
import { createGrant, type AuthorizedCall, type Gate, type GateContext } from '../../src/index.js';
import { aGateSetup, aTurn } from './fixtures.js';

/** Runs the proposal stage and hands back the one authorized call. */
function propose(
  gate: Gate,
  context: GateContext,
  tool: string,
  args: unknown,
  more: Record<string, unknown> = {},
): AuthorizedCall {
  const decision = gate.checkTurn(aTurn(tool, args, more), context);
  if (decision.settled !== 'tool' || decision.calls[0] === undefined) {
    throw new Error(`the proposal was not authorized: ${JSON.stringify(decision)}`);
  }
  return decision.calls[0];
}

/** Proposes and dispatches one call, returning the dispatch refusal (or undefined when allowed). */
function dispatchRefusal(
  tool: string,
  args: unknown,
  context: Partial<GateContext> = {},
  more: Record<string, unknown> = {},
) {
  const { gate, context: base } = aGateSetup();
  const ctx = { ...base, ...context };
  const call = propose(gate, ctx, tool, args, more);
  const decision = gate.checkDispatch(call, ctx);
  return decision.allowed ? undefined : decision.refusal;
}

describe('checkDispatch: the dispatch stage', () => {
  it('allows an authorized call inside every scope and returns it', () => {
    const { gate, context } = aGateSetup();
    const call = propose(gate, context, 'sync/all', {
      url: 'https://example.com/x',
      path: 'notes.md',
      secret: 'APP_KEY',
    });
    expect(gate.checkDispatch(call, context)).toEqual({ allowed: true, call });
  });

  describe('dispatch.step', () => {
    it('refuses a tool the step does not declare, with the exact reason', () => {
      const step = { name: 'research', tools: ['http/get'] };
      expect(dispatchRefusal('slack/search', { query: 'x' }, { step })).toEqual({
        check: 'dispatch.step',
        code: 'unknown_tool',
        reason: 'the tool slack/search is unknown to step research',
        ref: 'slack/search@1',
      });
    });

    it('matches step tools by exact name', () => {
      expect(
        dispatchRefusal(
          'slack/search',
          { query: 'x' },
          { step: { name: 's', tools: ['slack/search'] } },
        ),
      ).toBeUndefined();
      expect(
        dispatchRefusal('slack/search', { query: 'x' }, { step: { name: 's', tools: ['slack'] } })
          ?.code,
      ).toBe('unknown_tool');
      expect(
        dispatchRefusal(
          'slack/search',
          { query: 'x' },
          { step: { name: 's', tools: ['slack/search@1'] } },
        )?.code,
      ).toBe('unknown_tool');
    });
  });

  describe('dispatch.shape', () => {
    it('refuses a shape the tool did not declare, with the exact reason', () => {
      expect(
        dispatchRefusal('fs-write', { path: 'a', content: 'b' }, {}, { shape: 'append' }),
      ).toEqual({
        check: 'dispatch.shape',
        code: 'unsupported_shape',
        reason: 'fs-write@1 does not support the call shape "append"',
        ref: 'fs-write@1',
      });
    });

    it('allows any declared shape, not only the default', () => {
      const refusal = dispatchRefusal(
        'sync/all',
        { url: 'https://example.com', path: 'a', secret: 'APP_X' },
        {},
        { shape: 'stream' },
      );
      expect(refusal).toBeUndefined();
    });
  });

  describe('dispatch.grant', () => {
    it('refuses when the grant was narrowed between the stages', () => {
      const { gate, context } = aGateSetup();
      const call = propose(gate, context, 'slack/search', { query: 'x' });
      const narrowed = {
        ...context,
        grant: createGrant({
          tools: ['http/get@1'],
          network: ['api.slack.com'],
          secrets: ['SLACK_TOKEN'],
        }),
      };
      expect(gate.checkDispatch(call, narrowed)).toEqual({
        allowed: false,
        refusal: {
          check: 'dispatch.grant',
          code: 'not_granted',
          reason:
            'the proposed tool slack/search@1 is not granted to this run or is no longer registered',
          ref: 'slack/search@1',
        },
      });
    });

    it('refuses when the tool was deregistered between the stages', () => {
      const { gate, context, registry } = aGateSetup();
      const call = propose(gate, context, 'slack/search', { query: 'x' });
      expect(registry.deregister('slack/search@1')).toEqual({ removed: true });
      const decision = gate.checkDispatch(call, context);
      expect(!decision.allowed && decision.refusal.check).toBe('dispatch.grant');
    });
  });

  describe('dispatch.network', () => {
    it.each([
      ['https://example.com/a', undefined],
      ['https://api.example.com:443/a', undefined],
      ['http://files.example.org:8443/x', undefined],
      ['https://files.example.org/x', 'files.example.org:443'],
      ['https://good.example.com.evil.com/', 'good.example.com.evil.com:443'],
      ['https://evil.com/?u=https://example.com', 'evil.com:443'],
      ['https://EXAMPLE.com./', undefined],
    ])('decides %s', (url, host) => {
      const refusal = dispatchRefusal('http/get', { url });
      if (host === undefined) {
        expect(refusal).toBeUndefined();
      } else {
        expect(refusal).toMatchObject({
          check: 'dispatch.network',
          code: 'network_out_of_scope',
          reason: `the host ${host} is outside the granted network scope`,
        });
        expect(refusal?.details?.[0]?.pointer).toBe('/url');
      }
    });

    it('refuses a URL with user-info, saying why', () => {
      const refusal = dispatchRefusal('http/get', { url: 'https://example.com@evil.com/' });
      expect(refusal).toMatchObject({
        code: 'network_out_of_scope',
        reason: 'the host https://example.com@evil.com/ is outside the granted network scope',
      });
      expect(refusal?.details?.[0]?.message).toMatch(/user-info|@/);
    });

    it('checks every value a wildcard pointer finds', () => {
      expect(
        dispatchRefusal('net/ping', { hosts: ['example.com', 'a.example.com:22'] }),
      ).toBeUndefined();
      const refusal = dispatchRefusal('net/ping', { hosts: ['example.com', 'evil.com'] });
      expect(refusal).toMatchObject({
        reason: 'the host evil.com is outside the granted network scope',
      });
      expect(refusal?.details?.[0]?.pointer).toBe('/hosts/1');
    });

    it("checks the tool's own network patterns against the scope", () => {
      const { gate, context } = aGateSetup();
      const call = propose(gate, context, 'slack/search', { query: 'x' });
      const noSlack = {
        ...context,
        grant: createGrant({
          tools: ['slack/search@1'],
          network: ['*.example.com'],
          secrets: ['SLACK_TOKEN'],
        }),
      };
      const decision = gate.checkDispatch(call, noSlack);
      expect(!decision.allowed && decision.refusal.reason).toBe(
        'the host api.slack.com is outside the granted network scope',
      );
    });

    it('refuses a value that is not a string, even when no schema stopped it earlier', () => {
      const { gate, context } = aGateSetup();
      const call = {
        tool: 'net/ping',
        version: 1,
        ref: 'net/ping@1',
        shape: 'call',
        arguments: { hosts: [42] },
      };
      const decision = gate.checkDispatch(call, context);
      expect(!decision.allowed && decision.refusal).toMatchObject({
        code: 'network_out_of_scope',
        reason: 'the host 42 is outside the granted network scope',
      });
    });
  });

  describe('dispatch.folder', () => {
    it.each([
      ['notes.md', undefined],
      ['/srv/project', undefined],
      ['/srv/project/../project/a', undefined],
      ['/srv/docs/readme', undefined],
      ['../../etc/passwd', '/etc/passwd'],
      ['/srv/project2/a', '/srv/project2/a'],
      ['/srv/project/../secrets', '/srv/secrets'],
      ['a/../../x', '/srv/x'],
    ])('decides a read of %s', (path, shown) => {
      const refusal = dispatchRefusal('fs-read', { path });
      if (shown === undefined) {
        expect(refusal).toBeUndefined();
      } else {
        expect(refusal).toMatchObject({
          check: 'dispatch.folder',
          code: 'folder_out_of_scope',
          reason: `the path ${shown} is outside the granted folder scope`,
        });
      }
    });

    it('refuses a write into a read-only folder and allows it in a read-write one', () => {
      expect(dispatchRefusal('fs-write', { path: '/srv/docs/a', content: 'x' })).toMatchObject({
        reason: 'the path /srv/docs/a is outside the granted folder scope',
      });
      expect(dispatchRefusal('fs-write', { path: '/srv/project/a', content: 'x' })).toBeUndefined();
    });

    it('refuses a relative path when the context has no cwd', () => {
      const { gate, context } = aGateSetup();
      const withoutCwd = { grant: context.grant };
      const call = propose(gate, withoutCwd, 'fs-read', { path: 'notes.md' });
      const decision = gate.checkDispatch(call, withoutCwd);
      expect(!decision.allowed && decision.refusal.reason).toBe(
        'the path notes.md is outside the granted folder scope',
      );
    });

    it.each(['a\\..\\..\\etc', 'a\u0000b', ''])('refuses the ambiguous path %j', (path) => {
      expect(dispatchRefusal('fs-read', { path })?.code).toBe('folder_out_of_scope');
    });
  });

  describe('dispatch.secret', () => {
    it('refuses a secret the grant lacks, with the exact reason', () => {
      expect(dispatchRefusal('vault/use', { secret: 'GITHUB_TOKEN' })).toMatchObject({
        check: 'dispatch.secret',
        code: 'secret_out_of_scope',
        reason: 'the secret GITHUB_TOKEN is outside the granted secret scope',
      });
    });

    it('allows a secret a prefix entry covers, case-sensitively', () => {
      expect(dispatchRefusal('vault/use', { secret: 'APP_KEY' })).toBeUndefined();
      expect(dispatchRefusal('vault/use', { secret: 'app_KEY' })?.code).toBe('secret_out_of_scope');
    });

    it("checks the tool's own configured secrets", () => {
      const { gate, context } = aGateSetup();
      const call = propose(gate, context, 'slack/search', { query: 'x' });
      const noToken = {
        ...context,
        grant: createGrant({ tools: ['slack/search@1'], network: ['api.slack.com'] }),
      };
      const decision = gate.checkDispatch(call, noToken);
      expect(!decision.allowed && decision.refusal.reason).toBe(
        'the secret SLACK_TOKEN is outside the granted secret scope',
      );
    });

    it('refuses a value that is not a secret name', () => {
      expect(dispatchRefusal('vault/use', { secret: 'APP_KEY/../x' })?.code).toBe(
        'secret_out_of_scope',
      );
    });
  });

  it('runs the scope checks in order: network, then folder, then secret', () => {
    const all = { url: 'https://evil.com', path: '/etc/passwd', secret: 'ROOT' };
    expect(dispatchRefusal('sync/all', all)?.check).toBe('dispatch.network');
    expect(dispatchRefusal('sync/all', { ...all, url: 'https://example.com' })?.check).toBe(
      'dispatch.folder',
    );
    expect(
      dispatchRefusal('sync/all', { ...all, url: 'https://example.com', path: 'a' })?.check,
    ).toBe('dispatch.secret');
  });

  describe('a call that did not come from checkTurn', () => {
    it('is checked like any other when well formed', () => {
      const { gate, context } = aGateSetup();
      const call = {
        tool: 'fs-read',
        version: 1,
        ref: 'fs-read@1',
        shape: 'read',
        arguments: { path: '/etc/shadow' },
      };
      const decision = gate.checkDispatch(call, context);
      expect(!decision.allowed && decision.refusal.code).toBe('folder_out_of_scope');
    });

    it('survives a trip through JSON', () => {
      const { gate, context } = aGateSetup();
      const call = propose(gate, context, 'fs-read', '{"path":"a.md"}');
      expect(gate.checkDispatch(JSON.parse(JSON.stringify(call)), context).allowed).toBe(true);
    });

    it.each([
      ['rawArguments that say something else', { rawArguments: '{"path":"/etc/shadow"}' }],
      ['a ref that disagrees with tool and version', { ref: 'fs-write@1' }],
      ['an unknown key', { extra: 1 }],
      ['no shape', { shape: undefined }],
    ])('is refused as malformed when it has %s', (_title, change) => {
      const { gate, context } = aGateSetup();
      const call = {
        tool: 'fs-read',
        version: 1,
        ref: 'fs-read@1',
        shape: 'read',
        arguments: { path: 'a.md' },
        ...change,
      };
      const decision = gate.checkDispatch(call, context);
      expect(!decision.allowed && decision.refusal).toMatchObject({
        check: 'dispatch.decode',
        code: 'malformed_proposal',
      });
    });
  });
});
