import { describe, expect, it } from 'vitest';
import { createCoresourceAgent } from '../../src/coresource/createCoresourceAgent.js';
import { ToolgateError } from '../../src/errors/ToolgateError.js';

const tool = (name: string) => ({
  name,
  description: `The ${name} tool.`,
  inputSchema: { type: 'object' },
  handler: () => 'ok',
});
const HELPERS = ['list_mcp_capabilities', 'list_mcp_resources', 'read_mcp_resource'];

describe('"Tool names must match ^[A-Za-z][A-Za-z0-9_-]{0,63}$. A letter, then up to 63 letters, digits, underscores, or hyphens. A name that does not is rejected with a TypeError when the agent is created, because provider APIs will not accept it."', () => {
  it.each(['lookup_invoice', 'Execute', 'a', 'a-b_c9', `a${'b'.repeat(63)}`])(
    'accepts %s',
    (name) => {
      expect(createCoresourceAgent({ tools: [tool(name)] }).visible).toEqual([name]);
    },
  );

  it.each([
    '',
    '1tool',
    '_tool',
    '-tool',
    'web search',
    'a.b',
    'a/b',
    'ünïcode',
    `a${'b'.repeat(64)}`,
  ])('rejects %j with a TypeError naming it', (name) => {
    expect(() => createCoresourceAgent({ tools: [tool(name)] })).toThrow(TypeError);
    expect(() => createCoresourceAgent({ tools: [tool(name)] })).toThrow(
      `the tool name ${JSON.stringify(name)} does not match ^[A-Za-z][A-Za-z0-9_-]{0,63}$`,
    );
  });

  it.each([
    [
      'a runtime-catalog name',
      { runtimeTools: ['file read'] },
      'the runtime-catalog tool name "file read"',
    ],
    ['an MCP alias', { mcpServers: { 'git hub': {} } }, 'the MCP server alias "git hub"'],
    [
      'a local MCP namespace',
      { localMcpServers: [{ name: 'db', namespace: '9db' }] },
      'the local MCP namespace "9db"',
    ],
  ])('applies the rule to %s too', (_, config, named) => {
    expect(() => createCoresourceAgent(config)).toThrow(TypeError);
    expect(() => createCoresourceAgent(config)).toThrow(named);
  });

  it('names every broken tool in one TypeError', () => {
    const create = () => createCoresourceAgent({ tools: [tool('a b'), tool('c.d')] });
    expect(create).toThrow(TypeError);
    const lines = (() => {
      try {
        create();
        return [];
      } catch (error) {
        return (error as Error).message.split('\n');
      }
    })();
    expect(lines).toEqual([expect.stringContaining('"a b"'), expect.stringContaining('"c.d"')]);
  });
});

describe('"Two of your own tools sharing a name is also a TypeError; that is a mistake, not a configuration choice."', () => {
  it.each([[['lookup', 'lookup']], [['a', 'b', 'a']]])('%j', (names) => {
    const create = () => createCoresourceAgent({ tools: names.map(tool) });
    expect(create).toThrow(TypeError);
    expect(create).toThrow(
      `two of your tools share the name ${JSON.stringify(names[0])}; rename one: that is a mistake, not a configuration choice`,
    );
  });

  it('is case-sensitive: Lookup and lookup are two names', () => {
    expect(createCoresourceAgent({ tools: [tool('Lookup'), tool('lookup')] }).visible).toEqual([
      'Lookup',
      'lookup',
    ]);
  });
});

describe('"A tool of yours sharing a name with a runtime-catalog tool is not an error. Yours wins."', () => {
  it.each([
    [
      ['execute'],
      ['execute', 'file_read'],
      [
        { name: 'execute', source: 'custom', replaces: 'runtime' },
        { name: 'file_read', source: 'runtime' },
        { name: 'web_search', source: 'hosted' },
      ],
    ],
    [
      ['web_search'],
      ['file_read'],
      [
        { name: 'web_search', source: 'custom', replaces: 'hosted' },
        { name: 'file_read', source: 'runtime' },
      ],
    ],
    [
      ['mine'],
      ['execute'],
      [
        { name: 'mine', source: 'custom' },
        { name: 'execute', source: 'runtime' },
        { name: 'web_search', source: 'hosted' },
      ],
    ],
  ])('custom %j, runtime %j', (custom, runtime, expected) => {
    expect(createCoresourceAgent({ tools: custom.map(tool), runtimeTools: runtime }).tools).toEqual(
      expected,
    );
  });
});

