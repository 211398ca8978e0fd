import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const run = (script: string) =>
  execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
  }).trim();

/** Loads the built package both ways in one process: `esm` by import, `cjs` by require. */
const BOTH = `
import { createRequire } from 'node:module';
import * as esm from 'toolgate';
const cjs = createRequire(import.meta.url)('toolgate');
const turn = (tool, args) => ({ calls: [{ tool, version: 1, arguments: args }] });
const spec = { tools: ['fs-read@1', 'web/get@1'], folders: ['/srv'], network: ['api.example.com'] };
const web = { name: 'web/get', version: 1, description: 'Get a URL.', inputSchema: { type: 'object' }, resources: [{ kind: 'url', at: '/url' }] };
const decide = (from, to) => {
  const registry = from.createRegistry();
  registry.register(web);
  const grant = from.createGrant(spec);
  const gate = to.createGate({ registry });
  const runOf = to.createRun({ gate, grant });
  return [
    gate.authorize(turn('fs-read', { path: '/srv/a' }), { grant }).settled,
    gate.authorize(turn('fs-read', { path: '/srv/../etc/passwd' }), { grant }).refusal?.code,
    gate.authorize(turn('web/get', { url: 'https://api.example.com/x' }), { grant }).settled,
    gate.authorize(turn('web/get', { url: 'https://evil.example/x' }), { grant }).refusal?.code,
    runOf.propose(turn('fs-read', { path: '/etc/passwd' })).settled,
    from.renderMenu({ registry, grant }).includes('name: web/get'),
  ];
};
`;

describe('one brand across the ESM and CommonJS builds (npm test builds them first)', () => {
  it('loads two copies of the core, and each decides over grants and registries the other made', () => {
    const expected = ['tool', 'folder_out_of_scope', 'tool', 'network_out_of_scope', 'tool', true];
    const out = run(`${BOTH}
console.log(JSON.stringify([esm.createGate === cjs.createGate, decide(cjs, esm), decide(esm, cjs)]));`);
    expect(JSON.parse(out)).toEqual([false, expected, expected]);
  });

  it('still refuses a copy of a grant that no createGrant made, in either build', () => {
    const out = run(`${BOTH}
const grant = cjs.createGrant(spec);
const copy = { ...grant };
const gate = esm.createGate({ registry: esm.createRegistry() });
const refusal = gate.authorize(turn('fs-read', { path: '/srv/a' }), { grant: copy }).refusal;
let thrown = '';
try { esm.createRun({ gate, grant: copy }); } catch (error) { thrown = error.code; }
console.log(JSON.stringify([refusal?.code, refusal?.check, thrown]));`);
    expect(JSON.parse(out)).toEqual(['check_failed', 'gate.context', 'invalid_grant']);
  });
});
