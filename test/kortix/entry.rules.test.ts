import { describe, expect, it } from 'vitest';
import { parseKortixManifest } from '../../src/kortix/parseKortixManifest.js';
import { aManifest, brief, files, findingsOf, HARNESS } from './helpers.js';

/** A root file declaring one entry under tools:, with kortix_version 3 and one Kortix tool (so no warning). */
const entry = (line: string) => `kortix_version: 3\ntools:\n  memory: kortix:memory\n  ${line}\n`;
const ok = (line: string) =>
  findingsOf(entry(line)).filter((finding) => finding.startsWith('error'));

describe('"A name matches ^[a-z][a-z0-9_]{0,63}$: snake case, 64 characters at most."', () => {
  it.each([
    ['lookup_order', true],
    ['a', true],
    [`a${'b'.repeat(63)}`, true],
    [`a${'b'.repeat(64)}`, false],
    ['Lookup', false],
    ['lookup-order', false],
    ['1lookup', false],
    ['_lookup', false],
    ['lookUp', false],
    ['"look up"', false],
    ['"ünï"', false],
    ['42', false],
  ])('%s => valid %s', (name, valid) => {
    expect(ok(`${name}: tools/x.ts`)).toEqual(valid ? [] : ['error invalid_tool_name 4:3']);
  });
});

describe('"A harness tool name (the table above, plus the OpenCode internals invalid, execute, and plan_exit) or a name that starts with pty_ is an error."', () => {
  it.each([...HARNESS, 'invalid', 'execute', 'plan_exit'])('%s is reserved', (name) => {
    expect(ok(`${name}: tools/${name}.ts`)).toEqual(['error reserved_tool_name 4:3']);
    expect(ok(`${name}: kortix:${name}`)).toEqual(['error reserved_tool_name 4:3']);
  });

  it.each(['pty_spawn', 'pty_', 'pty_read_all'])('%s starts with pty_', (name) => {
    expect(ok(`${name}: tools/x.ts`)).toEqual(['error reserved_pty_prefix 4:3']);
  });

  it.each(['bash_helper', 'my_read', 'pty', 'ptyx', 'executor'])('%s is neither', (name) => {
    expect(ok(`${name}: tools/x.ts`)).toEqual([]);
  });
});

describe('"A value is kortix:<name> with the same name as the key, or a repo-relative module path."', () => {
  it.each([
    ['show: kortix:show', []],
    ['show: kortix:memory', ['error kortix_value_mismatch 4:9']],
    ['show: "kortix:"', ['error kortix_value_mismatch 4:9']],
    ['lookup: kortix:lookup', ['error not_a_kortix_tool 4:11']],
    ['lookup: tools/lookup.ts', []],
    ['lookup: 3', ['error invalid_tool_value 4:11']],
    ['lookup: [a.ts]', ['error invalid_tool_value 4:11']],
    ['lookup:', ['error invalid_tool_value 4:10']],
    ['lookup: true', ['error invalid_tool_value 4:11']],
  ])('%s', (line, expected) => {
    expect(ok(line)).toEqual(expected);
  });
});

describe('"A path ends in .ts, .js, .mts, .mjs, .cts, or .cjs. It does not start with / or - and has no . or .. segment. The folder is your choice."', () => {
  it.each([
    ['tools/x.ts', undefined],
    ['x.js', undefined],
    ['deep/er/x.mts', undefined],
    ['a/x.mjs', undefined],
    ['a/x.cts', undefined],
    ['a/x.cjs', undefined],
    ['integrations/search/web_search.ts', undefined],
    ['a.b/x.ts', undefined],
    ['tools/x.py', 'does not end in .ts, .js, .mts, .mjs, .cts, or .cjs'],
    ['tools/x.tsx', 'does not end in'],
    ['tools/x.TS', 'does not end in'],
    ['tools/x', 'does not end in'],
    ['/abs/x.ts', 'starts with /'],
    ['-x.ts', 'starts with -'],
    ['./x.ts', 'has a . segment'],
    ['a/./x.ts', 'has a . segment'],
    ['../x.ts', 'has a .. segment'],
    ['a/../x.ts', 'has a .. segment'],
  ])('%s', (path, problem) => {
    const result = parseKortixManifest(entry(`lookup: "${path}"`));
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    if (problem === undefined) expect(errors).toEqual([]);
    else
      expect(errors.map((d) => [d.code, d.message])).toEqual([
        ['invalid_module_path', expect.stringContaining(problem)],
      ]);
  });
});

