import {
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createGate,
  createGrant,
  createRegistry,
  type Gate,
  type GateContext,
  type GrantSpec,
  type Refusal,
} from '../../src/index.js';
import { readChoice, readList, readObject, readText } from '../helpers/strictData.js';
import { aTempDir } from '../helpers/scratch.js';

/**
 * Runs every adversarial corpus in test/fixtures/adversarial/: each case is
 * one value at one resource of one tool, with the decision it must get. A
 * case is decided four ways (a decoded turn, the same turn as text, its
 * arguments as a JSON string, and checkTurn then checkDispatch), which must
 * all agree. An allowed "refuse" case is an escape; a refused "allow" case
 * is a false refusal. Both must be zero.
 */

const DIR = new URL('../fixtures/adversarial/', import.meta.url);

/** The corpus tool kinds: which tool, which argument, and the check that must refuse. */
const KINDS = {
  read: {
    tool: 'file/read',
    argument: 'path',
    check: 'dispatch.folder',
    code: 'folder_out_of_scope',
  },
  write: {
    tool: 'file/write',
    argument: 'path',
    check: 'dispatch.folder',
    code: 'folder_out_of_scope',
  },
  readMany: {
    tool: 'file/read-many',
    argument: 'paths',
    check: 'dispatch.folder',
    code: 'folder_out_of_scope',
  },
  url: {
    tool: 'http/get',
    argument: 'url',
    check: 'dispatch.network',
    code: 'network_out_of_scope',
  },
  urls: {
    tool: 'http/get-many',
    argument: 'urls',
    check: 'dispatch.network',
    code: 'network_out_of_scope',
  },
  host: {
    tool: 'net/connect',
    argument: 'host',
    check: 'dispatch.network',
    code: 'network_out_of_scope',
  },
  secret: {
    tool: 'vault/use',
    argument: 'secret',
    check: 'dispatch.secret',
    code: 'secret_out_of_scope',
  },
  secrets: {
    tool: 'vault/use-many',
    argument: 'secrets',
    check: 'dispatch.secret',
    code: 'secret_out_of_scope',
  },
} as const;
type Kind = keyof typeof KINDS;

interface Case {
  readonly tool: Kind;
  readonly value: unknown;
  readonly expected: 'allow' | 'refuse';
  readonly why: string;
  /** Absent: the group's cwd; null: no cwd at all. */
  readonly cwd?: string | null;
}

interface Group {
  readonly description: string;
  readonly grant: GrantSpec;
  readonly cwd?: string;
  readonly realpath: boolean;
  readonly tree?: Readonly<Record<string, unknown>>;
  readonly cases: readonly Case[];
}

/** A registry whose schemas accept anything, so the scope checks alone decide. */
function aCorpusRegistry() {
  const registry = createRegistry({ builtins: 'none' });
  const define = (
    name: string,
    kind: 'path' | 'url' | 'host' | 'secret',
    at: string,
    access?: 'read' | 'write',
  ) =>
    registry.register({
      name,
      version: 1,
      description: `Corpus tool ${name}.`,
      inputSchema: { type: 'object' },
      resources: [access === undefined ? { kind, at } : { kind, at, access }],
    });
  define('file/read', 'path', '/path', 'read');
  define('file/write', 'path', '/path', 'write');
  define('file/read-many', 'path', '/paths/*', 'read');
  define('http/get', 'url', '/url');
  define('http/get-many', 'url', '/urls/*');
  define('net/connect', 'host', '/host');
  define('vault/use', 'secret', '/secret');
  define('vault/use-many', 'secret', '/secrets/*');
  return registry;
}

