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

/**
 * `line:column severity code: message`, one per diagnostic, in order: compared whole, so an
 * extra diagnostic, another code or a moved place fails (the file is named where it is not p.yaml).
 */
const places = (diagnostics: readonly Diagnostic[]) =>
  diagnostics.map(
    (d) =>
      `${d.file === 'p.yaml' ? '' : `${d.file}:`}${d.line}:${d.column} ${d.severity} ${d.code}: ${d.message}`,
  );

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
      '1:10 error invalid_value: version must be 1',
      '4:11 error invalid_tool: tools[0].name bad name must be 1–4 segments joined by "/", each a letter followed by letters, digits, "_" or "-", at most 128 characters',
      '5:14 error invalid_tool: tools[0].version 0 must be a positive integer, such as 1',
      '11:15 error invalid_grant: grants.a.network[0] *.com: a wildcard directly over the public suffix "com" is not allowed',
      '12:5 error unknown_key: unknown key extra in grants.a',
      '14:15 error wrong_type: steps.s.tools must be a list, not the text "fs-read"',
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
        fix: 'did you mean folders? The keys here are tools, ask, folders, network, secrets, budgets, labels, flows',
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
    expect(places(result.diagnostics)).toEqual([
      '4:13 error invalid_grant: grants.a.tools[0] fs-read@01: the version after the last "@" must be a positive integer written without sign, leading zeros, exponent or decimals, such as 1',
      '5:15 error invalid_grant: grants.a.folders[0] srv: a folder root must be an absolute POSIX path starting with "/"',
      // The schema reports the access (an enum); createGrant's own report of it is left out.
      '5:41 error invalid_value: grants.a.folders[1].access rw is not allowed here',
      '6:15 error invalid_grant: grants.a.secrets[0] bad name: a secret name must be 1–128 letters, digits, "_", "." or "-"',
      '7:23 error invalid_value: grants.a.budgets.turns -1 is too small',
    ]);
  });

  it('reports a badly formed name once, as a name (not again as the pattern it breaks)', () => {
    const result = parse(
      lines('version: 1', 'grants:', '  1bad: { tools: [] }', 'steps:', '  -x: { tools: [] }'),
    );
    expect(places(result.diagnostics)).toEqual([
      '3:3 error invalid_name: the name 1bad in grants is not a valid name',
      '5:3 error invalid_name: the name -x in steps is not a valid name',
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
      '4:25 error duplicate_tool: tools[1]: t@1 is already registered; register a new version or deregister it first',
      '5:31 error duplicate_tool: tools[2]: fs-read@1 is already registered; register a new version or deregister it first',
    ]);
  });

  it('refuses a grant naming a tool that is never grantable under builtins: managed', () => {
    const result = parse(
      lines('version: 1', 'builtins: managed', 'grants:', '  a: { tools: [fs-read@1] }'),
    );
    expect(result.ok).toBe(false);
    expect(places(result.diagnostics)).toEqual([
      '4:16 error never_grantable: grants.a.tools[0] fs-read@1 is never grantable in a registry with builtins: managed',
    ]);
    expect(result.diagnostics[0]?.fix).toBe('remove it from the grant, or set builtins: self-run');
  });

  it('reports YAML syntax and repeated keys, and nothing more from that file', () => {
    expect(places(parse(lines('version: 1', 'grants: {a: [}')).diagnostics)).toEqual([
      '2:14 error yaml_syntax: Flow sequence in block collection must be sufficiently indented and end with a ]',
      '2:15 error yaml_syntax: Flow map in block collection must be sufficiently indented and end with a }',
    ]);
    const repeated = parse(lines('version: 1', 'grants:', '  a: {}', '  a: {}')).diagnostics;
    expect(places(repeated)).toEqual(['4:3 error yaml_syntax: Map keys must be unique']);
    expect(repeated[0]?.fix).toBe('keep one of the repeated keys');
    const documents = parse(lines('version: 1', '---', 'version: 1')).diagnostics;
    expect(places(documents)).toEqual([
      '2:1 error yaml_syntax: Source contains multiple documents; please use YAML.parseAllDocuments()',
    ]);
    expect(documents[0]?.fix).toBe('keep one document: remove the --- separator');
  });

  it('refuses an empty file, and a file that is not a map', () => {
    expect(places(parse('').diagnostics)).toEqual([
      '1:1 error empty_policy: the policy file is empty',
    ]);
    expect(places(parse('- 1\n').diagnostics)).toEqual([
      '1:1 error wrong_type: the file must be a map of key: value, not a list',
    ]);
  });

  it('reads a JSON policy with the same positions', () => {
    const result = parsePolicy(
      'p.json',
      '{\n  "version": 1,\n  "grants": { "a": { "network": ["*"], "tool": [] } }\n}\n',
      filesOf(),
    );
    expect(places(result.diagnostics)).toEqual([
      'p.json:3:40 error unknown_key: unknown key tool in grants.a',
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
    expect(places(result.diagnostics)).toEqual([
      '5:16 warning tool_never_fires: grants.a allows gh/api@1, but not the host api.github.com the tool itself reaches, so every call to it is refused (network_out_of_scope)',
      '5:16 warning tool_never_fires: grants.a allows gh/api@1, but not the secret GH_TOKEN the tool itself is configured with, so every call to it is refused (secret_out_of_scope)',
      '5:26 warning unknown_tool_ref: grants.a.tools[1] fs-reed@1 is no tool of this policy, so every call to it is refused (not_granted)',
      '7:16 warning unknown_step_tool: steps.s.tools[0] fs-read@1 is no tool name of this policy (a step lists names, not refs)',
      '9:24 warning unknown_visible_entry: agents.r.visible[1] nothing shows no tool of this policy',
    ]);
    expect(result.diagnostics.map((d) => `${d.line}:${d.column} ${d.code}: ${d.fix}`)).toEqual([
      '5:16 tool_never_fires: add api.github.com to grants.a.network, or remove gh/api@1 from the grant',
      '5:16 tool_never_fires: add GH_TOKEN to grants.a.secrets, or remove gh/api@1 from the grant',
      '5:26 unknown_tool_ref: did you mean fs-read@1?',
      '7:16 unknown_step_tool: did you mean fs-read?',
      '9:24 unknown_visible_entry: name a defined tool, prefix/* or *, or remove it',
    ]);
  });

  it('warns about flow rules that load but cannot work as written', () => {
    const result = parse(
      lines(
        'version: 1',
        'grants:',
        '  g:',
        '    tools: [fs-read@1]',
        '    folders: [/home/me]',
        '    labels:',
        "      private: { folders: ['/home/me/mail/**'], tools: [slack/post@1], network: ['*'] }",
        "      mail: { folders: ['/home/me/mail/**'] }",
        '    flows:',
        '      - { after: private, deny: mail }',
      ),
    );
    expect(result.ok).toBe(true);
    expect(places(result.diagnostics)).toEqual([
      "7:57 warning label_touches_nothing: grants.g.labels.private.tools[0] slack/post@1 is not in the grant's tools, so no call touches private through it",
      '7:81 warning label_touches_nothing: grants.g.labels.private.network: the grant allows no host, so no call touches private through these entries',
      '10:33 warning flow_denies_after: grants.g.flows[0].deny mail: every entry of mail is in private, so once a call touched private no later call may touch it again',
    ]);
  });

  describe('agents', () => {
    it('names exactly one of visible, kortix or coresource', () => {
      const result = parse(
        lines('version: 1', 'agents:', '  a: {}', '  b: { visible: [x], coresource: {} }'),
      );
      expect(places(result.diagnostics)).toEqual([
        '3:3 error invalid_value: agents.a is empty',
        '4:3 error invalid_value: agents.b has more than one of visible:, kortix: and coresource:',
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
      expect(places(result.diagnostics)).toEqual([
        '3:43 error invalid_agent: agents.a.kortix: k.yaml declares no agent "nobody"; its agents are: someone',
        "5:28 error unreadable_file: agents.c.kortix.manifest: cannot read missing.yaml: ENOENT: no such file, open 'missing.yaml'",
        'broken.yaml:1:1 warning no_kortix_tools: the tools: key lists no Kortix tool, so sessions get none of them',
        'broken.yaml:2:3 error reserved_tool_name: bash is a harness tool name, which a tool under tools: cannot use',
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
      expect(places(ok.diagnostics)).toEqual([
        '3:85 warning unmatched_allowlist_entry: agents.a.coresource.toolAllowlist entry nothing matches no tool the configuration has, so it shows nothing',
      ]);
      const bad = parse(
        lines('version: 1', 'agents:', '  a:', '    coresource: { tools: [{ name: 1bad }] }'),
      );
      expect(places(bad.diagnostics)).toEqual([
        '4:5 error invalid_agent: agents.a.coresource: the tool name "1bad" does not match ^[A-Za-z][A-Za-z0-9_-]{0,63}$: a letter, then up to 63 letters, digits, underscores, or hyphens (provider APIs will not accept it)',
      ]);
    });
  });
});
