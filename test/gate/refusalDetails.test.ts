import { describe, expect, it } from 'vitest';
import {
  createGate,
  createGrant,
  createRegistry,
  type GateContext,
  type RealpathFn,
  ToolgateError,
} from '../../src/index.js';

/**
 * The exact refusal for each way a turn, a call or a context can be
 * unusable, and the exact error for each bad gate option. These sentences
 * reach people and models: each names what is wrong and what to send instead.
 */

const registry = createRegistry();
registry.register({
  name: 'http/get',
  version: 1,
  description: 'Fetches a URL kept under an optional object.',
  inputSchema: { type: 'object' },
  resources: [{ kind: 'url', at: '/opt/url' }],
});
const gate = createGate({ registry, limits: { maxBytes: 4096, maxDepth: 8 } });
const grant = createGrant({
  tools: ['fs-read@1', 'http/get@1'],
  folders: ['/srv/project'],
  network: ['example.com'],
});
const context: GateContext = { grant, cwd: '/srv/project' };
const readCall = (args: unknown, more: Record<string, unknown> = {}) => ({
  calls: [{ tool: 'fs-read', version: 1, arguments: args, ...more }],
});
const malformed = (why: string, callIndex?: number) => ({
  settled: 'rejected',
  refusal: {
    check: 'proposal.decode',
    code: 'malformed_proposal',
    reason: `the proposal is malformed: ${why}`,
    ...(callIndex === undefined ? {} : { callIndex }),
  },
});

describe('refusals for unusable turns', () => {
  it.each([
    [
      'an empty shape',
      readCall({ path: 'a' }, { shape: '' }),
      malformed('"shape" must be a non-empty string, or left out for the default shape', 0),
    ],
    [
      'a call that is not an object',
      { calls: [1] },
      malformed('a call is an object { "tool", "version", "shape"?, "arguments" }', 0),
    ],
    [
      'a turn that is a list',
      [1],
      malformed('a turn is an object: { "calls": [...] } or { "answer": "..." }'),
    ],
    [
      'a decoded value nested too deep',
      readCall({ a: { b: { c: { d: { e: { f: {} } } } } } }),
      malformed('it is nested deeper than the limit of 8 levels'),
    ],
    [
      'a decoded value too large',
      readCall({ path: 'x'.repeat(5000) }),
      malformed('it is larger than the limit of 4096 characters'),
    ],
    [
      'a value that is not plain data',
      readCall({ path: new Date(0) }),
      malformed(
        '/calls/0/arguments/path is not a plain object, array, string, number, boolean or null',
      ),
    ],
  ])('%s', (_what, turn, expected) => {
    expect(gate.checkTurn(turn, context)).toEqual(expected);
  });

  it('names the scalar a resource pointer runs into', () => {
    expect(
      gate.authorize(
        { calls: [{ tool: 'http/get', version: 1, arguments: { opt: 'https://evil.com' } }] },
        context,
      ),
    ).toEqual({
      settled: 'rejected',
      refusal: {
        check: 'dispatch.network',
        code: 'network_out_of_scope',
        reason: 'the host https://evil.com is outside the granted network scope',
        callIndex: 0,
        ref: 'http/get@1',
        details: [
          {
            pointer: '/opt',
            message: 'a resource pointer goes through this value, which is not an object or a list',
          },
        ],
      },
    });
  });
});

describe('refusals for calls handed to checkDispatch that the gate did not issue', () => {
  const call = {
    tool: 'fs-read',
    version: 1,
    ref: 'fs-read@1',
    shape: 'read',
    arguments: { path: 'a' },
  };
  it.each([
    [
      'a function inside',
      { ...call, arguments: { path: 'a', f: () => 1 } },
      'the call is not plain data: /arguments/f is function, which is not JSON data',
    ],
    [
      'an unknown key',
      { ...call, extra: 1 },
      'a call is { tool, version, ref, shape, arguments, rawArguments? }, as checkTurn returns it',
    ],
    [
      'a ref that disagrees',
      { ...call, ref: 'fs-write@1' },
      "the call's tool, version and ref do not agree",
    ],
    [
      'a version that is no version',
      { ...call, version: 0, ref: 'fs-read@0' },
      "the call's tool, version and ref do not agree",
    ],
    [
      'no shape',
      { tool: 'fs-read', version: 1, ref: 'fs-read@1', arguments: { path: 'a' } },
      'the call needs a shape string and an arguments object',
    ],
    [
      'arguments that are a list',
      { ...call, arguments: ['a'] },
      'the call needs a shape string and an arguments object',
    ],
    [
      'rawArguments that are not text',
      { ...call, rawArguments: { path: 'a' } },
      "the call's rawArguments do not decode to its arguments",
    ],
  ])('%s', (_what, forged, why) => {
    expect(gate.checkDispatch(forged, context)).toEqual({
      allowed: false,
      refusal: {
        check: 'dispatch.decode',
        code: 'malformed_proposal',
        reason: `the proposal is malformed: ${why}`,
      },
    });
  });
});

