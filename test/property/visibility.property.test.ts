import fc from 'fast-check';
import { describe, it } from 'vitest';
import { createCoresourceAgent } from '../../src/coresource/createCoresourceAgent.js';
import { compiledGrantOf, type CompiledGrant } from '../../src/grant/compiledGrant.js';
import { createGrant } from '../../src/grant/createGrant.js';
import type { Grant } from '../../src/grant/types.js';
import { resolveKortixVisibility } from '../../src/kortix/resolveKortixVisibility.js';
import type { KortixManifest, KortixToolSelection } from '../../src/kortix/types.js';
import { isNameVisible } from '../../src/scope/visible/isNameVisible.js';
import { parseHostResource } from '../../src/scope/host/index.js';
import type { CanonicalPath } from '../../src/scope/path/index.js';
import { intersectGrants } from '../../src/visibility/intersectGrants.js';
import { intersectVisibility } from '../../src/visibility/intersectVisibility.js';
import { runs } from '../helpers/testEnv.js';

const RUNS = { numRuns: runs(10_000), seed: 20_261_206 } as const;

/** Plain-data equality, cheaper than expect() inside 10 000 runs. */
const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);

describe('Kortix law: exclude(list) ∪ list = all', () => {
  const HARNESS = [
    'bash',
    'read',
    'write',
    'edit',
    'apply_patch',
    'grep',
    'task',
    'pty_spawn',
    'pty_read',
  ];
  const LOADED = ['web_search', 'memory', 'lookup'];
  const ALL = [...HARNESS, ...LOADED];
  const manifestWith = (tools: KortixToolSelection): KortixManifest => ({
    path: 'kortix.yaml',
    files: ['kortix.yaml'],
    toolsKey: true,
    tools: LOADED.map((name) => ({
      name,
      kind: name === 'lookup' ? 'project' : 'kortix',
      source: name,
      file: 'kortix.yaml',
    })),
    removed: [],
    agents: [{ name: 'a', tools, secrets: [], file: 'kortix.yaml' }],
  });
  const see = (tools: KortixToolSelection, harness: 'opencode' | 'pi') =>
    resolveKortixVisibility(manifestWith(tools), { agent: 'a', harness, harnessTools: HARNESS });

  it('on both harnesses, a list and its exclude form split every tool in two: together all, never both', () => {
    const names = fc.subarray([...ALL, 'image_search', 'typo', 'pty_other']);
    fc.assert(
      fc.property(names, fc.constantFrom('opencode' as const, 'pi' as const), (list, harness) => {
        const listed = see({ form: 'list', names: list }, harness);
        const excluded = see({ form: 'exclude', names: list }, harness);
        const union = new Set([...listed, ...excluded]);
        return (
          union.size === ALL.length &&
          ALL.every((name) => union.has(name)) &&
          !listed.some((name) => excluded.includes(name)) &&
          // the map form with each listed name `false` is the exclude form
          same(see({ form: 'map', removed: list }, harness), excluded)
        );
      }),
      RUNS,
    );
  });
});

/** Visibility entries drawn from a small tree of names, so intersections are often non-empty. */
const SEGMENTS = ['a', 'b', 'ab'];
const entryArb = fc.oneof(
  fc.constant('*'),
  fc
    .array(fc.constantFrom(...SEGMENTS), { minLength: 1, maxLength: 3 })
    .map((parts) => parts.join('/')),
  fc
    .array(fc.constantFrom(...SEGMENTS), { minLength: 1, maxLength: 2 })
    .map((parts) => `${parts.join('/')}/*`),
);
const listArb = fc.option(fc.array(entryArb, { maxLength: 5 }), { nil: undefined });
const NAMES = ['a', 'b', 'ab', 'a/a', 'a/b', 'b/a', 'ab/a', 'a/a/b', 'a/b/a', 'b/ab/a', 'ab/ab/ab'];

describe('visibility laws: intersection is exact, commutative and never widens', () => {
  it('shows a name exactly when both lists show it, whatever the order of the lists', () => {
    fc.assert(
      fc.property(listArb, listArb, (x, y) => {
        const both = intersectVisibility(x, y);
        return (
          same(intersectVisibility(y, x), both) &&
          NAMES.every(
            (name) =>
              isNameVisible(name, both) === (isNameVisible(name, x) && isNameVisible(name, y)),
          )
        );
      }),
      RUNS,
    );
  });
});

const folderArb = fc.oneof(
  fc.constantFrom('/', '/srv', '/srv/a', '/srv/a/b', '/srv/ab', '/tmp'),
  fc.record({
    path: fc.constantFrom('/', '/srv', '/srv/a', '/srv/a/b', '/tmp'),
    access: fc.constantFrom('read' as const, 'write' as const),
  }),
);
const hostArb = fc.constantFrom(
  '*',
  'example.com',
  'example.com:443',
  'api.example.com',
  '*.example.com',
  '*.example.com:443',
  '*.api.example.com',
  'a.api.example.com:8443',
  '10.0.0.1',
  '10.0.0.1:80',
  'other.org',
);
const secretArb = fc.constantFrom('*', 'A', 'AB', 'A*', 'AB*', 'B*', 'B');
const grantArb = fc.record({
  tools: fc.subarray(['a@1', 'a@2', 'b@1', 'c/d@1']),
  folders: fc.array(folderArb, { maxLength: 3 }),
  network: fc.array(hostArb, { maxLength: 3 }),
  secrets: fc.array(secretArb, { maxLength: 3 }),
});

