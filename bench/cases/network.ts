/**
 * Network scope rev 2 case: `checkDispatch` of one URL call against grants
 * with and without deny entries, CIDR ranges and `*` (whose private-address
 * check is the only new work a plain grant does). Every decision is verified first.
 */
import { emit, timedOptions, verify } from '../lib/child.js';
import { measureTimed, type BenchCase } from '../lib/measure.js';
import { createGate, createGrant, createRegistry, type AuthorizedCall } from '../../src/index.js';

const registry = createRegistry({ builtins: 'none' });
registry.register({
  name: 'http/get',
  version: 1,
  description: 'Fetches a URL.',
  inputSchema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
  resources: [{ kind: 'url', at: '/url' }],
});
const gate = createGate({ registry });
const tools = ['http/get@1'];

const GRANTS = {
  'exact and wildcard, no deny': ['api.example.com', '*.example.org', 'cdn.example.net:443'],
  '* alone': ['*'],
  '* with 5 denies': [
    '*',
    '!*.corp.example.com',
    '!10.0.0.0/8',
    '!169.254.169.254',
    '!evil.example.org:22',
    '![fd00::]/8',
  ],
  'ranges and *': ['*', '10.0.0.0/8', '192.168.0.0/16:5432', '[fd00::]/8:443'],
} as const;

/** The same two names for every grant, so the grants compare; addresses are timed apart. */
const NAMES = ['https://api.example.com/v1', 'https://a.example.org/x'];
const ADDRESSES = ['http://93.184.215.14/', 'http://8.8.8.8/'];
const ALLOWED: Readonly<Record<keyof typeof GRANTS, readonly (readonly string[])[]>> = {
  'exact and wildcard, no deny': [NAMES],
  '* alone': [NAMES, ADDRESSES],
  '* with 5 denies': [NAMES, ADDRESSES],
  'ranges and *': [NAMES, ADDRESSES],
};

const cases: BenchCase[] = [];
for (const [name, network] of Object.entries(GRANTS) as [
  keyof typeof GRANTS,
  readonly string[],
][]) {
  const context = { grant: createGrant({ tools, network }) };
  for (const urls of ALLOWED[name]) {
    const calls: AuthorizedCall[] = urls.map((url) => {
      const turn = gate.checkTurn(
        { calls: [{ tool: 'http/get', version: 1, arguments: { url } }] },
        context,
      );
      if (turn.settled !== 'tool' || turn.calls[0] === undefined)
        throw new Error(`${name}: ${url}`);
      return turn.calls[0];
    });
    calls.forEach((call, i) => {
      verify(`${name}, call ${i}`, gate.checkDispatch(call, context).allowed, true);
    });
    cases.push({
      name: `checkDispatch, ${name}, ${urls === NAMES ? 'names' : 'IPv4 addresses'}`,
      operation: (i) => gate.checkDispatch(calls[i % calls.length], context),
    });
  }
}

emit({ group: 'network', cases: measureTimed(cases, timedOptions()) });
