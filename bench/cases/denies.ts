/**
 * Deny entries (issue 13): one fs-read call through both stages under the
 * same grant without deny entries, with three folder denies (a name at any
 * depth, an anchored glob, an absolute glob), and with those plus secret
 * denies on a secret-using call. A grant without denies should cost what it
 * did before; the deny cases show what the globs add.
 */
import { createGate, createGrant, createRegistry } from '../../src/index.js';
import { emit, timedOptions, verify } from '../lib/child.js';
import { measureTimed, type BenchCase } from '../lib/measure.js';

const registry = createRegistry();
registry.register({
  name: 'vault/use',
  version: 1,
  description: 'Uses a named secret.',
  inputSchema: { type: 'object', properties: { secret: { type: 'string' } }, required: ['secret'] },
  resources: [{ kind: 'secret', at: '/secret' }],
});
const gate = createGate({ registry });
const tools = ['fs-read@1', 'vault/use@1'];
const plain = createGrant({ tools, folders: ['/srv/app'], secrets: ['AWS_*'] });
const denied = createGrant({
  tools,
  folders: ['/srv/app', '!.env', '!config/secrets/**', '!/srv/app/.git/**'],
  secrets: ['AWS_*', '!AWS_SECRET_ACCESS_KEY', '!AWS_ROOT_*'],
});

const PATHS = ['src/index.ts', 'lib/util/strings.ts', 'docs/guide/intro.md', 'a/b/c/d/e/f.txt'];
const read = PATHS.map((path) => ({
  calls: [{ tool: 'fs-read', version: 1, arguments: { path } }],
}));
const secret = { calls: [{ tool: 'vault/use', version: 1, arguments: { secret: 'AWS_REGION' } }] };
const at = <T>(items: readonly T[], i: number): T => items[i % items.length] as T;
const allowed = (grant: typeof plain, turn: unknown) =>
  gate.authorize(turn, { grant, cwd: '/srv/app' }).settled === 'tool';

for (const [name, grant] of [
  ['no denies', plain],
  ['denies', denied],
] as const) {
  read.forEach((turn, i) => {
    verify(`${name}, read ${i}`, allowed(grant, turn), true);
  });
  verify(`${name}, secret`, allowed(grant, secret), true);
}
verify(
  'denies, .env',
  allowed(denied, { calls: [{ tool: 'fs-read', version: 1, arguments: { path: 'a/.env' } }] }),
  false,
);

const cases: BenchCase[] = [
  { name: 'fs-read, grant without denies', operation: (i) => allowed(plain, at(read, i)) },
  { name: 'fs-read, grant with 3 folder denies', operation: (i) => allowed(denied, at(read, i)) },
  { name: 'vault/use, grant without denies', operation: () => allowed(plain, secret) },
  { name: 'vault/use, grant with 2 secret denies', operation: () => allowed(denied, secret) },
];

emit({ group: 'denies', cases: measureTimed(cases, timedOptions()) });
