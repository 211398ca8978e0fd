import { describe, expect, it } from 'vitest';
import { parseKortixManifest } from '../../src/kortix/parseKortixManifest.js';
import { aManifest, brief, files, findingsOf, toolNames } from './helpers.js';

describe('"A module that does not load is skipped, and the other tools still load."', () => {
  const source = {
    ...files(
      'kortix_version: 3\ntools:\n  memory: kortix:memory\n  lookup: tools/lookup.ts\n  weather_now: tools/weather_now.ts\nagents:\n  a:\n    tools: [lookup, weather_now]\n',
    ),
    modules: ['tools/lookup.ts'],
  };

  it('loads the manifest without the tool whose module file is missing, and warns about it', () => {
    const result = parseKortixManifest(source);
    expect(result.ok).toBe(true);
    expect(toolNames(aManifest(source))).toEqual(['memory', 'lookup']);
    expect(result.diagnostics.map(brief)).toContain('warning missing_module 5:16');
    expect(result.diagnostics.find((d) => d.code === 'missing_module')?.message).toBe(
      'the module file tools/weather_now.ts of weather_now does not exist, so weather_now does not load; the other tools still load',
    );
  });
});

describe('"kortix validate warns about a name that is not a harness, Kortix, or project tool", even beside *', () => {
  it.each([
    ['["*", wether_now]', 'warning unknown_tool 7:18'],
    ['[wether_now, "*"]', 'warning unknown_tool 7:13'],
  ])('warns about the typo in %s, and the list still means all', (list, finding) => {
    const text = `kortix_version: 3\ntools:\n  memory: kortix:memory\n  weather_now: tools/weather_now.ts\nagents:\n  a:\n    tools: ${list}\n`;
    expect(findingsOf(text)).toEqual([finding]);
    expect(aManifest(text).agents[0]?.tools).toEqual({ form: 'all' });
  });

  it('does not warn about a list of * and real names', () => {
    expect(
      findingsOf(
        'kortix_version: 3\ntools:\n  memory: kortix:memory\n  weather_now: tools/weather_now.ts\nagents:\n  a:\n    tools: [read, "*", weather_now]\n',
      ),
    ).toEqual([]);
  });
});
