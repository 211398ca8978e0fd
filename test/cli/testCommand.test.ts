import { describe, expect, it } from 'vitest';
import { runInProcess } from './helpers.js';
import { POLICY, TESTS } from './testCommandFixtures.js';

const FILES = { 'p/policy.yaml': POLICY, 'p/a.test.yaml': TESTS };
const run = (...args: string[]) => runInProcess(['test', 'p/a.test.yaml', ...args], FILES);
const REASON = 'the path /etc/passwd is outside the granted folder scope';

describe('toolgate test --reporter', () => {
  it('writes JUnit XML with one failure, escaped, and the summary as a comment', () => {
    const result = run('--reporter', 'junit');
    expect(result.code).toBe(1);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('<?xml version="1.0" encoding="UTF-8"?>');
    expect(lines[1]).toBe('<testsuites name="toolgate" tests="2" failures="1">');
    expect(lines[2]).toBe('  <testsuite name="p/a.test.yaml" tests="2" failures="1">');
    expect(lines[3]).toMatch(/^ {4}<testcase name="reads a source file" .* line="4"\/>$/);
    expect(lines[4]).toMatch(
      /^ {4}<testcase name="climbs out &lt;&amp;&gt; # 50%, &quot;quoted&quot;: wrong" .* line="7">$/,
    );
    expect(lines[5]).toBe(
      `      <failure message="expected allowed, actual refused with folder_out_of_scope, call 0: ${REASON}" type="folder_out_of_scope"/>`,
    );
    expect(lines.at(-1)).toBe('<!-- 1 passed, 1 failed -->');
  });

  it('writes TAP 13 with a YAML block for the failure and # escaped in names', () => {
    const result = run('--reporter', 'tap');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      [
        'TAP version 13',
        '1..2',
        'ok 1 - p/a.test.yaml: reads a source file',
        'not ok 2 - p/a.test.yaml: climbs out <&> \\# 50%, "quoted": wrong',
        '  ---',
        `  message: "expected allowed, actual refused with folder_out_of_scope, call 0: ${REASON}"`,
        '  at: "p/a.test.yaml:7:11"',
        '  ...',
        '# 1 passed, 1 failed',
        '',
      ].join('\n'),
    );
  });

  it('writes a GitHub ::error annotation at the failing case, with % , : escaped', () => {
    const result = run('--reporter', 'github');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      `::error file=p/a.test.yaml,line=7,col=11,title=toolgate test%3A climbs out <&> # 50%25%2C "quoted"%3A wrong::expected allowed, actual refused with folder_out_of_scope, call 0: ${REASON}\n1 passed, 1 failed\n`,
    );
  });

  it('refuses an unknown reporter, naming the ones there are', () => {
    const result = run('--reporter', 'xunit');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'toolgate test: --reporter "xunit" is not one of junit, tap, github (see toolgate test --help)\n',
    );
  });
});
