import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/runCli.js';
import { createGate, createRun, ToolgateError } from '../../src/index.js';
import { formatDiagnostics, loadPolicy, parsePolicyText } from '../../src/policy/index.js';
import { aTempDir } from '../helpers/scratch.js';

const EXAMPLE = resolve(import.meta.dirname, '../../examples/policy.yaml');

/** `toolgate validate --json FILE`, in process: its diagnostics. */
function validateJson(file: string): unknown {
  let out = '';
  const io: CliIo = {
    readFile: (path) => readFileSync(path, 'utf8'),
    exists: (path) => existsSync(path),
    readStdin: () => '',
    stdinIsTerminal: true,
    stdout: (text) => {
      out += text;
    },
    stderr: () => undefined,
  };
  runCli(['validate', '--json', file], io);
  return (JSON.parse(out) as { diagnostics: unknown }).diagnostics;
}

const BROKEN = `version: 1
grants:
  coder:
    tools: [fs-read@1, nope]
    folders: [workspace]
`;

describe('toolgate/policy', () => {
  it('loads the example policy into a registry and grants a runtime decides with', () => {
    const loaded = loadPolicy(EXAMPLE);
    if (!loaded.ok) throw new Error(formatDiagnostics(loaded.diagnostics));
    const grant = loaded.policy.grants.get('coder');
    expect(grant).toBeDefined();
    const run = createRun({
      gate: createGate({ registry: loaded.policy.registry }),
      grant: grant as never,
      cwd: '/workspace',
    });
    const turn = (path: string) => ({
      calls: [{ tool: 'fs-read', version: 1, arguments: { path } }],
    });
    expect(run.propose(turn('src/index.ts')).settled).toBe('tool');
    expect(run.propose(turn('/etc/passwd')).settled).toBe('tool');
    expect(run.dispatch(run.records()[1]?.calls?.[0]).allowed).toBe(false);
    // The example names no upstream MCP servers.
    expect(loaded.policy.servers?.size ?? 0).toBe(0);
  });

  it('gives the diagnostics toolgate validate gives, for a file and for its text', () => {
    const dir = aTempDir('policy');
    const file = join(dir, 'policy.yaml');
    writeFileSync(file, BROKEN);
    const fromFile = loadPolicy(file);
    const fromText = parsePolicyText(BROKEN, { file });
    expect(fromFile.ok).toBe(false);
    expect(fromFile.diagnostics).toEqual([
      {
        severity: 'error',
        code: 'invalid_grant',
        file,
        line: 4,
        column: 24,
        message: 'grants.coder.tools[1] nope: a ref is NAME@VERSION, such as "slack/search@1"',
        fix: 'add the version',
      },
      {
        severity: 'error',
        code: 'invalid_grant',
        file,
        line: 5,
        column: 15,
        message:
          'grants.coder.folders[0] workspace: a folder root must be an absolute POSIX path starting with "/"',
        fix: 'write it in full, such as "/srv/project"',
      },
    ]);
    expect(fromText.diagnostics).toEqual(fromFile.diagnostics);
    expect(JSON.parse(JSON.stringify(fromFile.diagnostics))).toEqual(validateJson(file));
    expect(formatDiagnostics(fromFile.diagnostics)).toBe(
      `${file}:4:24: error: grants.coder.tools[1] nope: a ref is NAME@VERSION, such as "slack/search@1" (add the version)\n` +
        `${file}:5:15: error: grants.coder.folders[0] workspace: a folder root must be an absolute POSIX path starting with "/" (write it in full, such as "/srv/project")`,
    );
  });

  it('reports an unreadable file as one diagnostic, never a throw', () => {
    const loaded = loadPolicy('/nonexistent/policy.yaml');
    expect(loaded).toEqual({
      ok: false,
      diagnostics: [
        {
          severity: 'error',
          code: 'unreadable_file',
          file: '/nonexistent/policy.yaml',
          line: 1,
          column: 1,
          message:
            "cannot read the policy file: ENOENT: no such file or directory, open '/nonexistent/policy.yaml'",
          fix: 'check the path',
        },
      ],
    });
  });

  it('reads JSON text too, and throws only for arguments of the wrong kind', () => {
    const loaded = parsePolicyText(
      JSON.stringify({ version: 1, grants: { a: { tools: ['fs-read@1'], folders: ['/srv'] } } }),
    );
    expect(loaded.ok && [...loaded.policy.grants.keys()]).toEqual(['a']);
    expect(() => loadPolicy('')).toThrow(ToolgateError);
    expect(() => parsePolicyText(7 as never)).toThrow(ToolgateError);
  });
});