describe('refusals for a context the gate cannot use', () => {
  it.each([
    ['not an object', 'ctx', '', 'the context must be an object { grant, step?, cwd?, visible? }'],
    [
      'a grant not made by createGrant',
      { grant: {} },
      '/grant',
      'the grant was not made by createGrant; pass createGrant(spec)',
    ],
    ['a cwd that is not text', { grant, cwd: 1 }, '/cwd', 'cwd must be an absolute path string'],
    [
      'a step without tools',
      { grant, step: { name: 's' } },
      '/step',
      'a step is { name: string, tools: string[] }',
    ],
    [
      'a visible set of non-names',
      { grant, visible: [1] },
      '/visible',
      'visible must be a Set or list of tool names',
    ],
    [
      'a visible string',
      { grant, visible: 'fs-read' },
      '/visible',
      'visible must be a Set or list of tool names',
    ],
  ])('%s', (_what, bad, pointer, message) => {
    const refusal = {
      check: 'gate.context',
      code: 'check_failed',
      reason: 'the check gate.context failed, so the call is refused',
      details: [{ pointer, message }],
    };
    expect(gate.checkTurn(readCall({ path: 'a' }), bad as GateContext)).toEqual({
      settled: 'rejected',
      refusal,
    });
    expect(gate.authorize(readCall({ path: 'a' }), bad as GateContext)).toEqual({
      settled: 'rejected',
      refusal,
    });
    expect(gate.checkDispatch({}, bad as GateContext)).toEqual({ allowed: false, refusal });
  });

  it('accepts a visible Set of names, and a step with an empty list of tools', () => {
    expect(
      gate.checkTurn(readCall({ path: 'a' }), {
        grant,
        cwd: '/srv/project',
        visible: new Set(['fs-read']),
      }).settled,
    ).toBe('tool');
    const stepped = gate.authorize(readCall({ path: 'a' }), {
      grant,
      cwd: '/srv/project',
      step: { name: 'idle', tools: [] },
    });
    expect(stepped.settled === 'rejected' && stepped.refusal.code).toBe('unknown_tool');
  });
});

describe('refusals from the realpath check', () => {
  const decide = (realpath: RealpathFn) =>
    createGate({ registry, realpath }).authorize(readCall({ path: 'a.md' }), context);
  const folderRefusal = (message: string) => ({
    settled: 'rejected',
    refusal: {
      check: 'dispatch.folder',
      code: 'folder_out_of_scope',
      reason: 'the path /srv/project/a.md is outside the granted folder scope',
      callIndex: 0,
      ref: 'fs-read@1',
      details: [{ pointer: '/path', message }],
    },
  });

  it('refuses a path whose real path cannot be had', () => {
    expect(decide(() => undefined)).toEqual(
      folderRefusal('its real path could not be resolved safely'),
    );
    expect(decide(() => 'not/absolute')).toEqual(
      folderRefusal('its real path could not be resolved safely'),
    );
  });

  it("refuses a path whose real path is outside every root's real path, naming it", () => {
    expect(decide((path) => (path === '/srv/project' ? path : '/etc/a.md'))).toEqual(
      folderRefusal("its real path /etc/a.md is outside every granted folder's real path"),
    );
  });

  it('refuses when no root has a real path', () => {
    expect(decide((path) => (path === '/srv/project' ? undefined : path))).toEqual(
      folderRefusal("its real path /srv/project/a.md is outside every granted folder's real path"),
    );
  });

  it("allows a path whose real path sits inside a root's real path, the root itself included", () => {
    expect(decide((path) => path.replace('/srv/project', '/data/project')).settled).toBe('tool');
    expect(decide((path) => (path === '/srv/project' ? '/data' : '/data')).settled).toBe('tool');
  });
});

describe('errors for bad gate options', () => {
  it.each([
    [
      'no registry',
      () => createGate({ registry: {} as never }),
      'createGate needs { registry } made by createRegistry()',
    ],
    [
      'a check without an id',
      () => createGate({ registry, checks: [{ id: '', check: () => ({ ok: true }) }] }),
      'checks[0] must be { id: string, check: (call, ctx) => verdict }',
    ],
    [
      'a check that is no function',
      () => createGate({ registry, checks: [{ id: 'x', check: 1 } as never] }),
      'checks[0] must be { id: string, check: (call, ctx) => verdict }',
    ],
    [
      'a check posing as a built-in one',
      () =>
        createGate({
          registry,
          checks: [
            { id: 'policy.ok', check: () => ({ ok: true }) },
            { id: 'gate.mine', check: () => ({ ok: true }) },
          ],
        }),
      'checks[1].id "gate.mine" must not start with proposal., dispatch., gate.: those name built-in checks',
    ],
    [
      'a size limit of 0',
      () => createGate({ registry, limits: { maxBytes: 0 } }),
      'limits.maxBytes 0 must be a positive integer',
    ],
    [
      'a depth limit that is not whole',
      () => createGate({ registry, limits: { maxDepth: 1.5 } }),
      'limits.maxDepth 1.5 must be a positive integer',
    ],
  ])('%s', (_what, build, message) => {
    expect(build).toThrow(new ToolgateError('invalid_option', message));
    try {
      build();
    } catch (error) {
      expect(error instanceof ToolgateError && error.code).toBe('invalid_option');
      expect(error instanceof Error && error.message).toBe(message);
    }
  });

  it('accepts limits of exactly 1', () => {
    const tiny = createGate({ registry, limits: { maxBytes: 1, maxDepth: 1 } });
    expect(tiny.checkTurn('{"answer":"x"}', context)).toEqual(
      malformed('it is larger than the limit of 1 bytes'),
    );
  });
});
