import { describe, expect, it } from 'vitest';
import { KORTIX_TOOLS } from '../../src/kortix/constants.js';
import { resolveKortixVisibility } from '../../src/kortix/resolveKortixVisibility.js';
import { aManifest, files, findingsOf, toolNames } from './helpers.js';

const ALL_FIVE = ['web_search', 'image_search', 'scrape_webpage', 'memory', 'show'];

describe('"No `tools:` key, in the root file or in any imported file" => "All five."', () => {
  it.each([
    ['an empty root file', files('')],
    ['a root file with only agents', files('agents:\n  a:\n    tools: all\n')],
    [
      'a root file importing a file without tools:',
      files('imports: [more.yaml]\n', { 'more.yaml': 'agents:\n  b: {}\n' }),
    ],
    ['a JSON root file without tools', files('{"agents": {"a": {"tools": "none"}}}')],
  ])('%s: all five Kortix tools, each kortix:<name>', (_, source) => {
    const manifest = aManifest(source);
    expect(manifest.toolsKey).toBe(false);
    expect(manifest.tools).toEqual(
      ALL_FIVE.map((name) => ({
        name,
        kind: 'kortix',
        source: `kortix:${name}`,
        file: 'kortix.yaml',
      })),
    );
    expect(manifest.removed).toEqual([]);
  });
});

describe('"A `tools:` key in any file, even an empty one" => "Only the Kortix tools it lists."', () => {
  it.each([
    ['an empty tools: key', files('tools:\n'), []],
    ['tools: {}', files('tools: {}\n'), []],
    [
      'two of the five',
      files('tools:\n  show: kortix:show\n  memory: kortix:memory\n'),
      ['memory', 'show'],
    ],
    [
      'a key in an imported file only',
      files('imports: [t.yaml]\n', { 't.yaml': 'tools:\n  web_search: kortix:web_search\n' }),
      ['web_search'],
    ],
    [
      'keys in the root and an imported file',
      files('imports: [t.yaml]\ntools:\n  show: kortix:show\n', {
        't.yaml': 'tools:\n  memory: kortix:memory\n',
      }),
      ['memory', 'show'],
    ],
  ])('%s', (_, source, expected) => {
    const manifest = aManifest(source);
    expect(manifest.toolsKey).toBe(true);
    expect(toolNames(manifest)).toEqual(expected);
    expect(manifest.removed).toEqual(KORTIX_TOOLS.filter((name) => !expected.includes(name)));
  });
});

describe('"Project tools load in both cases."', () => {
  it.each([
    [
      'beside Kortix tools',
      'kortix_version: 3\ntools:\n  memory: kortix:memory\n  lookup_order: tools/lookup_order.ts\n',
      ['memory', 'lookup_order'],
    ],
    [
      'with no Kortix tool listed',
      'kortix_version: 3\ntools:\n  lookup_order: tools/lookup_order.ts\n',
      ['lookup_order'],
    ],
  ])('%s', (_, text, expected) => {
    expect(toolNames(aManifest(text))).toEqual(expected);
  });
});

describe('"Remove a Kortix tool: delete its line. Every agent of the project loses it."', () => {
  it.each(['all', '[image_search, read]', '{ exclude: [bash] }', '{ bash: false }'])(
    'agents.a.tools: %s does not get a removed tool back',
    (tools) => {
      const manifest = aManifest(
        `tools:\n  web_search: kortix:web_search\nagents:\n  a:\n    tools: ${tools}\n`,
      );
      expect(resolveKortixVisibility(manifest, { agent: 'a', harness: 'pi' })).not.toContain(
        'image_search',
      );
    },
  );
});

describe('"<name>: kortix:<name> keeps the tool Kortix maintains." / "point the Kortix tool name at any module of yours"', () => {
  it.each([
    ['web_search: kortix:web_search', 'kortix', 'kortix:web_search'],
    [
      'web_search: integrations/search/web_search.ts',
      'kortix (overridden)',
      'integrations/search/web_search.ts',
    ],
    [
      'web_search: tools/web_search.ts # ejected from kortix:web_search',
      'kortix (overridden)',
      'tools/web_search.ts',
    ],
  ])('%s', (line, kind, source) => {
    const manifest = aManifest(`kortix_version: 3\ntools:\n  ${line}\n`);
    expect(manifest.tools).toEqual([{ name: 'web_search', kind, source, file: 'kortix.yaml' }]);
  });
});

describe('"It warns when a tools: key lists no Kortix tool."', () => {
  it.each([
    ['an empty tools: key', 'tools:\n', ['warning no_kortix_tools 1:1']],
    [
      'only project tools',
      'kortix_version: 3\ntools:\n  lookup: tools/lookup.ts\n',
      ['warning no_kortix_tools 2:1'],
    ],
    [
      'an overridden Kortix tool counts as listed',
      'kortix_version: 3\ntools:\n  memory: tools/memory.ts\n',
      [],
    ],
    ['no tools: key at all', 'agents: {}\n', []],
  ])('%s', (_, text, expected) => {
    expect(findingsOf(text)).toEqual(expected);
  });
});