describe('"Leave it unset and the SDK derives one from your configuration"', () => {
  it.each([
    [
      '"Custom `tools`" => "Each custom tool name"',
      { tools: [tool('lookup_invoice'), tool('refund')] },
      ['lookup_invoice', 'refund'],
    ],
    [
      '"Runtime tools registered" => "Each runtime-catalog tool name plus `web_search`"',
      { runtimeTools: ['file_read', 'execute'] },
      ['file_read', 'execute', 'web_search'],
    ],
    [
      'runtime tools registered with an empty catalog still add web_search',
      { runtimeTools: [] },
      ['web_search'],
    ],
    [
      '"`skills` present" => "`list_skills`, `invoke_skill`"',
      { skills: [{ name: 'pdf' }] },
      ['list_skills', 'invoke_skill'],
    ],
    ['an empty skills list is not present', { skills: [] }, []],
    [
      '"`mcpServers` present" => "`<alias>/*`, `list_mcp_capabilities`, `list_mcp_resources`, `read_mcp_resource`"',
      { mcpServers: { github: { url: 'https://x' }, linear: {} } },
      ['github/*', 'linear/*', ...HELPERS],
    ],
    ['an empty mcpServers object is not present', { mcpServers: {} }, []],
    [
      '"`imageModel` set" => "`understand_image`"',
      { imageModel: 'makora/kimi-2.7-code' },
      ['understand_image'],
    ],
    ['an empty imageModel is not set', { imageModel: '' }, []],
    [
      '"Local MCP registered" => "`<namespace>/*`, where `namespace` defaults to the server `name`"',
      { localMcpServers: [{ name: 'db' }, { name: 'files', namespace: 'fs' }] },
      ['db/*', 'fs/*'],
    ],
    ['nothing configured', {}, []],
    [
      "every source, in the table's order",
      {
        tools: [tool('mine')],
        runtimeTools: ['grep'],
        skills: [1],
        mcpServers: { gh: {} },
        imageModel: 'm',
        localMcpServers: [{ name: 'db' }],
      },
      [
        'mine',
        'grep',
        'web_search',
        'list_skills',
        'invoke_skill',
        'gh/*',
        ...HELPERS,
        'understand_image',
        'db/*',
      ],
    ],
  ])('%s', (_, config, expected) => {
    const agent = createCoresourceAgent(config);
    expect(agent.derived).toEqual(expected);
    expect(agent.allowlist).toEqual(expected);
    expect(agent.visible).toEqual(expected);
  });

  it("lists a known server's tools one by one, keeping <alias>/* in the allowlist", () => {
    const agent = createCoresourceAgent(
      { mcpServers: { github: {} } },
      { serverTools: { github: ['search', 'issues'] } },
    );
    expect(agent.allowlist).toEqual(['github/*', ...HELPERS]);
    expect(agent.visible).toEqual(['github/search', 'github/issues', ...HELPERS]);
  });
});

describe('"Set it explicitly to narrow things further"', () => {
  const readOnly = {
    imageModel: 'makora/kimi-2.7-code',
    runtimeTools: ['file_read', 'file_write', 'execute', 'glob', 'grep'],
    toolAllowlist: ['file_read', 'glob', 'grep', 'understand_image'],
    maxTools: 8,
  };
  it.each([
    ["the seed's read-only agent", readOnly, {}, ['file_read', 'glob', 'grep', 'understand_image']],
    [
      'a name nothing configures stays out',
      { runtimeTools: ['grep'], toolAllowlist: ['grep', 'file_read'] },
      {},
      ['grep'],
    ],
    [
      '<alias>/* in the explicit list keeps the server',
      { mcpServers: { gh: {} }, toolAllowlist: ['gh/*'] },
      {},
      ['gh/*'],
    ],
    [
      'a name under a derived <alias>/* narrows it to that tool',
      { mcpServers: { gh: {} }, toolAllowlist: ['gh/search'] },
      {},
      ['gh/search'],
    ],
    [
      '<alias>/* in the explicit list over known tools',
      { mcpServers: { gh: {} }, toolAllowlist: ['gh/*'] },
      { serverTools: { gh: ['a', 'b'] } },
      ['gh/a', 'gh/b'],
    ],
    [
      '* keeps everything derived',
      { runtimeTools: ['grep'], toolAllowlist: ['*'] },
      {},
      ['grep', 'web_search'],
    ],
    ['an empty explicit list shows nothing', { runtimeTools: ['grep'], toolAllowlist: [] }, {}, []],
    [
      'the explicit order is kept',
      { runtimeTools: ['a', 'b'], toolAllowlist: ['web_search', 'b', 'a'] },
      {},
      ['web_search', 'b', 'a'],
    ],
  ])('%s', (_, config, options, expected) => {
    expect(createCoresourceAgent(config, options).visible).toEqual(expected);
  });

  it.each(['file read', 'a/', '/*', 'a/*/b', 'a//b', '**'])(
    'refuses the explicit entry %j as invalid_option',
    (entry) => {
      expect(() => createCoresourceAgent({ toolAllowlist: [entry] })).toThrow(ToolgateError);
    },
  );
});

