import { describe, expect, it } from 'vitest';
import { formatToolsLs } from '../../src/kortix/formatToolsLs.js';
import { toolsLsJson } from '../../src/kortix/toolsLsJson.js';
import { aManifest, files } from './helpers.js';

/** The seed's example project: web_search overridden, image_search removed, one project tool. */
const SEED_PROJECT = `kortix_version: 3
tools:
  web_search: tools/web_search.ts
  scrape_webpage: kortix:scrape_webpage
  memory: kortix:memory
  show: kortix:show
  lookup_order: tools/lookup_order.ts
`;

describe('"kortix tools ls shows each tool a session gets and the Kortix tools the project removed."', () => {
  it("prints the seed's table and removed-tools lines exactly", () => {
    expect(formatToolsLs(aManifest(SEED_PROJECT))).toBe(
      [
        'NAME            KIND                 SOURCE',
        'web_search      kortix (overridden)  tools/web_search.ts',
        'scrape_webpage  kortix               kortix:scrape_webpage',
        'memory          kortix               kortix:memory',
        'show            kortix               kortix:show',
        'lookup_order    project              tools/lookup_order.ts',
        '',
        'Removed Kortix tools: image_search',
        'Add `<name>: kortix:<name>` under `tools:` to get one back.',
      ].join('\n'),
    );
  });

  it.each([
    [
      'no tools: key: all five, nothing removed',
      '',
      [
        'NAME            KIND    SOURCE',
        'web_search      kortix  kortix:web_search',
        'image_search    kortix  kortix:image_search',
        'scrape_webpage  kortix  kortix:scrape_webpage',
        'memory          kortix  kortix:memory',
        'show            kortix  kortix:show',
      ],
    ],
    [
      'an empty tools: key: an empty table, all five removed',
      'tools:\n',
      [
        'NAME  KIND  SOURCE',
        '',
        'Removed Kortix tools: web_search, image_search, scrape_webpage, memory, show',
        'Add `<name>: kortix:<name>` under `tools:` to get one back.',
      ],
    ],
  ])('%s', (_, text, lines) => {
    expect(formatToolsLs(aManifest(text))).toBe(lines.join('\n'));
  });

  it("lists Kortix tools in Kortix's order, then project tools as declared (root file first)", () => {
    const manifest = aManifest(
      files(
        'kortix_version: 3\nimports: [more.yaml]\ntools:\n  zeta: z.ts\n  show: kortix:show\n',
        { 'more.yaml': 'tools:\n  alpha: a.ts\n  web_search: kortix:web_search\n' },
      ),
    );
    expect(manifest.tools.map((tool) => tool.name)).toEqual([
      'web_search',
      'show',
      'zeta',
      'alpha',
    ]);
  });
});

describe('"KIND is kortix, kortix (overridden) (a Kortix tool name with your module), or project. kortix tools ls --json prints { manifest, tools_key, tools: [{ name, kind, source }], removed }."', () => {
  it.each([
    [
      'the seed project',
      SEED_PROJECT,
      {
        manifest: 'kortix.yaml',
        tools_key: true,
        tools: [
          { name: 'web_search', kind: 'kortix (overridden)', source: 'tools/web_search.ts' },
          { name: 'scrape_webpage', kind: 'kortix', source: 'kortix:scrape_webpage' },
          { name: 'memory', kind: 'kortix', source: 'kortix:memory' },
          { name: 'show', kind: 'kortix', source: 'kortix:show' },
          { name: 'lookup_order', kind: 'project', source: 'tools/lookup_order.ts' },
        ],
        removed: ['image_search'],
      },
    ],
    [
      'no tools: key',
      'agents: {}\n',
      {
        manifest: 'kortix.yaml',
        tools_key: false,
        tools: ['web_search', 'image_search', 'scrape_webpage', 'memory', 'show'].map((name) => ({
          name,
          kind: 'kortix',
          source: `kortix:${name}`,
        })),
        removed: [],
      },
    ],
  ])('%s', (_, text, expected) => {
    const json = toolsLsJson(aManifest(text));
    expect(json).toEqual(expected);
    expect(Object.keys(json)).toEqual(['manifest', 'tools_key', 'tools', 'removed']);
    expect(JSON.parse(JSON.stringify(json))).toEqual(expected);
  });

  it('names the root file it read as the manifest', () => {
    expect(
      toolsLsJson(aManifest({ root: 'config/kortix.yaml', files: { 'config/kortix.yaml': '' } }))
        .manifest,
    ).toBe('config/kortix.yaml');
  });
});
