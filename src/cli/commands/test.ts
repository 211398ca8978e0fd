import { parseArgs } from 'node:util';
import { createGate } from '../../createGate.js';
import type { TurnDecision } from '../../gate/types.js';
import type { Diagnostic } from '../diagnostics.js';
import { EXIT } from '../exitCodes.js';
import { expandFileArgs, TEST_FILE_SUFFIXES } from '../expandFileArgs.js';
import { describeActual, describeExpectation, type CaseResult } from '../format/caseResult.js';
import { formatTestReport, TEST_REPORTERS, type TestReporter } from '../format/formatTestReport.js';
import { formatRefusal } from '../format/formatRefusal.js';
import { printable } from '../format/printable.js';
import type { CliIo } from '../io.js';
import { parseCommandArgs } from '../parseCommandArgs.js';
import {
  parseTestFile,
  type PolicyTestCase,
  type PolicyTestSuite,
} from '../policy/parseTestFile.js';
import { printJson, readText, reportBadInput } from '../report.js';
import { usageError } from './usageError.js';

const OPTIONS = { json: { type: 'boolean' }, reporter: { type: 'string' } } as const;

/**
 * `toolgate test FILE|DIR...`: runs every case of every file (a directory:
 * every `*.test.yaml|yml|json` under it), each decided with both stages of
 * the gate; prints each failure with what was expected, what happened and
 * the refusal, then `N passed, N failed` (or, with `--reporter`, JUnit XML,
 * TAP or GitHub annotations). Every file is loaded first: a file with errors
 * stops the run before any case (exit 2). Exit 0 all passed, 1 a case failed.
 */
export function test(args: readonly string[], io: CliIo): number {
  const json = args.includes('--json');
  const parsed = parseCommandArgs(() =>
    parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true, strict: true }),
  );
  if (!parsed.ok) return usageError(io, 'test', parsed.problem, json);
  const reporter = parsed.value.values.reporter;
  if (reporter !== undefined && !(TEST_REPORTERS as readonly string[]).includes(reporter))
    return usageError(
      io,
      'test',
      `--reporter ${JSON.stringify(reporter)} is not one of ${TEST_REPORTERS.join(', ')}`,
      json,
    );
  if (parsed.value.positionals.length === 0)
    return usageError(io, 'test', 'name at least one test file: toolgate test FILE|DIR...', json);
  const expanded = expandFileArgs(io, parsed.value.positionals, TEST_FILE_SUFFIXES);
  if ('problem' in expanded) return reportBadInput(io, json, `toolgate test: ${expanded.problem}`);
  const files = expanded.files;

  const suites: PolicyTestSuite[] = [];
  const problems: Diagnostic[] = [];
  for (const file of files) {
    const read = readText(io, file);
    if ('problem' in read) {
      problems.push({
        severity: 'error',
        code: 'unreadable_file',
        file,
        line: 1,
        column: 1,
        message: read.problem,
        fix: 'check the path',
      });
      continue;
    }
    const loaded = parseTestFile(file, read.text, io);
    if (loaded.ok) suites.push(loaded.suite);
    else problems.push(...loaded.diagnostics);
  }
  if (problems.length > 0) {
    const count = problems.filter((d) => d.severity === 'error').length;
    return reportBadInput(
      io,
      json,
      `toolgate test: ${count} ${count === 1 ? 'error' : 'errors'} in the test files or their policies; no case was run`,
      problems,
    );
  }

  const results = suites.flatMap((suite) => {
    const gate = createGate({ registry: suite.policy.registry });
    return suite.cases.map((item) =>
      runCase(suite.file, item, gate.authorize(item.turn, item.context)),
    );
  });
  const passed = results.filter((result) => result.ok).length;
  const failed = results.length - passed;
  if (json) {
    printJson(io, { passed, failed, cases: results });
  } else if (reporter !== undefined) {
    io.stdout(`${formatTestReport(reporter as TestReporter, results)}\n`);
  } else {
    const lines: string[] = [];
    for (const suite of suites) {
      lines.push(`${suite.file} (policy ${suite.policy.file})`);
      for (const result of results.filter((item) => item.file === suite.file))
        lines.push(...formatResult(result));
      lines.push('');
    }
    lines.push(`${passed} passed, ${failed} failed`);
    io.stdout(`${printable(lines.join('\n'))}\n`);
  }
  return failed === 0 ? EXIT.ok : EXIT.refused;
}

function runCase(file: string, item: PolicyTestCase, decision: TurnDecision): CaseResult {
  const refusal = decision.settled === 'rejected' ? decision.refusal : undefined;
  const expect = item.expect;
  const ok =
    expect === 'allow'
      ? refusal === undefined
      : refusal !== undefined &&
        refusal.code === expect.refuse &&
        (expect.callIndex === undefined || refusal.callIndex === expect.callIndex);
  return {
    file,
    line: item.place.line,
    column: item.place.column,
    name: item.name,
    ok,
    expected: expect,
    actual: { settled: decision.settled, ...(refusal === undefined ? {} : { refusal }) },
  };
}

function formatResult(result: CaseResult): string[] {
  if (result.ok) return [`  pass  ${result.name}`];
  const pad = '        ';
  return [
    `  FAIL  ${result.name} (${result.file}:${result.line}:${result.column})`,
    `${pad}expected: ${describeExpectation(result.expected)}`,
    `${pad}actual:   ${describeActual(result)}`,
    ...(result.actual.refusal === undefined
      ? []
      : formatRefusal(result.actual.refusal, pad).split('\n')),
  ];
}