const PATHS = [
  '/',
  '/srv',
  '/srv/a',
  '/srv/a/b',
  '/srv/a/c',
  '/srv/ab',
  '/srv/b',
  '/tmp',
  '/tmp/x',
] as CanonicalPath[];
const HOSTS = [
  'example.com',
  'example.com:443',
  'api.example.com:443',
  'api.example.com',
  'x.api.example.com',
  'a.api.example.com:8443',
  '10.0.0.1',
  '10.0.0.1:80',
  'other.org:443',
].map((text) => {
  const parsed = parseHostResource(text);
  if (!parsed.ok) throw new Error(text);
  return parsed.value;
});
const SECRETS = ['A', 'AB', 'ABC', 'B', 'BA', 'C'];

/** Everything a grant allows over the sample resources, as sorted facts. */
function allowed(compiled: CompiledGrant): string[] {
  return [
    ...PATHS.filter((path) => compiled.readable.covers(path)).map((path) => `read ${path}`),
    ...PATHS.filter((path) => compiled.writable.covers(path)).map((path) => `write ${path}`),
    ...HOSTS.filter(({ host, port }) => compiled.hosts.matches(host, port)).map(
      ({ host, port }) => `host ${host}:${String(port)}`,
    ),
    ...SECRETS.filter((name) => compiled.secrets.matches(name)).map((name) => `secret ${name}`),
    ...[...compiled.tools].map((ref) => `tool ${ref}`),
  ].sort();
}
const compiled = (grant: Grant) =>
  compiledGrantOf(grant) ??
  (() => {
    throw new Error('not compiled');
  })();

describe('grant laws: intersection is exact, commutative and never widens', () => {
  it('allows exactly what both grants allow, and the same set whichever is the parent', () => {
    fc.assert(
      fc.property(grantArb, grantArb, (x, y) => {
        const parent = createGrant(x);
        const child = createGrant(y);
        const both = intersectGrants(parent, child);
        const right = new Set(allowed(compiled(child)));
        const expected = allowed(compiled(parent)).filter((fact) => right.has(fact));
        const swapped = intersectGrants(child, parent);
        return (
          same(allowed(compiled(both)), expected) && same(allowed(compiled(swapped)), expected)
        );
      }),
      RUNS,
    );
  });
});

describe('Coresource law: maxTools never exceeds the cap', () => {
  const configArb = fc
    .record({
      tools: fc
        .subarray(['mine', 'execute', 'web_search', 'list_skills'])
        .map((names) => names.map((name) => ({ name }))),
      runtimeTools: fc.option(fc.subarray(['execute', 'file_read', 'grep', 'glob']), {
        nil: undefined,
      }),
      skills: fc.constantFrom([], [1]),
      mcpServers: fc
        .subarray(['gh', 'linear'])
        .map((aliases) => Object.fromEntries(aliases.map((alias) => [alias, {}]))),
      imageModel: fc.constantFrom('', 'm'),
      localMcpServers: fc.subarray(['db', 'fs']).map((names) => names.map((name) => ({ name }))),
      toolAllowlist: fc.option(
        fc.subarray([
          '*',
          'mine',
          'grep',
          'gh/*',
          'gh/search',
          'db/*',
          'web_search',
          'understand_image',
        ]),
        { nil: undefined },
      ),
      maxTools: fc.option(fc.nat({ max: 12 }), { nil: undefined }),
    })
    .map((config) =>
      Object.fromEntries(Object.entries(config).filter(([, value]) => value !== undefined)),
    );
  const serverToolsArb = fc
    .subarray(['gh', 'db'])
    .map((prefixes) => Object.fromEntries(prefixes.map((prefix) => [prefix, ['search', 'list']])));

  it('keeps at most maxTools in the uncapped order, cuts exactly the rest, and decides the same every time', () => {
    fc.assert(
      fc.property(configArb, serverToolsArb, (config, serverTools) => {
        const agent = createCoresourceAgent(config, { serverTools });
        const { maxTools, ...rest } = config;
        const uncapped = createCoresourceAgent(rest, { serverTools });
        const capped =
          typeof maxTools !== 'number' ||
          (agent.tools.length <= maxTools &&
            agent.visible.length <= maxTools &&
            !agent.visible.some((name) => name.endsWith('*')));
        return (
          capped &&
          same([...agent.visible, ...agent.cut].sort(), [...uncapped.visible].sort()) &&
          same(
            agent.visible,
            uncapped.visible.filter((name) => !agent.cut.includes(name)),
          ) &&
          same(createCoresourceAgent(config, { serverTools }), agent)
        );
      }),
      RUNS,
    );
  });
});
