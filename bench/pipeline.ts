/**
 * Issue 2's speed check: one call through both stages (schema + URL host +
 * path + secret) against the raw sum of its parts, measured in the same run.
 * Run with `npm run bench`. Not a test: nothing here asserts a time.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { createGate, createGrant, createRegistry } from '../src/index.js';
import { formatRow, measureAll } from './lib/measure.js';

const VARIANTS = 64;
const schema = {
  type: 'object',
  properties: { url: { type: 'string' }, path: { type: 'string' }, secret: { type: 'string' } },
  required: ['url', 'path', 'secret'],
  additionalProperties: false,
} as const;

const registry = createRegistry();
registry.register({
  name: 'sync/upload',
  version: 1,
  description: 'Uploads a file to a URL with a token.',
  inputSchema: schema,
  resources: [
    { kind: 'url', at: '/url' },
    { kind: 'path', at: '/path', access: 'read' },
    { kind: 'secret', at: '/secret' },
  ],
});
const grant = createGrant({
  tools: ['sync/upload@1'],
  folders: ['/srv/project'],
  network: ['api.example.com'],
  secrets: ['UPLOAD_TOKEN'],
});
const gate = createGate({ registry });
const context = { grant, cwd: '/srv/project' };

const args = Array.from({ length: VARIANTS }, (_, i) => ({
  url: `https://api.example.com/v1/files/${i}`,
  path: `/srv/project/src/file-${i}.ts`,
  secret: 'UPLOAD_TOKEN',
}));
const valueTurns = args.map((a) => ({ calls: [{ tool: 'sync/upload', version: 1, arguments: a }] }));
const textTurns = valueTurns.map((turn) => JSON.stringify(turn));

// Every decision is checked before timing: all allowed.
for (const turn of [...valueTurns, ...textTurns]) {
  const decision = gate.authorize(turn, context);
  if (decision.settled !== 'tool') throw new Error(`expected an allow, got ${JSON.stringify(decision)}`);
}

// The raw parts, done by hand with the same libraries.
const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
const tools = new Set(['sync/upload@1']);
const roots = new Set(['/srv/project']);
const secrets = new Set(['UPLOAD_TOKEN']);
const hosts = new Set(['api.example.com']);
const canonicalize = (path: string) => {
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return `/${out.join('/')}`;
};
const isInsideRoots = (path: string) => {
  for (let at = path.length; at > 0; at = path.lastIndexOf('/', at - 1)) {
    if (roots.has(path.slice(0, at))) return true;
  }
  return roots.has('/');
};
const rawParts = (a: { url: string; path: string; secret: string }) => {
  const url = new URL(a.url);
  return (
    tools.has('sync/upload@1') &&
    validate(a) &&
    hosts.has(url.hostname) &&
    isInsideRoots(canonicalize(a.path)) &&
    secrets.has(a.secret)
  );
};

const at = <T>(items: readonly T[], i: number): T => items[i % VARIANTS] as T;
const results = measureAll([
  { name: 'raw sum of parts (value arguments)', operation: (i) => rawParts(at(args, i)) },
  { name: 'toolgate authorize, decoded value turn', operation: (i) => gate.authorize(at(valueTurns, i), context) },
  {
    name: 'raw sum of parts + JSON.parse (text turn)',
    operation: (i) => {
      const turn = JSON.parse(at(textTurns, i)) as { calls: [{ arguments: (typeof args)[number] }] };
      return rawParts(turn.calls[0].arguments);
    },
  },
  { name: 'toolgate authorize, JSON text turn', operation: (i) => gate.authorize(at(textTurns, i), context) },
]);

const [rawValue, gateValue, rawText, gateText] = results as [typeof results[number], typeof results[number], typeof results[number], typeof results[number]];
console.log(`node ${process.version}, ${VARIANTS} rotating inputs, ns per call (9 interleaved runs)\n`);
console.log('| case | min | median | max |\n|---|---:|---:|---:|');
for (const result of results) console.log(formatRow(result));
console.log(`\nratio, decoded value: ${(gateValue.median / rawValue.median).toFixed(2)}x the raw parts`);
console.log(`ratio, JSON text:     ${(gateText.median / rawText.median).toFixed(2)}x the raw parts (with JSON.parse)`);