describe('"An imported file may declare tools. A name declared in two files is an error."', () => {
  it('loads tools declared in an imported file, naming that file', () => {
    const manifest = aManifest(
      files('kortix_version: 3\nimports: [tools.yaml]\ntools:\n  memory: kortix:memory\n', {
        'tools.yaml': 'tools:\n  lookup: tools/lookup.ts\n',
      }),
    );
    expect(manifest.tools.map((tool) => [tool.name, tool.file])).toEqual([
      ['memory', 'kortix.yaml'],
      ['lookup', 'tools.yaml'],
    ]);
    expect(manifest.files).toEqual(['kortix.yaml', 'tools.yaml']);
  });

  it.each([
    [
      'root and import',
      files('imports: [a.yaml]\ntools:\n  show: kortix:show\n', {
        'a.yaml': 'tools:\n  show: kortix:show\n',
      }),
      'a.yaml 2:3',
    ],
    [
      'two imports',
      files('imports: [a.yaml, b.yaml]\n', {
        'a.yaml': 'tools:\n  show: kortix:show\n',
        'b.yaml': 'tools:\n  show: kortix:show\n',
      }),
      'b.yaml 2:3',
    ],
    [
      'a nested import',
      files('imports: [a.yaml]\ntools:\n  memory: kortix:memory\n', {
        'a.yaml': 'imports: [b.yaml]\n',
        'b.yaml': 'tools:\n  memory: kortix:memory\n',
      }),
      'b.yaml 2:3',
    ],
  ])('%s', (_, source, where) => {
    const result = parseKortixManifest(source);
    expect(result.ok).toBe(false);
    const duplicate = result.diagnostics.find((d) => d.code === 'duplicate_tool');
    expect(duplicate && `${duplicate.file} ${duplicate.line}:${duplicate.column}`).toBe(where);
    expect(duplicate?.message).toMatch(/is declared in two files: .+ and .+/);
  });

  it('reads a file imported twice, or in a cycle, once', () => {
    const source = files('imports: [a.yaml, a.yaml]\n', {
      'a.yaml': 'imports: [kortix.yaml]\ntools:\n  show: kortix:show\n',
    });
    expect(aManifest(source).files).toEqual(['kortix.yaml', 'a.yaml']);
  });

  it.each([
    ['a missing file', 'imports: [gone.yaml]\n', 'error import_not_found 1:11'],
    ['an absolute path', 'imports: [/etc/x.yaml]\n', 'error invalid_imports 1:11'],
    ['a .. segment', 'imports: [../x.yaml]\n', 'error invalid_imports 1:11'],
    ['not a manifest file', 'imports: [x.ts]\n', 'error invalid_imports 1:11'],
    ['not a list', 'imports: a.yaml\n', 'error invalid_imports 1:10'],
  ])('reports an import of %s', (_, text, expected) => {
    expect(findingsOf(text)).toEqual([expected]);
  });
});

describe('"Project tools need kortix.yaml with kortix_version: 2 or 3."', () => {
  it.each([
    ['kortix_version: 2\n', []],
    ['kortix_version: 3\n', []],
    ['', ['error kortix_version_required']],
    ['kortix_version: 1\n', ['error kortix_version_required']],
    ['kortix_version: 4\n', ['error kortix_version_required']],
    ['kortix_version: "3"\n', ['error kortix_version_required']],
  ])('%j', (version, expected) => {
    const text = `${version}tools:\n  memory: kortix:memory\n  lookup: tools/lookup.ts\n`;
    expect(parseKortixManifest(text).diagnostics.map((d) => `${d.severity} ${d.code}`)).toEqual(
      expected,
    );
  });

  it("counts only the root file's kortix_version, and asks it of an overridden Kortix tool too", () => {
    const source = files('imports: [a.yaml]\ntools:\n  memory: tools/memory.ts\n', {
      'a.yaml': 'kortix_version: 3\n',
    });
    expect(findingsOf(source)).toEqual(['error kortix_version_required 3:11']);
  });

  it('asks nothing of a manifest with only kortix: values', () => {
    expect(findingsOf('tools:\n  show: kortix:show\n')).toEqual([]);
  });
});

describe('"In a kortix_version: 2 manifest, kortix validate and kortix ship report an undeclared grant as an error"', () => {
  const agent = (version: number, env: string, secrets: string) =>
    `kortix_version: ${version}\n${env}agents:\n  my-agent:\n    secrets: ${secrets}\n`;
  it.each([
    [
      'declared under env.optional',
      agent(2, 'env:\n  optional: [WEATHER_API_KEY]\n', '[WEATHER_API_KEY]'),
      [],
    ],
    [
      'declared under env.required',
      agent(2, 'env:\n  required: [WEATHER_API_KEY]\n', '[WEATHER_API_KEY]'),
      [],
    ],
    ['not declared', agent(2, '', '[WEATHER_API_KEY]'), ['error undeclared_secret 4:15']],
    [
      'one of two not declared',
      agent(2, 'env:\n  optional: [A]\n', '[A, B]'),
      ['error undeclared_secret 6:18'],
    ],
    ['secrets: all', agent(2, '', 'all'), []],
    ['kortix_version 3', agent(3, '', '[WEATHER_API_KEY]'), []],
  ])('%s', (_, text, expected) => {
    expect(findingsOf(text)).toEqual(expected);
  });
});

describe('"kortix validate checks names, paths, missing module files, and kortix: values."', () => {
  const source = (modules: readonly string[] | undefined) => ({
    ...files(
      'kortix_version: 3\ntools:\n  memory: kortix:memory\n  lookup: tools/lookup.ts\n  weather_now: tools/weather_now.ts\n',
    ),
    ...(modules === undefined ? {} : { modules }),
  });
  it.each([
    ['both files exist', ['tools/lookup.ts', 'tools/weather_now.ts'], []],
    ['one is missing', ['tools/lookup.ts'], ['warning missing_module 5:16']],
    ['module files not known (not checked)', undefined, []],
  ])('%s', (_, modules, expected) => {
    expect(parseKortixManifest(source(modules)).diagnostics.map(brief)).toEqual(expected);
  });
});
