import { describe, expect, it } from 'vitest';
import { createGate, createGrant, type RealpathFn } from '../../../src/index.js';
import { aGateRegistry, aTurn, FULL_GRANT } from '../fixtures.js';
import { arePathsInScope } from '../../../src/gate/checks/arePathsInScope.js';
import { aCall, aCheckContext } from './checkContext.js';

/** The fixture gate plus a tool reading a list of paths and one reading a nested path. */
function aPathGate(realpath?: RealpathFn, folders = FULL_GRANT.folders) {
  const registry = aGateRegistry();
  registry.register({
    name: 'files/read',
    version: 1,
    description: 'Reads several files.',
    inputSchema: { type: 'object' },
    resources: [
      { kind: 'path', at: '/files/*', access: 'read' },
      { kind: 'path', at: '/opt/path', access: 'read' },
    ],
  });
  const gate = createGate({ registry, ...(realpath === undefined ? {} : { realpath }) });
  const grant = createGrant({
    ...FULL_GRANT,
    tools: [...(FULL_GRANT.tools ?? []), 'files/read@1'],
    ...(folders === undefined ? {} : { folders }),
  });
  return { gate, context: { grant, cwd: '/srv/project' } };
}

/** Every path is its own real path, except a link in the project that leads to /etc. */
const linkToEtc: RealpathFn = (path) => (path === '/srv/project/link' ? '/etc/shadow' : path);

/** The decision is a folder_out_of_scope rejection with these details, in number and order (each matched as a subset). */
function expectFolderRefusal(decision: unknown, details: Record<string, unknown>[]) {
  expect(decision).toMatchObject({
    settled: 'rejected',
    refusal: { code: 'folder_out_of_scope', details },
  });
}

describe('dispatch.folder', () => {
  it('refuses a path pointer that runs into a string, saying where', () => {
    const { gate, context } = aPathGate();
    const decision = gate.authorize(aTurn('files/read', { opt: '/etc/passwd' }), context);
    expect(decision).toMatchObject({
      settled: 'rejected',
      refusal: {
        check: 'dispatch.folder',
        code: 'folder_out_of_scope',
        details: [
          {
            pointer: '/opt',
            message: 'a resource pointer goes through this value, which is not an object or a list',
          },
        ],
      },
    });
  });

  it('refuses a later path whose real path leaves the grant after an earlier one passed', () => {
    const { gate, context } = aPathGate(linkToEtc);
    const decision = gate.authorize(aTurn('files/read', { files: ['a.txt', 'link'] }), context);
    expect(decision).toMatchObject({
      settled: 'rejected',
      refusal: {
        check: 'dispatch.folder',
        code: 'folder_out_of_scope',
        details: [
          {
            pointer: '/files/1',
            message: "its real path /etc/shadow is outside every granted folder's real path",
          },
        ],
      },
    });
  });

  it('allows paths whose real paths all stay inside the grant', () => {
    const { gate, context } = aPathGate(linkToEtc);
    const decision = gate.authorize(aTurn('files/read', { files: ['a.txt', 'b.txt'] }), context);
    expect(decision.settled).toBe('tool');
  });

  it('refuses a path whose realpath answers something other than a string', () => {
    const { gate, context } = aPathGate((path) =>
      path === '/srv/project/odd' ? (42 as unknown as string) : path,
    );
    const decision = gate.authorize(aTurn('files/read', { files: ['odd'] }), context);
    expectFolderRefusal(decision, [
      { pointer: '/files/0', message: 'its real path could not be resolved safely' },
    ]);
  });

  it('refuses a path when the realpath of its granted folder answers something other than a string', () => {
    const { gate, context } = aPathGate((path) =>
      path === '/srv/project' ? (null as unknown as string) : path,
    );
    const decision = gate.authorize(aTurn('files/read', { files: ['a.txt'] }), context);
    expectFolderRefusal(decision, [
      {
        pointer: '/files/0',
        message: "its real path /srv/project/a.txt is outside every granted folder's real path",
      },
    ]);
  });
});

describe('dispatch.folder with a realpath that answers for some paths only', () => {
  it('refuses a ".." whose cancelled folder cannot be resolved, though the whole path resolves', () => {
    const { gate, context } = aPathGate((path) => {
      if (path === '/srv/project/x') return null as unknown as string;
      return path === '/srv/project/x/../a.txt' ? '/srv/project/a.txt' : path;
    });
    const decision = gate.authorize(aTurn('files/read', { files: ['x/../a.txt'] }), context);
    expectFolderRefusal(decision, [
      { pointer: '/files/0', message: 'its real path could not be resolved safely' },
    ]);
  });

  it('checks every other spelling of a real path, the second (NFD) one included', () => {
    // A folder name mixing both forms: its NFC and its NFD spellings both differ from it, and
    // only the NFD one (checked second) starts with a plain "e", as the deny entry asks.
    const mixed = '\u00e9e\u0301';
    const real = `/srv/project/${mixed}/a.txt`;
    const { gate, context } = aPathGate(
      (path) => (path === '/srv/project/link/a.txt' ? real : path),
      ['/srv/project', '!/srv/project/e*/**'],
    );
    const decision = gate.authorize(aTurn('files/read', { files: ['link/a.txt'] }), context);
    const nfd = `/srv/project/${mixed.normalize('NFD')}/a.txt`;
    expectFolderRefusal(decision, [
      {
        pointer: '/files/0',
        message: `the deny entry !/srv/project/e*/** takes its real path ${real} (spelled ${nfd}) away`,
        entry: '!/srv/project/e*/**',
      },
    ]);
  });
});

describe('arePathsInScope with no registered tool', () => {
  it('refuses as not_granted rather than passing', () => {
    const call = aCall('sync/all', {
      url: 'https://evil.test',
      path: '/etc/passwd',
      secret: 'ROOT',
    });
    expect(arePathsInScope(call, aCheckContext({ tool: undefined }))).toEqual({
      code: 'not_granted',
      ref: 'sync/all@1',
    });
  });
});
