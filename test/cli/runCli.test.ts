import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/runCli.js';
import { printable } from '../../src/cli/format/printable.js';
import { formatTable } from '../../src/cli/format/formatTable.js';
import { formatSourcePath } from '../../src/cli/policy/formatSourcePath.js';
import { readYamlSource } from '../../src/cli/policy/readYamlSource.js';
import { CODER, EXAMPLE, ROOT, runInProcess, turn } from './helpers.js';

// The same commands as the spawned tests, in this process: the many small cases.
describe('runCli, in process', () => {
  it('shows help with `help COMMAND` and `COMMAND --help`, and refuses an unknown command', () => {
    expect(runInProcess(['help', 'menu']).stdout).toMatch(/^toolgate menu: /);
    expect(runInProcess(['ls', '-h'])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^toolgate ls: /) as unknown,
    });
    expect(runInProcess(['help', 'nope']).stdout).toMatch(/^toolgate: decide which tools/);
    expect(runInProcess(['chek'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'toolgate: unknown command "chek"; the commands are check, diff, menu, validate, ls, test, records, suggest, approvals, ui, mcp (see toolgate --help)\n',
    });
  });

  it('has --help with an example for every command', () => {
    for (const command of ['check', 'menu', 'validate', 'ls', 'test']) {
      const result = runInProcess([command, '--help']);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^Usage: toolgate \w+/m);
      expect(result.stdout).toMatch(/^Examples?:\n {2}toolgate /m);
    }
    expect(runInProcess(['--help']).stdout).toContain('  check POLICY [TURN|-]');
  });

  it('names the grant it cannot find, and the likely one', () => {
    expect(runInProcess(['check', EXAMPLE, '--grant', 'cder', turn('read-source')])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'toolgate check: examples/policy.yaml has no grant "cder" (did you mean coder? its grants are coder, reviewer, supervised)\n',
    });
    expect(runInProcess(['validate', 'nope.yaml']).code).toBe(2);
  });

  it('refuses missing and extra arguments with a pointer to the help', () => {
    expect(runInProcess(['check']).stderr).toBe(
      'toolgate check: name the policy file: toolgate check POLICY [TURN|-] (see toolgate check --help)\n',
    );
    expect(runInProcess(['check', EXAMPLE, 'a.json', 'b.json']).code).toBe(2);
    expect(runInProcess(['menu']).code).toBe(2);
    expect(runInProcess(['validate', 'a', 'b']).code).toBe(2);
    expect(runInProcess(['ls']).code).toBe(2);
    expect(runInProcess(['test']).stderr).toBe(
      'toolgate test: name at least one test file: toolgate test FILE|DIR... (see toolgate test --help)\n',
    );
    expect(JSON.parse(runInProcess(['ls', '--json', '--nope']).stdout)).toEqual({
      error: {
        message: "toolgate ls: Unknown option '--nope' (see toolgate ls --help)",
        diagnostics: [],
      },
    });
  });

  it('takes the only grant when none is named, and asks for one when there are several', () => {
    const one = {
      'one.yaml': 'version: 1\ngrants:\n  only: { tools: [fs-read@1], folders: [/w] }\n',
    };
    expect(
      runInProcess(
        ['check', 'one.yaml', '-'],
        one,
        '{"calls":[{"tool":"fs-read","version":1,"arguments":{"path":"/w/a"}}]}',
      ).code,
    ).toBe(0);
    expect(runInProcess(['check', EXAMPLE, turn('read-source')]).stderr).toBe(
      'toolgate check: examples/policy.yaml has 3 grants, and none was named (name one of coder, reviewer, supervised)\n',
    );
    expect(runInProcess(['menu', 'none.yaml'], { 'none.yaml': 'version: 1\n' }).stderr).toBe(
      'toolgate menu: none.yaml defines no grant (add one under grants:)\n',
    );
  });

  it('refuses a relative --cwd, an unknown agent, and an unreadable policy', () => {
    expect(
      runInProcess([
        'check',
        EXAMPLE,
        '--grant',
        'coder',
        '--cwd',
        'workspace',
        turn('read-source'),
      ]).stderr,
    ).toBe(
      'toolgate check: the cwd "workspace" is not an absolute path (write it in full, such as /workspace)\n',
    );
    expect(runInProcess(['menu', EXAMPLE, '--grant', 'coder', '--agent', 'raeder']).stderr).toBe(
      'toolgate menu: examples/policy.yaml has no agent "raeder" (did you mean reader? its agents are reader)\n',
    );
    expect(runInProcess(['ls', 'nope.yaml']).stderr).toMatch(
      /^toolgate ls: cannot read nope\.yaml: ENOENT.* \(check the path\)\n$/,
    );
  });

  it('refuses an unknown menu format, prints nothing for an empty menu, and reports provider name clashes', () => {
    expect(runInProcess(['menu', EXAMPLE, '--grant', 'coder', '--format', 'xml']).code).toBe(2);
    expect(
      runInProcess(['menu', 'e.yaml'], { 'e.yaml': 'version: 1\ngrants:\n  a: {}\n' }),
    ).toEqual({ code: 0, stdout: '', stderr: '' });
    const clash = [
      'version: 1',
      'tools:',
      '  - { name: a/b, version: 1, description: d, inputSchema: { type: object } }',
      '  - { name: a__b, version: 1, description: d, inputSchema: { type: object } }',
      'grants:',
      '  g: { tools: [a/b@1, a__b@1] }',
      '',
    ].join('\n');
    const result = runInProcess(['menu', 'c.yaml', '--format', 'openai'], { 'c.yaml': clash });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('a__b_v1');
    expect(
      runInProcess(['menu', 'c.yaml', '--format', 'openai-responses'], { 'c.yaml': clash }).code,
    ).toBe(2);
    expect(
      JSON.parse(
        runInProcess(['menu', EXAMPLE, '--grant', 'reviewer', '--format', 'openai-responses'])
          .stdout,
      ),
    ).toMatchObject([
      { type: 'function', name: 'fs-read_v1', strict: false },
      { name: 'github__api_v1' },
    ]);
    expect(
      JSON.parse(
        runInProcess(['menu', EXAMPLE, '--grant', 'reviewer', '--format', 'anthropic']).stdout,
      ),
    ).toMatchObject([{ name: 'fs-read_v1' }, { name: 'github__api_v1' }]);
  });

  it('escapes control characters from a turn before they reach the terminal', () => {
    const text = `{"calls":[{"tool":"fs-read","version":1,"arguments":{"path":"/workspace/\\u001b[2Ja"}}]}`;
    const result = runInProcess(['check', EXAMPLE, ...CODER, '--explain', '-'], {}, text);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('\u001b');
    expect(result.stdout).toContain('\\u001b[2Ja');
  });

  it('says how many errors and warnings validate found, and that a warning is a problem too (exit 1)', () => {
    const warned = runInProcess(['validate', 'w.yaml'], {
      'w.yaml': 'version: 1\ngrants:\n  a: { tools: [nope@1] }\n',
    });
    expect(warned.code).toBe(1);
    expect(warned.stdout).toBe(
      'w.yaml:3:16: warning: grants.a.tools[0] nope@1 is no tool of this policy, so every call to it is refused (not_granted) (define the tool under tools:, or remove the ref)\nw.yaml: 0 errors, 1 warning\n',
    );
    // A warning does not stop other commands: the policy loads.
    expect(
      runInProcess(['ls', 'w.yaml'], {
        'w.yaml': 'version: 1\ngrants:\n  a: { tools: [nope@1] }\n',
      }).code,
    ).toBe(0);
  });

  it('reports an internal error as bad input, never as allowed', () => {
    let stderr = '';
    const io: CliIo = {
      readFile: (path) => readFileSync(resolve(ROOT, path), 'utf8'),
      exists: () => false,
      readStdin: () => '',
      stdinIsTerminal: false,
      stdout: () => {
        throw new Error('the pipe broke');
      },
      stderr: (text) => {
        stderr += text;
      },
    };
    expect(runCli(['check', EXAMPLE, ...CODER, turn('read-source')], io)).toBe(2);
    expect(stderr).toBe(
      'toolgate check: internal error: the pipe broke (please report it with the command line)\n',
    );
  });
});