function readCorpus(name: string): {
  readonly description: string;
  readonly groups: readonly Group[];
} {
  const file = readObject(JSON.parse(readFileSync(new URL(name, DIR), 'utf8')), name, [
    'description',
    'groups',
  ]);
  const groups = readList(file.groups, `${name}.groups`).map((item, g): Group => {
    const where = `${name}.groups[${g}]`;
    const group = readObject(
      item,
      where,
      ['description', 'grant', 'cases'],
      ['cwd', 'realpath', 'tree'],
    );
    const cases = readList(group.cases, `${where}.cases`).map((raw, c): Case => {
      const at = `${where}.cases[${c}]`;
      const item = readObject(raw, at, ['tool', 'value', 'expected', 'why'], ['cwd']);
      if (item.cwd !== undefined && item.cwd !== null && typeof item.cwd !== 'string')
        throw new Error(`${at}.cwd must be a string or null`);
      return {
        tool: readChoice(item.tool, `${at}.tool`, Object.keys(KINDS) as Kind[]),
        value: item.value,
        expected: readChoice(item.expected, `${at}.expected`, ['allow', 'refuse']),
        why: readText(item.why, `${at}.why`),
        ...(item.cwd === undefined ? {} : { cwd: item.cwd }),
      };
    });
    if (group.realpath !== undefined && typeof group.realpath !== 'boolean')
      throw new Error(`${where}.realpath must be a boolean`);
    return {
      description: readText(group.description, `${where}.description`),
      grant: readObject(group.grant, `${where}.grant`, [], ['folders', 'network', 'secrets']),
      ...(group.cwd === undefined ? {} : { cwd: readText(group.cwd, `${where}.cwd`) }),
      realpath: group.realpath === true,
      ...(group.tree === undefined ? {} : { tree: readTree(group.tree, `${where}.tree`) }),
      cases,
    };
  });
  return { description: readText(file.description, `${name}.description`), groups };
}

