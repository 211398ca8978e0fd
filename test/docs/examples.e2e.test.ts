import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtCli } from '../helpers/freshDist.js';
import { RUN_MARKER } from '../helpers/processes.js';
import { aTempDir } from '../helpers/scratch.js';
import { deadline } from '../helpers/testEnv.js';
import { type DocBlock, readAllDocBlocks } from './readDocBlocks.js';

/**
 * Every example a user reads runs. Each `ts` block of the README and docs/ is
 * a whole program: it is type-checked strictly against the built package (as
 * `toolgate` in a node_modules, as a user installs it) and then run with
 * Node; the one thing it may take from outside is test/docs/prelude.ts (the
 * reader's `model` and `execute`) and test/docs/preludeModels.ts (the
 * scripted models agent runtimes take). A line ending `// prints TEXT` must print
 * TEXT (after what the lines before it print). Each `sh` block that calls `toolgate` runs
 * its commands in a copy of examples/, each command exiting 0 unless its
 * line ends with `# exit N` (an `npm install` line is not run: the project
 * already holds every package); `# prints TEXT` works as in TypeScript. A
 * `text` block that starts with `$ toolgate …` is a transcript: the command
 * runs there too, and prints exactly the rest of the block. Other fences (`text`, `yaml`, `json`) are shown,
 * not run; a `js` block is refused: write it as `ts`.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const BLOCKS = readAllDocBlocks(ROOT);
const CODE = BLOCKS.filter((block) => block.lang === 'ts');
const SHELL = BLOCKS.filter((block) => block.lang === 'sh' && callsToolgate(block.code));
/** A `text` block that starts with `$ toolgate …` is a transcript: the rest is that command's output. */
const TRANSCRIPTS = BLOCKS.filter(
  (block) => block.lang === 'text' && block.code.startsWith('$ toolgate '),
);

/** Does a command of this shell text run `toolgate` (not only name it in a comment)? */
function callsToolgate(code: string): boolean {
  return code
    .split('\n')
    .map((line) => line.replace(/(?:^|\s)#.*$/, ''))
    .some((line) => /(?:^|[|;&(])\s*toolgate(?:\s|$)/.test(line));
}

const where = (block: DocBlock) => `${block.file}:${String(block.line)}`;
/** The scripted models of test/docs/preludeModels.ts, loaded only for a block that names one. */
const MODELS = ['languageModel', 'agentModel', 'chatModel'] as const;

/** A block that imports vitest is a test file: vitest runs it, not node. */
const isTestFile = (block: DocBlock) => block.code.includes("from 'vitest'");
const fileOf = (block: DocBlock) =>
  `${block.file.replace(/\W+/g, '_')}_${String(block.line)}${isTestFile(block) ? '.test' : ''}.ts`;

const STRICT: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2022.d.ts'],
  types: ['node'],
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  skipLibCheck: true,
  noEmitOnError: false,
};

let dir = '';
let diagnostics = new Map<string, string[]>();

/** A folder like a user's project: toolgate and its peers in node_modules, a module package.json. */
function makeProject(): string {
  const project = aTempDir('docs');
  const modules = join(project, 'node_modules');
  mkdirSync(modules);
  mkdirSync(join(project, 'tmp'));
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (name === '.bin' || name === 'toolgate') continue;
    symlinkSync(join(ROOT, 'node_modules', name), join(modules, name));
  }
  symlinkSync(ROOT, join(modules, 'toolgate'));
  writeFileSync(join(project, 'package.json'), '{ "type": "module", "private": true }\n');
  writeFileSync(
    join(project, 'vitest.config.mjs'),
    "export default { test: { include: ['*.test.ts'], exclude: ['node_modules/**'] } };\n",
  );
  copyFileSync(join(import.meta.dirname, 'prelude.ts'), join(project, 'prelude.ts'));
  copyFileSync(join(import.meta.dirname, 'preludeModels.ts'), join(project, 'preludeModels.ts'));
  writeFileSync(
    join(project, 'globals.d.ts'),
    [
      "declare var model: (typeof import('./prelude.js'))['PRELUDE']['model'];",
      "declare var execute: (typeof import('./prelude.js'))['PRELUDE']['execute'];",
      ...MODELS.map(
        (name) =>
          `declare var ${name}: (typeof import('./preludeModels.js'))['PRELUDE_MODELS']['${name}'];`,
      ),
      '',
    ].join('\n'),
  );
  return project;
}

/** Type-checks and emits every block in one program; the diagnostics per block file. */
function compile(project: string): Map<string, string[]> {
  const files = CODE.map((block) => {
    const file = join(project, fileOf(block));
    writeFileSync(file, block.code);
    return file;
  });
  const roots = [
    join(project, 'prelude.ts'),
    join(project, 'preludeModels.ts'),
    join(project, 'globals.d.ts'),
    ...files,
  ];
  const program = ts.createProgram(roots, { ...STRICT, outDir: project, rootDir: project });
  const found = new Map<string, string[]>();
  for (const diagnostic of [...ts.getPreEmitDiagnostics(program), ...program.emit().diagnostics]) {
    const file = diagnostic.file?.fileName ?? '(the program)';
    const { line } = diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start ?? 0) ?? {
      line: 0,
    };
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    const list = found.get(file) ?? [];
    list.push(`line ${String(line + 1)} of the block: ${text}`);
    found.set(file, list);
  }
  return found;
}