describe('"If an agent stubbornly refuses to use a tool you configured, check the allowlist first. An explicit list that omits the tool is the usual cause."', () => {
  it.each([
    [{ runtimeTools: ['grep', 'execute'], toolAllowlist: ['grep'] }, ['execute', 'web_search'], []],
    [
      { runtimeTools: ['grep'], toolAllowlist: ['grep', 'file_read'] },
      ['web_search'],
      ['file_read'],
    ],
    [{ mcpServers: { gh: {} }, toolAllowlist: ['gh/search'] }, [...HELPERS], []],
  ])('%j omits %j; unmatched %j', (config, omitted, unmatched) => {
    const agent = createCoresourceAgent(config);
    expect(agent.omitted).toEqual(omitted);
    expect(agent.unmatched).toEqual(unmatched);
  });
});

describe('"maxTools caps how many tools the runtime may expose. It is separate from toolAllowlist: the allowlist selects eligible names, while maxTools limits the resulting catalog."', () => {
  const runtime = { runtimeTools: ['a', 'b', 'c', 'd'] };
  it.each([
    ['under the cap', { ...runtime, maxTools: 10 }, {}, ['a', 'b', 'c', 'd', 'web_search'], []],
    ['at the cap', { ...runtime, maxTools: 5 }, {}, ['a', 'b', 'c', 'd', 'web_search'], []],
    [
      'over the cap: the last in catalog order are cut',
      { ...runtime, maxTools: 2 },
      {},
      ['a', 'b'],
      ['c', 'd', 'web_search'],
    ],
    ['zero', { ...runtime, maxTools: 0 }, {}, [], ['a', 'b', 'c', 'd', 'web_search']],
    [
      'after the allowlist narrows',
      { ...runtime, toolAllowlist: ['d', 'c', 'b'], maxTools: 2 },
      {},
      ['d', 'c'],
      ['b'],
    ],
    [
      'known server tools count one by one',
      { mcpServers: { gh: {} }, maxTools: 2 },
      { serverTools: { gh: ['x', 'y', 'z'] } },
      ['gh/x', 'gh/y'],
      ['gh/z', ...HELPERS],
    ],
    [
      'a server whose tools are unknown cannot be counted, so it is cut',
      { mcpServers: { gh: {} }, maxTools: 10 },
      {},
      [...HELPERS],
      ['gh/*'],
    ],
  ])('%s', (_, config, options, visible, cut) => {
    const agent = createCoresourceAgent(config, options);
    expect(agent.visible).toEqual(visible);
    expect(agent.cut).toEqual(cut);
    expect(agent.allowlist).not.toEqual([]);
  });

  it.each([-1, 1.5, Number.NaN, '3'])('refuses maxTools %j as invalid_option', (maxTools) => {
    expect(() => createCoresourceAgent({ maxTools } as never)).toThrow(ToolgateError);
  });
});

describe('the configuration', () => {
  it('ignores keys that do not decide tools, and never calls a handler', () => {
    const handler = () => {
      throw new Error('never called');
    };
    expect(
      createCoresourceAgent({
        type: 'agent',
        systemPrompt: 'x',
        tools: [{ name: 'a', handler }],
      } as never).visible,
    ).toEqual(['a']);
  });

  it.each([
    ['not an object', 42],
    ['tools not a list', { tools: 'a' }],
    ['a tool without a name', { tools: [{}] }],
    ['mcpServers a list', { mcpServers: ['gh'] }],
    ['a local server without a name', { localMcpServers: [{}] }],
  ])('throws ToolgateError invalid_option for %s', (_, config) => {
    expect(() => createCoresourceAgent(config as never)).toThrow(ToolgateError);
  });

  it('returns deeply frozen data', () => {
    const agent = createCoresourceAgent({ tools: [tool('a')] });
    expect(Object.isFrozen(agent)).toBe(true);
    expect(Object.isFrozen(agent.tools[0])).toBe(true);
    expect(Object.isFrozen(agent.visible)).toBe(true);
  });
});