/** Reads a file tree: an object of relative paths (any keys). */
function readTree(value: unknown, where: string): Readonly<Record<string, unknown>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${where} must be an object`);
  return value as Readonly<Record<string, unknown>>;
}

/** Replaces every `$BASE` in a JSON value with the temporary directory. */
function withBase<T>(value: T, base: string): T {
  return JSON.parse(JSON.stringify(value).replaceAll('$BASE', base)) as T;
}

/** Builds a file tree: entries are { file }, { dir } or { symlink } (targets may use $BASE). */
function buildTree(base: string, tree: Readonly<Record<string, unknown>>): void {
  const links: [string, string][] = [];
  for (const [path, spec] of Object.entries(tree)) {
    const entry = readObject(spec, `tree["${path}"]`, [], ['file', 'dir', 'symlink']);
    const full = join(base, path);
    if (typeof entry.symlink === 'string') {
      links.push([entry.symlink.replaceAll('$BASE', base), full]);
    } else if (entry.dir === true) {
      mkdirSync(full, { recursive: true });
    } else {
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, readText(entry.file, `tree["${path}"].file`));
    }
  }
  // Links last, so that creating a folder never walks through one.
  for (const [target, full] of links) {
    mkdirSync(dirname(full), { recursive: true });
    symlinkSync(target, full);
  }
}

/** The one-call turn for a case. */
function turnFor(kind: Kind, value: unknown, argsAsText: boolean) {
  const args = { [KINDS[kind].argument]: value };
  return {
    calls: [
      { tool: KINDS[kind].tool, version: 1, arguments: argsAsText ? JSON.stringify(args) : args },
    ],
  };
}

type Decision = { readonly allowed: true } | { readonly allowed: false; readonly refusal: Refusal };

/** Decides one case four ways and insists they agree. */
function decide(gate: Gate, context: GateContext, kind: Kind, value: unknown): Decision {
  const routes: Decision[] = [];
  const fromTurn = (decision: ReturnType<Gate['authorize']>): Decision =>
    decision.settled === 'rejected'
      ? { allowed: false, refusal: decision.refusal }
      : { allowed: true };
  routes.push(fromTurn(gate.authorize(turnFor(kind, value, false), context)));
  routes.push(fromTurn(gate.authorize(JSON.stringify(turnFor(kind, value, false)), context)));
  routes.push(fromTurn(gate.authorize(turnFor(kind, value, true), context)));
  const proposed = gate.checkTurn(turnFor(kind, value, false), context);
  if (proposed.settled === 'tool' && proposed.calls[0] !== undefined) {
    const dispatched = gate.checkDispatch(proposed.calls[0], context);
    routes.push(
      dispatched.allowed
        ? { allowed: true }
        : { allowed: false, refusal: { ...dispatched.refusal, callIndex: 0 } },
    );
  } else {
    routes.push(fromTurn(proposed));
  }
  const [first] = routes as [Decision, ...Decision[]];
  for (const route of routes) expect(route).toEqual(first);
  return first;
}

const totals = { cases: 0, allow: 0, escapes: 0, falseRefusals: 0 };

describe('the adversarial corpora', () => {
  const files = readdirSync(DIR)
    .filter((name) => name.endsWith('.json'))
    .sort();

  it.each(files)('%s: no escape and no false refusal', (name) => {
    const corpus = readCorpus(name);
    const escapes: string[] = [];
    const falseRefusals: string[] = [];
    const wrongCheck: string[] = [];
    let allow = 0;
    let count = 0;
    for (const group of corpus.groups) {
      const base = group.tree === undefined ? '' : realpathSync(aTempDir('corpus'));
      try {
        if (group.tree !== undefined) buildTree(base, group.tree);
        const registry = aCorpusRegistry();
        const gate = createGate({
          registry,
          ...(group.realpath ? { realpath: 'node' as const } : {}),
        });
        const grant = createGrant({
          ...withBase(group.grant, base),
          tools: Object.values(KINDS).map(({ tool }) => `${tool}@1`),
        });
        for (const item of group.cases) {
          const cwd = item.cwd === undefined ? group.cwd : item.cwd;
          const context: GateContext =
            cwd === null || cwd === undefined ? { grant } : { grant, cwd: withBase(cwd, base) };
          const decision = decide(gate, context, item.tool, withBase(item.value, base));
          const label = `${item.tool} ${JSON.stringify(item.value)}${item.cwd === undefined ? '' : ` (cwd ${JSON.stringify(item.cwd)})`}: ${item.why}`;
          count++;
          if (item.expected === 'allow') allow++;
          if (decision.allowed && item.expected === 'refuse') escapes.push(label);
          if (!decision.allowed && item.expected === 'allow')
            falseRefusals.push(`${label} => ${decision.refusal.reason}`);
          if (!decision.allowed && item.expected === 'refuse') {
            const { check, code } = KINDS[item.tool];
            if (decision.refusal.check !== check || decision.refusal.code !== code) {
              wrongCheck.push(`${label} => ${decision.refusal.check} ${decision.refusal.code}`);
            }
          }
        }
      } finally {
        if (base !== '') rmSync(base, { recursive: true, force: true });
      }
    }
    totals.cases += count;
    totals.allow += allow;
    totals.escapes += escapes.length;
    totals.falseRefusals += falseRefusals.length;
    console.log(
      `adversarial ${name}: ${count} cases (${allow} allow, ${count - allow} refuse): ` +
        `${escapes.length} escapes, ${falseRefusals.length} false refusals`,
    );
    expect(escapes).toEqual([]);
    expect(falseRefusals).toEqual([]);
    expect(wrongCheck).toEqual([]);
  });

  afterAll(() => {
    console.log(
      `adversarial total: ${totals.cases} cases (${totals.allow} allow, ${totals.cases - totals.allow} refuse): ` +
        `${totals.escapes} escapes, ${totals.falseRefusals} false refusals`,
    );
  });

  it('holds at least 300 cases across paths, URLs, hosts and secrets, at least 40% of them legitimate', () => {
    const all = files.flatMap((name) => readCorpus(name).groups.flatMap((group) => group.cases));
    const kinds = new Set(all.map((item) => item.tool));
    expect(all.length).toBeGreaterThanOrEqual(300);
    expect(
      all.filter((item) => item.expected === 'allow').length / all.length,
    ).toBeGreaterThanOrEqual(0.4);
    for (const kind of ['read', 'write', 'url', 'host', 'secret'] as const)
      expect(kinds.has(kind)).toBe(true);
  });

  it('reads corpus files strictly: an unknown key is an error, not ignored', () => {
    expect(() =>
      readObject(
        { tool: 'read', value: 1, expected: 'allow', why: 'x', expect: 'refuse' },
        'case',
        ['tool', 'value', 'expected', 'why'],
        ['cwd'],
      ),
    ).toThrow('case has unknown key "expect"');
  });
});
