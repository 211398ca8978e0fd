import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './helpers.js';

/** The example policy, and a test file for it (testCommand.test.ts and testCommand.e2e.test.ts). */
export const POLICY = readFileSync(join(ROOT, 'examples/policy.yaml'), 'utf8');

// Two cases: the first passes, the second expects the wrong thing, and its
// name carries characters each report format must escape.
export const TESTS = `policy: policy.yaml
defaults: { grant: coder, cwd: /workspace }
cases:
  - name: reads a source file
    turn: { calls: [{ tool: fs-read, version: 1, arguments: { path: src/a.ts } }] }
    expect: allow
  - name: "climbs out <&> # 50%, \\"quoted\\": wrong"
    turn: { calls: [{ tool: fs-read, version: 1, arguments: { path: ../etc/passwd } }] }
    expect: allow
`;
