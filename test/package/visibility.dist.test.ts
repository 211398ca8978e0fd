import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/** A script using both dialects and the subagent helper by package name, printing what the gate decided. */
const SCRIPT = (load: string) => `
${load}
const parsed = parseKortixManifest('tools:\\n  memory: kortix:memory\\nagents:\\n  a:\\n    tools: [read, memory]\\n');
const kortixVisible = resolveKortixVisibility(parsed.manifest, { agent: 'a', harness: 'pi' });
const agent = createCoresourceAgent({ runtimeTools: ['read', 'bash'], toolAllowlist: ['read'] });
const registry = createRegistry({ builtins: 'none' });
for (const name of ['read', 'bash', 'memory']) registry.register({ name, version: 1, description: name, inputSchema: { type: 'object' } });
const gate = createGate({ registry });
const parent = createGrant({ tools: ['read@1', 'bash@1', 'memory@1'] });
const child = narrowForSubagent({ grant: parent, visible: kortixVisible }, { grant: createGrant({ tools: ['read@1', 'memory@1'] }), visible: agent.visible });
const decide = (tool, context) => { const d = gate.checkTurn({ calls: [{ tool, version: 1, arguments: {} }] }, context); return d.settled === 'rejected' ? d.refusal.code : d.settled; };
console.log(JSON.stringify([decide('memory', { grant: parent, visible: kortixVisible }), decide('bash', { grant: parent, visible: kortixVisible }), decide('read', child), decide('memory', child), formatToolsLs(parsed.manifest).split('\\n')[1]]));
`;
const EXPECTED = '["tool","hidden_tool","tool","hidden_tool","memory  kortix  kortix:memory"]';
const run = (args: string[]) =>
  execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' }).trim();

describe('the built package: toolgate/kortix and toolgate/coresource', () => {
  it('works as ESM', () => {
    const load =
      "import { createGate, createGrant, createRegistry, narrowForSubagent } from 'toolgate'; import { parseKortixManifest, resolveKortixVisibility, formatToolsLs } from 'toolgate/kortix'; import { createCoresourceAgent } from 'toolgate/coresource';";
    expect(run(['--input-type=module', '-e', SCRIPT(load)])).toBe(EXPECTED);
  });

  it('works as CommonJS: a grant narrowed by the root entry is one the root gate accepts', () => {
    const load =
      "const { createGate, createGrant, createRegistry, narrowForSubagent } = require('toolgate'); const { parseKortixManifest, resolveKortixVisibility, formatToolsLs } = require('toolgate/kortix'); const { createCoresourceAgent } = require('toolgate/coresource');";
    expect(run(['--input-type=commonjs', '-e', SCRIPT(load)])).toBe(EXPECTED);
  });

  it('keeps fs out of toolgate/kortix: the manifest loader gets node:fs lazily', () => {
    for (const file of ['dist/kortix.js', 'dist/kortix.cjs']) {
      const text = readFileSync(resolve(root, file), 'utf8');
      expect(text).not.toMatch(/from\s+["'](?:node:)?fs["']/);
      expect(text).not.toMatch(/require\(["'](?:node:)?fs["']\)/);
    }
  });
});
