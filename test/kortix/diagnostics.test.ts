import { describe, expect, it } from 'vitest';
import { ToolgateError } from '../../src/errors/ToolgateError.js';
import { formatKortixDiagnostics } from '../../src/kortix/formatKortixDiagnostics.js';
import { parseKortixManifest } from '../../src/kortix/parseKortixManifest.js';
import { validateKortixManifest } from '../../src/kortix/validateKortixManifest.js';
import { findingsOf } from './helpers.js';

describe('validateKortixManifest: diagnostics with file, place, severity, message and what to change', () => {
  it('places each finding at its node, 1-based, and says what to change', () => {
    expect(
      validateKortixManifest('tools:\n  memory: kortix:memory\n  bash: tools/bash.ts\n'),
    ).toEqual([
      {
        severity: 'error',
        code: 'reserved_tool_name',
        file: 'kortix.yaml',
        line: 3,
        column: 3,
        message: 'bash is a harness tool name, which a tool under tools: cannot use',
        fix: 'rename the tool, such as my_bash',
      },
    ]);
  });

  it('reports every problem at once, sorted by file in reading order, then line and column', () => {
    const source = {
      root: 'kortix.yaml',
      files: {
        'kortix.yaml': 'imports: [b.yaml]\ntools:\n  Bad: x.ts\n  pty_a: x.ts\n',
        'b.yaml': 'tools:\n  read: x.ts\n',
      },
    };
    expect(
      validateKortixManifest(source).map((d) => `${d.file} ${d.line}:${d.column} ${d.code}`),
    ).toEqual([
      'kortix.yaml 2:1 no_kortix_tools',
      'kortix.yaml 3:3 invalid_tool_name',
      'kortix.yaml 4:3 reserved_pty_prefix',
      'b.yaml 2:3 reserved_tool_name',
    ]);
  });

  it.each([
    [
      'a bare * (a YAML alias)',
      'agents:\n  a:\n    tools: [*]\n',
      'error yaml_syntax 3:13',
      'quote a lone * as "*": a bare * starts a YAML alias',
    ],
    [
      'a repeated key',
      'tools:\n  show: kortix:show\n  show: kortix:show\n',
      'error yaml_syntax 3:3',
      'keep one of the repeated keys',
    ],
    [
      'a top level that is a list',
      '- tools\n',
      'error not_a_map 1:1',
      'write the manifest as key: value lines',
    ],
  ])('reports %s as the one error of its file', (_, text, finding, fix) => {
    expect(findingsOf(text)).toEqual([finding]);
    expect(parseKortixManifest(text).diagnostics[0]?.fix).toBe(fix);
  });

  it('reads JSON manifests, with positions', () => {
    expect(findingsOf('{\n  "tools": {\n    "bash": "kortix:bash"\n  }\n}\n')).toEqual([
      'warning no_kortix_tools 2:3',
      'error reserved_tool_name 3:5',
    ]);
  });

  it('reports an error as ok: false with no manifest, and warnings beside a manifest', () => {
    const broken = parseKortixManifest('tools:\n  bash: x.ts\n');
    expect(broken.ok).toBe(false);
    expect('manifest' in broken).toBe(false);
    const warned = parseKortixManifest('tools:\n');
    expect(warned.ok && warned.diagnostics.map((d) => d.severity)).toEqual(['warning']);
  });

  it('returns deeply frozen data', () => {
    const result = parseKortixManifest('agents:\n  a:\n    tools: [read]\n');
    if (!result.ok) throw new Error('expected a manifest');
    expect(Object.isFrozen(result.manifest.agents[0]?.tools)).toBe(true);
    expect(Object.isFrozen(result.manifest.tools[0])).toBe(true);
  });

  it('formats diagnostics one per line as FILE:LINE:COLUMN: SEVERITY: MESSAGE (FIX)', () => {
    expect(
      formatKortixDiagnostics(
        validateKortixManifest('tools:\n  memory: kortix:memory\n  bash: tools/bash.ts\n'),
      ),
    ).toBe(
      'kortix.yaml:3:3: error: bash is a harness tool name, which a tool under tools: cannot use (rename the tool, such as my_bash)',
    );
  });

  it.each([
    ['a number', 42],
    ['no root among the files', { root: 'kortix.yaml', files: {} }],
    ['a file that is not text', { root: 'kortix.yaml', files: { 'kortix.yaml': 1 } }],
    [
      'modules that are not a list',
      { root: 'kortix.yaml', files: { 'kortix.yaml': '' }, modules: 'x.ts' },
    ],
  ])('throws ToolgateError invalid_option for a source that is %s', (_, source) => {
    expect(() => parseKortixManifest(source as never)).toThrow(ToolgateError);
  });

  it('never reads a file through Object.prototype', () => {
    expect(
      findingsOf({ root: 'kortix.yaml', files: { 'kortix.yaml': 'imports: [toString.yaml]\n' } }),
    ).toEqual(['error import_not_found 1:11']);
  });
});
