import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/cli/diagnostics.js';
import { parsePolicy } from '../../src/cli/policy/parsePolicy.js';
import type { PolicyFiles } from '../../src/cli/policy/types.js';

/** Files for Kortix manifests; the policy itself is passed as text. */
const filesOf = (files: Readonly<Record<string, string>> = {}): PolicyFiles => ({
  readFile: (path) => {
    if (!Object.hasOwn(files, path)) throw new Error(`ENOENT: no such file, open '${path}'`);
    return files[path] as string;
  },
  exists: (path) => Object.hasOwn(files, path),
});

const parse = (text: string, files?: Readonly<Record<string, string>>) =>
  parsePolicy('p.yaml', text, filesOf(files));

/** `line:column severity code`, one per diagnostic, for compact expectations. */
const places = (diagnostics: readonly Diagnostic[]) =>
  diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.code}`);

const lines = (...text: string[]) => `${text.join('\n')}\n`;

describe('parsePolicy', () => {
  it('builds the registry, grants, steps and agents of a valid policy, with no diagnostic', () => {
    const result = parse(
      lines(
        'version: 1',
        'tools:',
        '  - { name: web/get, version: 1, description: Gets a page., inputSchema: { type: object }, resources: [{ kind: url, at: /url }] }',
        'grants:',
        '  web: { tools: [web/get@1], network: [example.com] }',
        'steps:',
        '  browse: { tools: [web/get] }',
        'agents:',
        '  browser: { visible: [web/*] }',
      ),
    );
    expect(result.diagnostics).toEqual([]);
    if (!result.ok) throw new Error('expected a policy');
    const { policy } = result;
    expect(policy.registry.resolve('web/get@1')?.resources).toEqual([{ kind: 'url', at: '/url' }]);
    expect(policy.registry.resolve('fs-read@1')?.builtIn).toBe(true);
    expect(policy.grants.get('web')?.network).toEqual(['example.com']);
    expect(policy.steps.get('browse')).toEqual({ name: 'browse', tools: ['web/get'] });
    expect(policy.agents.get('browser')).toEqual({
      name: 'browser',
      source: 'visible',
      visible: ['web/*'],
    });
  });

  it('reports every problem at once, each at its line and column, sorted by place', () => {
    const result = parse(
      lines(
        'version: 2', // 1
        'builtins: managed', // 2
        'tools:', // 3
        '  - name: bad name', // 4
        '    version: 0', // 5
        '    description: x', // 6
        '    inputSchema: { type: object }', // 7
        'grants:', // 8
        '  a:', // 9
        '    tools: [fs-read@1]', // 10
        '    network: ["*.com"]', // 11
        '    extra: 1', // 12
        'steps:', // 13
        '  s: { tools: fs-read }', // 14
      ),
    );
    expect(result.ok).toBe(false);
    expect(places(result.diagnostics)).toEqual([
      '1:10 error invalid_value', // version must be 1
      '4:11 error invalid_tool', // the name
      '5:14 error invalid_tool', // the version
      '11:15 error invalid_grant', // a wildcard over a public suffix
      '12:5 error unknown_key',
      '14:15 error wrong_type',
    ]);
  });

  it('says what to change: the likely key for a typo, and the keys there are', () => {
    const result = parse(lines('version: 1', 'grants:', '  a: { tools: [], folder: [/srv] }'));
    expect(result.diagnostics).toEqual([
      {
        severity: 'error',
        code: 'unknown_key',
        file: 'p.yaml',
        line: 3,
        column: 19,
        message: 'unknown key folder in grants.a',
        fix: 'did you mean folders? The keys here are tools, ask, folders, network, secrets, budgets',
      },
    ]);
  });

  it("places the library's own problems at the entry they name, and tells each problem once", () => {
    const result = parse(
      lines(
        'version: 1',
        'grants:',
        '  a:',
        '    tools: [fs-read@01]',
        '    folders: [srv, { path: /ok, access: rw }]',
        '    secrets: ["bad name"]',
        '    budgets: { turns: -1 }',
      ),
    );
    expect(result.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([
      '4:13 grants.a.tools[0] fs-read@01: the version after the last "@" must be a positive integer written without sign, leading zeros, exponent or decimals, such as 1',
      '5:15 grants.a.folders[0] srv: a folder root must be an absolute POSIX path starting with "/"',
      // The schema reports the access (an enum); createGrant's own report of it is left out.
      '5:41 grants.a.folders[1].access rw is not allowed here',
      '6:15 grants.a.secrets[0] bad name: a secret name must be 1–128 letters, digits, "_", "." or "-"',
      '7:23 grants.a.budgets.turns -1 is too small',
    ]);
  });

  it('reports a tool defined twice, and a tool that clashes with a built-in', () => {
    const tool = '{ name: t, version: 1, description: d, inputSchema: { type: object } }';
    const result = parse(
      lines(
        'version: 1',
        'tools:',
        `  - ${tool}`,
        `  - ${tool}`,
        '  - { name: fs-read, version: 1, description: d, inputSchema: { type: object } }',
      ),
    );
    expect(places(result.diagnostics)).toEqual([
      '4:25 error duplicate_tool',
      '5:31 error duplicate_tool',
    ]);
    expect(result.diagnostics[0]?.message).toBe(
      'tools[1]: t@1 is already registered; register a new version or deregister it first',
    );
  });

  it('refuses a grant naming a tool that is never grantable under builtins: managed', () => {
    const result = parse(
      lines('version: 1', 'builtins: managed', 'grants:', '  a: { tools: [fs-read@1] }'),
    );
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toMatchObject([
      {
        line: 4,
        column: 16,
        code: 'never_grantable',
        fix: 'remove it from the grant, or set builtins: self-run',
      },
    ]);
  });

  it('reports YAML syntax and repeated keys, and nothing more from that file', () => {
    expect(places(parse(lines('version: 1', 'grants: {a: [}')).diagnostics)).toEqual([
      '2:14 error yaml_syntax',
      '2:15 error yaml_syntax',
    ]);
    expect(parse(lines('version: 1', 'grants:', '  a: {}', '  a: {}')).diagnostics).toMatchObject([
      {
        line: 4,
        column: 3,
        code: 'yaml_syntax',
        message: 'Map keys must be unique',
        fix: 'keep one of the repeated keys',
      },
    ]);
    expect(places(parse(lines('version: 1', '---', 'version: 1')).diagnostics)).toEqual([
      '2:1 error yaml_syntax',
    ]);
  });

  it('refuses an empty file, and a file that is not a map', () => {
    expect(parse('').diagnostics).toMatchObject([{ code: 'empty_policy', line: 1, column: 1 }]);
    expect(parse('- 1\n').diagnostics).toMatchObject([
      { code: 'wrong_type', message: 'the file must be a map of key: value, not a list' },
    ]);
  });

  it('reads a JSON policy with the same positions', () => {
    const result = parsePolicy(
      'p.json',
      '{\n  "version": 1,\n  "grants": { "a": { "network": ["*"], "tool": [] } }\n}\n',
      filesOf(),
    );
    expect(result.diagnostics).toMatchObject([
      {
        file: 'p.json',
        line: 3,
        column: 40,
        code: 'unknown_key',
        message: 'unknown key tool in grants.a',
      },
    ]);
  });

  it('warns about what loads but refuses what the author likely meant to allow', () => {
    const result = parse(
      lines(
        'version: 1',
        'tools:',
        '  - { name: gh/api, version: 1, description: d, inputSchema: { type: object }, network: [api.github.com], secrets: [GH_TOKEN] }',
        'grants:',
        '  a: { tools: [gh/api@1, fs-reed@1] }',
        'steps:',
        '  s: { tools: [fs-read@1] }',
        'agents:',
        '  r: { visible: [gh/*, nothing] }',
      ),
    );
    expect(result.ok).toBe(true);
    expect(result.diagnostics.map((d) => `${d.line}:${d.column} ${d.code}: ${d.fix}`)).toEqual([
      '5:16 tool_never_fires: add api.github.com to grants.a.network, or remove gh/api@1 from the grant',
      '5:16 tool_never_fires: add GH_TOKEN to grants.a.secrets, or remove gh/api@1 from the grant',
      '5:26 unknown_tool_ref: did you mean fs-read@1?',
      '7:16 unknown_step_tool: did you mean fs-read?',
      '9:24 unknown_visible_entry: name a defined tool, prefix/* or *, or remove it',
    ]);
    expect(result.diagnostics.every((d) => d.severity === 'warning')).toBe(true);
  });

  describe('agents', () => {
    it('names exactly one of visible, kortix or coresource', () => {
      const result = parse(
        lines('version: 1', 'agents:', '  a: {}', '  b: { visible: [x], coresource: {} }'),
      );
      expect(result.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([
        '3:3 agents.a is empty',
        '4:3 agents.b has more than one of visible:, kortix: and coresource:',
      ]);
    });

    it('resolves a Kortix agent from its manifest, relative to the policy file', () => {
      const manifest = lines(
        'tools:',
        '  memory: kortix:memory',
        'agents:',
        '  researcher:',
        '    tools: [read, memory]',
      );
      const result = parsePolicy(
        'policies/p.yaml',
        lines(
          'version: 1',
          'agents:',
          '  r: { kortix: { manifest: kortix.yaml, agent: researcher, harness: pi } }',
        ),
        filesOf({ 'policies/kortix.yaml': manifest }),
      );
      expect(result.diagnostics).toEqual([]);
      expect(result.ok && result.policy.agents.get('r')).toEqual({
        name: 'r',
        source: 'kortix',
        visible: ['read', 'memory'],
      });
    });

    it("reports a Kortix manifest's own diagnostics at their places, an unreadable manifest, and an undeclared agent", () => {
      const policy = lines(
        'version: 1',
        'agents:',
        '  a: { kortix: { manifest: k.yaml, agent: nobody, harness: opencode } }',
        '  b: { kortix: { manifest: broken.yaml, agent: x, harness: pi } }',
        '  c: { kortix: { manifest: missing.yaml, agent: x, harness: pi } }',
      );
      const result = parse(policy, {
        'k.yaml': lines('agents:', '  someone: { tools: all }'),
        'broken.yaml': lines('tools:', '  bash: ./bash.ts'),
      });
      expect(result.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`)).toEqual([
        'p.yaml:3:43 invalid_agent',
        'p.yaml:5:28 unreadable_file',
        'broken.yaml:1:1 no_kortix_tools',
        'broken.yaml:2:3 reserved_tool_name',
      ]);
      expect(result.diagnostics[0]?.fix).toBe('name an agent the manifest declares (someone)');
    });

    it('resolves a Coresource agent, warns about allowlist entries that match nothing, and reports its TypeErrors', () => {
      const ok = parse(
        lines(
          'version: 1',
          'agents:',
          '  a: { coresource: { runtimeTools: [file_read, execute], toolAllowlist: [file_read, nothing] } }',
        ),
      );
      expect(ok.ok && ok.policy.agents.get('a')?.visible).toEqual(['file_read']);
      expect(ok.diagnostics).toMatchObject([
        { severity: 'warning', code: 'unmatched_allowlist_entry', line: 3, column: 85 },
      ]);
      const bad = parse(
        lines('version: 1', 'agents:', '  a:', '    coresource: { tools: [{ name: 1bad }] }'),
      );
      expect(bad.diagnostics).toMatchObject([
        { severity: 'error', code: 'invalid_agent', line: 4, column: 5 },
      ]);
      expect(bad.diagnostics[0]?.message).toContain('1bad');
    });
  });
});