function environment(project: string): NodeJS.ProcessEnv {
  const marker = process.env[RUN_MARKER];
  return {
    PATH: `${join(project, 'bin')}:${process.env.PATH ?? ''}`,
    HOME: project,
    // What an example writes to the temp folder lands in the project, removed with it.
    TMPDIR: join(project, 'tmp'),
    ...(marker === undefined ? {} : { [RUN_MARKER]: marker }),
  };
}

beforeAll(() => {
  const cli = builtCli(ROOT);
  dir = makeProject();
  mkdirSync(join(dir, 'bin'));
  writeFileSync(
    join(dir, 'bin', 'toolgate'),
    `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(cli)} "$@"\n`,
    { mode: 0o755 },
  );
  diagnostics = compile(dir);
}, deadline(120_000));

describe('the documented examples', () => {
  it('finds the README and docs/ examples, and no js block', () => {
    expect(CODE.length).toBeGreaterThan(10);
    expect(SHELL.length).toBeGreaterThan(2);
    expect(
      BLOCKS.filter((block) => /^(?:js|javascript|typescript|mjs)$/.test(block.lang)).map(where),
    ).toEqual([]);
    // `npx toolgate` would go unchecked (and download in a folder without toolgate): write `toolgate`.
    expect(
      BLOCKS.filter((block) => block.lang === 'sh' && block.code.includes('npx toolgate')).map(
        where,
      ),
    ).toEqual([]);
  });

  it('compiles the prelude itself', () => {
    expect(diagnostics.get(join(dir, 'prelude.ts')) ?? []).toEqual([]);
    expect(diagnostics.get(join(dir, 'preludeModels.ts')) ?? []).toEqual([]);
    expect(diagnostics.get('(the program)') ?? []).toEqual([]);
  });

  it.each(CODE.map((block) => [where(block), block] as const))(
    '%s type-checks strictly and runs',
    (_, block) => {
      const file = join(dir, fileOf(block));
      expect(diagnostics.get(file) ?? [], `${where(block)} does not type-check`).toEqual([]);
      const args = isTestFile(block)
        ? [join(dir, 'node_modules/vitest/vitest.mjs'), 'run', '--root', dir, file]
        : [
            '--import',
            './prelude.js',
            ...(MODELS.some((name) => block.code.includes(name))
              ? ['--import', './preludeModels.js']
              : []),
            file.replace(/\.ts$/, '.js'),
          ];
      const ran = spawnSync(process.execPath, args, {
        cwd: dir,
        env: environment(dir),
        encoding: 'utf8',
        timeout: deadline(60_000),
        input: '',
      });
      expect(
        { status: ran.status, signal: ran.signal, stderr: ran.stderr },
        `${where(block)} ran`,
      ).toEqual({ status: 0, signal: null, stderr: expect.any(String) as string });
      expect(missingPrints(block.code, /\/\/ prints (.+)$/, ran.stdout), where(block)).toEqual([]);
    },
  );

  it.each(SHELL.map((block) => [where(block), block] as const))(
    '%s runs against the example policy',
    (_, block) => {
      const work = workFolder(block);
      const ran = spawnSync('bash', ['-c', toScript(block)], {
        cwd: work,
        env: environment(dir),
        encoding: 'utf8',
        timeout: deadline(60_000),
        input: '',
      });
      expect(missingPrints(block.code, /# prints (.+)$/, ran.stdout), where(block)).toEqual([]);
      expect({ status: ran.status, stderr: ran.stderr }, `${where(block)} ran`).toEqual({
        status: 0,
        stderr: expect.any(String) as string,
      });
    },
  );

  it.each(TRANSCRIPTS.map((block) => [where(block), block] as const))(
    '%s shows what the command prints',
    (_, block) => {
      const [command = '', ...shown] = block.code.trimEnd().split('\n');
      const ran = spawnSync('bash', ['-c', command.slice(2)], {
        cwd: workFolder(block),
        env: environment(dir),
        encoding: 'utf8',
        timeout: deadline(60_000),
        input: '',
      });
      expect(ran.stdout.trimEnd(), `${where(block)}: ${command}`).toBe(shown.join('\n'));
    },
  );
});

/**
 * The folder a page's shell blocks and transcripts run in, made on first use:
 * a copy of examples/ and the project's packages. One per page, as a reader
 * follows it top to bottom (the blocks of a page run in order).
 */
function workFolder(block: DocBlock): string {
  const work = join(dir, `work_${block.file.replace(/\W+/g, '_')}`);
  if (existsSync(work)) return work;
  mkdirSync(work);
  cpSync(join(ROOT, 'examples'), join(work, 'examples'), { recursive: true });
  symlinkSync(join(dir, 'node_modules'), join(work, 'node_modules'));
  return work;
}

/**
 * What a block says it prints (`// prints TEXT` in TypeScript, `# prints TEXT`
 * in a shell block, at the end of a line) and its output does not hold, in
 * order: each text must come after the one before.
 *
 * // missingPrints('console.log(1); // prints 1', /\/\/ prints (.+)$/, '1\n') => []
 */
function missingPrints(code: string, comment: RegExp, output: string): string[] {
  const missing: string[] = [];
  let from = 0;
  for (const line of code.split('\n')) {
    const text = comment.exec(line)?.[1]?.trim();
    if (text === undefined) continue;
    const at = output.indexOf(text, from);
    if (at === -1) missing.push(`${text} (not in the output after what came before)`);
    else from = at + text.length;
  }
  return missing;
}

/**
 * A shell block as a script that runs each command and stops at the first
 * one that exits otherwise than its line says (`# exit N`, or 0).
 *
 * // 'toolgate check a.yaml t.json   # exit 1' => '{ toolgate check a.yaml t.json   # exit 1\n}; …'
 */
function toScript(block: DocBlock): string {
  const commands: { text: string; line: number }[] = [];
  let pending: { text: string; line: number } | undefined;
  block.code.split('\n').forEach((text, index) => {
    if (pending === undefined && (text.trim() === '' || text.trim().startsWith('#'))) return;
    pending =
      pending === undefined
        ? { text, line: block.line + index }
        : { ...pending, text: `${pending.text}\n${text}` };
    if (!text.endsWith('\\')) {
      commands.push(pending);
      pending = undefined;
    }
  });
  // The project already holds every package an example installs: `npm install` lines are not run.
  const run = commands.filter(({ text }) => !/^\s*npm\s+(?:install|i)\b/.test(text));
  const steps = run.map(({ text, line }) => {
    const expected = /#\s*exit\s+(\d+)/.exec(text)?.[1] ?? '0';
    return [
      `{ ${text}\n} </dev/null`,
      'code=$?',
      `if [ "$code" -ne ${expected} ]; then echo "${block.file}:${String(line)}: exit $code, the docs say ${expected}" >&2; exit 1; fi`,
    ].join('\n');
  });
  return ['set -o pipefail', ...steps, ''].join('\n');
}
