import { describe, expect, it } from 'vitest';
import { parseKortixManifest } from '../../src/kortix/parseKortixManifest.js';
import { resolveKortixVisibility } from '../../src/kortix/resolveKortixVisibility.js';
import type { KortixHarness } from '../../src/kortix/types.js';
import { aManifest, findingsOf, HARNESS } from './helpers.js';

/** A project loading three Kortix tools and one project tool, with one agent per line of `agents`. */
const project = (agents: string) =>
  `kortix_version: 3\ntools:\n  web_search: kortix:web_search\n  memory: kortix:memory\n  show: kortix:show\n  weather_now: tools/weather_now.ts\nagents:\n${agents}`;
const LOADED = ['web_search', 'memory', 'show', 'weather_now'];
const EVERY = [...HARNESS, ...LOADED];

/** What agent `a` sees, given `tools: VALUE`. */
const sees = (
  value: string | undefined,
  harness: KortixHarness = 'pi',
  harnessTools?: readonly string[],
) => {
  const manifest = aManifest(
    project(value === undefined ? '  a: {}\n' : `  a:\n    tools: ${value}\n`),
  );
  return resolveKortixVisibility(manifest, {
    agent: 'a',
    harness,
    ...(harnessTools === undefined ? {} : { harnessTools }),
  });
};
const without = (...names: string[]) => EVERY.filter((name) => !names.includes(name));

describe('agents.<name>.tools: "Omitted, or `all`" => "Every tool."', () => {
  it.each([
    ['omitted', undefined],
    ['all', 'all'],
    ['"*" (quoted, as the maintained templates write it)', '"*"'],
  ])('%s', (_, value) => {
    expect(sees(value)).toEqual(EVERY);
  });

  it('shows an agent declared with no settings every tool', () => {
    expect(
      resolveKortixVisibility(aManifest(project('  a:\n')), { agent: 'a', harness: 'pi' }),
    ).toEqual(EVERY);
  });
});

describe('agents.<name>.tools: "`none`" => "No tool."', () => {
  it.each(['none', '[]'])('%s', (value) => {
    expect(sees(value)).toEqual([]);
  });
});

describe('agents.<name>.tools: "A list" => "Only the tools listed. A list that contains `*` is `all`."', () => {
  it.each([
    ['[read, grep, web_search, weather_now]', ['read', 'grep', 'web_search', 'weather_now']],
    ['[weather_now, read]', ['read', 'weather_now']],
    ['["*"]', EVERY],
    ['[read, "*"]', EVERY],
    ['[read, nope]', ['read']],
  ])('%s', (value, expected) => {
    expect(sees(value)).toEqual(expected);
  });
});

describe('agents.<name>.tools: "`{ exclude: [...] }`" => "Every tool except the ones listed."', () => {
  it.each([
    ['{ exclude: [bash, write, edit] }', without('bash', 'write', 'edit')],
    ['{ exclude: [] }', EVERY],
    ['{ exclude: [weather_now, memory] }', without('weather_now', 'memory')],
  ])('%s', (value, expected) => {
    expect(sees(value)).toEqual(expected);
  });
});

describe('agents.<name>.tools: "`{ bash: false, … }`" => "The map form: `false` removes a tool."', () => {
  it.each([
    ['{ bash: false }', without('bash')],
    ['{ bash: false, memory: false }', without('bash', 'memory')],
    ['{ bash: true }', EVERY],
    ['{ bash: true, read: false }', without('read')],
    ['{ exclude: false }', EVERY],
  ])('%s', (value, expected) => {
    expect(sees(value)).toEqual(expected);
  });

  it.each([
    ['{ bash: maybe }', 'error invalid_agent_tools 9:20'],
    ['{ exclude: [bash], read: false }', 'error invalid_agent_tools 9:12'],
    ['some', 'error invalid_agent_tools 9:12'],
    ['', 'error invalid_agent_tools 9:12'],
    ['[read, [bash]]', 'error invalid_agent_tools 9:19'],
    ['{ exclude: bash }', 'error invalid_agent_tools 9:23'],
  ])('refuses %j, which has none of the five forms', (value, expected) => {
    expect(findingsOf(project(`  a:\n    tools: ${value}\n`))).toEqual([expected]);
  });
});

describe('"Kortix tools. An agent list cannot add a Kortix tool the project does not load. List it under the top-level tools: first."', () => {
  it.each([
    ['[image_search, read]', ['read']],
    ['[scrape_webpage]', []],
  ])('%s', (value, expected) => {
    expect(sees(value)).toEqual(expected);
  });
});

describe('"Subagents. On pi, a subagent gets only the tools that both its own list and the parent agent’s list allow. On OpenCode, a subagent gets the tools of its own list."', () => {
  const manifest = aManifest(
    project(
      '  parent:\n    tools: [read, grep, task, memory]\n  child:\n    tools: [read, bash, memory, weather_now]\n',
    ),
  );
  it.each([
    ['pi', ['read', 'memory']],
    ['opencode', ['bash', 'read', 'memory', 'weather_now']],
  ] as const)('%s', (harness, expected) => {
    expect(
      resolveKortixVisibility(manifest, { agent: 'child', harness, parent: 'parent' }),
    ).toEqual(expected);
  });

  it('an agent with no parent gets its own list on both harnesses', () => {
    expect(resolveKortixVisibility(manifest, { agent: 'child', harness: 'pi' })).toEqual([
      'bash',
      'read',
      'memory',
      'weather_now',
    ]);
  });
});