describe('readYamlSource', () => {
  const read = (text: string) => {
    const result = readYamlSource('f.yaml', text);
    if (!result.ok) throw new Error('expected the text to parse');
    return result.source;
  };

  it('places values, keys, list items and missing paths', () => {
    const source = read('a:\n  b: [x, y]\n  c:\n  d: { e: 1 }\n');
    expect(source.place(['a', 'b', 1])).toEqual({ file: 'f.yaml', line: 2, column: 10 });
    expect(source.place(['a', 'b'], 'key')).toEqual({ file: 'f.yaml', line: 2, column: 3 });
    // An empty value has no place of its own: its key is shown.
    expect(source.place(['a', 'c'])).toEqual({ file: 'f.yaml', line: 3, column: 3 });
    // A path that leads nowhere stops at the deepest node it reached.
    expect(source.place(['a', 'd', 'nope'])).toEqual({ file: 'f.yaml', line: 4, column: 6 });
    expect(source.place([])).toEqual({ file: 'f.yaml', line: 1, column: 1 });
  });

  it('follows aliases, and refuses a document that expands too many', () => {
    expect(read('a: &x { b: 1 }\nc: *x\n').place(['c', 'b'])).toEqual({
      file: 'f.yaml',
      line: 1,
      column: 12,
    });
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...['b', 'c', 'd', 'e', 'f'].map(
        (key, index) =>
          `${key}: &${key} [${Array(10)
            .fill(`*${'abcde'[index] ?? 'a'}`)
            .join(', ')}]`,
      ),
      '',
    ].join('\n');
    const result = readYamlSource('bomb.yaml', bomb);
    expect(result.ok).toBe(false);
  });
});

describe('small formatters', () => {
  it('names places as a reader finds them', () => {
    expect(formatSourcePath(['grants', 'coder', 'folders', 1])).toBe('grants.coder.folders[1]');
    expect(formatSourcePath(['agents', 'my agent'])).toBe('agents["my agent"]');
    expect(formatSourcePath([])).toBe('the file');
  });

  it('pads table columns and escapes control characters', () => {
    expect(formatTable(['A', 'BB'], [['xxx', 'y']])).toBe('A    BB\nxxx  y');
    expect(printable('a\u001b[2J\u009bb\nc\td')).toBe('a\\u001b[2J\\u009bb\nc\td');
  });
});
