import type { CaseResult } from './caseResult.js';
import { describeActual, describeExpectation } from './caseResult.js';
import { printable } from './printable.js';

/** The machine-readable reports of `toolgate test --reporter`. */
export type TestReporter = 'junit' | 'tap' | 'github';

export const TEST_REPORTERS: readonly TestReporter[] = ['junit', 'tap', 'github'];

/**
 * Formats the results of `toolgate test` for a CI system: JUnit XML, TAP 13,
 * or GitHub Actions workflow commands (an `::error` annotation at each failing
 * case's place), each closed by the `N passed, N failed` line a person
 * reads (a TAP comment, an XML comment).
 */
export function formatTestReport(reporter: TestReporter, results: readonly CaseResult[]): string {
  const passed = results.filter((result) => result.ok).length;
  const summary = `${passed} passed, ${results.length - passed} failed`;
  switch (reporter) {
    case 'junit':
      return formatJunit(results, summary);
    case 'tap':
      return formatTap(results, summary);
    case 'github':
      return formatGithub(results, summary);
  }
}

function why(result: CaseResult): string {
  const refusal = result.actual.refusal;
  return `expected ${describeExpectation(result.expected)}, actual ${describeActual(result)}${refusal === undefined ? '' : `: ${refusal.reason}`}`;
}

// & < > " ' and every control character but tab/newline are not allowed raw in XML 1.0 attributes.
function xml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(
      // eslint-disable-next-line no-control-regex -- control characters are what is replaced
      /[\u0000-\u0008\v\f\u000e-\u001f\u007f-\u009f\ufffe\uffff]/g,
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
}

function formatJunit(results: readonly CaseResult[], summary: string): string {
  const files = [...new Set(results.map((result) => result.file))];
  const failures = results.filter((result) => !result.ok).length;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="toolgate" tests="${String(results.length)}" failures="${String(failures)}">`,
  ];
  for (const file of files) {
    const cases = results.filter((result) => result.file === file);
    const failed = cases.filter((result) => !result.ok).length;
    lines.push(
      `  <testsuite name="${xml(file)}" tests="${String(cases.length)}" failures="${String(failed)}">`,
    );
    for (const result of cases) {
      const open = `    <testcase name="${xml(result.name)}" classname="${xml(file)}" file="${xml(file)}" line="${String(result.line)}"`;
      if (result.ok) lines.push(`${open}/>`);
      else
        lines.push(
          `${open}>`,
          `      <failure message="${xml(why(result))}" type="${xml(result.actual.refusal?.code ?? 'allowed')}"/>`,
          '    </testcase>',
        );
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', `<!-- ${summary} -->`);
  return lines.join('\n');
}

// TAP descriptions end at a newline and treat `#` as a directive.
function tapText(text: string): string {
  return printable(text).replace(/\n/g, '\\n').replace(/#/g, '\\#');
}

function formatTap(results: readonly CaseResult[], summary: string): string {
  const lines = ['TAP version 13', `1..${String(results.length)}`];
  results.forEach((result, index) => {
    const name = tapText(`${result.file}: ${result.name}`);
    lines.push(`${result.ok ? 'ok' : 'not ok'} ${String(index + 1)} - ${name}`);
    if (!result.ok)
      lines.push(
        '  ---',
        `  message: ${JSON.stringify(why(result))}`,
        `  at: ${JSON.stringify(`${result.file}:${String(result.line)}:${String(result.column)}`)}`,
        '  ...',
      );
  });
  lines.push(`# ${summary}`);
  return lines.join('\n');
}

// Workflow command values escape %, CR and LF; properties also escape : and ,.
function ghData(text: string): string {
  return printable(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function ghProperty(text: string): string {
  return ghData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function formatGithub(results: readonly CaseResult[], summary: string): string {
  const lines = results
    .filter((result) => !result.ok)
    .map(
      (result) =>
        `::error file=${ghProperty(result.file)},line=${String(result.line)},col=${String(result.column)},title=${ghProperty(`toolgate test: ${result.name}`)}::${ghData(why(result))}`,
    );
  lines.push(summary);
  return lines.join('\n');
}