describe('"To stop an agent from delegating, leave task out of its list."', () => {
  it.each([
    ['[read, grep]', false],
    ['[read, task]', true],
    ['{ exclude: [task] }', false],
    ['{ task: false }', false],
    ['all', true],
  ])('%s => task visible: %s', (value, visible) => {
    expect(sees(value).includes('task')).toBe(visible);
  });
});

describe('"OpenCode groups. On OpenCode, bash also covers the pty_* terminal tools. write, edit, and apply_patch share one permission: listing one shows all three, and excluding one hides all three. pi has separate write and edit tools."', () => {
  const tools = [...HARNESS, 'pty_spawn', 'pty_read'];
  const shown = (value: string, harness: KortixHarness) =>
    sees(value, harness, tools).filter((name) =>
      ['bash', 'pty_spawn', 'pty_read', 'write', 'edit', 'apply_patch'].includes(name),
    );
  it.each([
    ['[bash]', 'opencode', ['bash', 'pty_spawn', 'pty_read']],
    ['[bash]', 'pi', ['bash']],
    ['[pty_spawn]', 'opencode', []],
    ['[pty_spawn]', 'pi', ['pty_spawn']],
    ['{ exclude: [bash] }', 'opencode', ['write', 'edit', 'apply_patch']],
    ['{ bash: false }', 'opencode', ['write', 'edit', 'apply_patch']],
    [
      '{ exclude: [pty_read] }',
      'opencode',
      ['bash', 'write', 'edit', 'apply_patch', 'pty_spawn', 'pty_read'],
    ],
    ['[edit]', 'opencode', ['write', 'edit', 'apply_patch']],
    ['[apply_patch]', 'opencode', ['write', 'edit', 'apply_patch']],
    ['[edit]', 'pi', ['edit']],
    ['{ exclude: [write] }', 'opencode', ['bash', 'pty_spawn', 'pty_read']],
    ['{ edit: false }', 'opencode', ['bash', 'pty_spawn', 'pty_read']],
    ['{ exclude: [write] }', 'pi', ['bash', 'edit', 'apply_patch', 'pty_spawn', 'pty_read']],
  ] as const)('%s on %s', (value, harness, expected) => {
    expect(shown(value, harness)).toEqual(expected);
  });
});

describe('"Typos. kortix validate warns about a name that is not a harness, Kortix, or project tool, and about a Kortix tool the project does not load. A typo in an exclude list leaves the real tool on."', () => {
  it.each([
    ['[read, raed]', ['warning unknown_tool 9:19']],
    ['[read, image_search]', ['warning kortix_tool_not_loaded 9:19']],
    ['{ exclude: [bsh] }', ['warning exclude_typo 9:24']],
    ['{ bsh: false }', ['warning exclude_typo 9:14']],
    ['{ exclude: [image_search] }', ['warning kortix_tool_not_loaded 9:24']],
    ['[read, pty_spawn, weather_now, web_search]', []],
  ])('%s', (value, expected) => {
    expect(findingsOf(project(`  a:\n    tools: ${value}\n`))).toEqual(expected);
  });

  it('says the typo leaves the real tool on, suggests the name, and the real tool stays visible', () => {
    const [warning, ...others] = parseKortixManifest(
      project('  a:\n    tools: { exclude: [bsh] }\n'),
    ).diagnostics;
    expect(others).toEqual([]);
    expect(warning?.message).toBe(
      'agents.a.tools excludes bsh, which is not a harness, Kortix, or project tool; a typo in an exclude list leaves the real tool on',
    );
    expect(warning?.fix).toBe('did you mean bash?');
    expect(sees('{ exclude: [bsh] }')).toContain('bash');
  });
});

describe('"Connector tools follow agents.<name>.connectors, not this list."', () => {
  it('leaves connector tools out of the visible list: callers add them from the connectors setting', () => {
    const manifest = aManifest(project('  a:\n    tools: all\n    connectors: [github]\n'));
    expect(resolveKortixVisibility(manifest, { agent: 'a', harness: 'pi' })).toEqual(EVERY);
  });
});

describe('agents across files', () => {
  it('reads agents from imported files and refuses one declared in two files', () => {
    expect(
      findingsOf({
        root: 'kortix.yaml',
        files: {
          'kortix.yaml': 'imports: [a.yaml]\nagents:\n  a: {}\n',
          'a.yaml': 'agents:\n  a: {}\n',
        },
      }),
    ).toEqual(['error duplicate_agent 2:3']);
  });

  it('throws for an agent the manifest does not declare, naming the ones it does', () => {
    expect(() =>
      resolveKortixVisibility(aManifest(project('  a: {}\n')), { agent: 'b', harness: 'pi' }),
    ).toThrow('kortix.yaml declares no agent "b"; its agents are: a');
  });
});
