/**
 * The toolgate demo: one registry, one grant, five proposed turns, and what
 * the gate decides for each. Run it with `npm run demo`.
 */
import {
  approveCall,
  createGate,
  createGrant,
  createRegistry,
  createRun,
  type TurnDecision,
} from '../src/index.js';

const registry = createRegistry(); // fs-read@1, fs-write@1, text-summarize@1 built in
registry.register({
  name: 'http/get',
  version: 1,
  description: 'Fetches a web page.',
  inputSchema: {
    type: 'object',
    properties: { url: { type: 'string' } },
    required: ['url'],
    additionalProperties: false,
  },
  resources: [{ kind: 'url', at: '/url' }],
});
registry.register({
  name: 'github/issues',
  version: 1,
  description: 'Lists the issues of a repository.',
  inputSchema: {
    type: 'object',
    properties: { repo: { type: 'string' }, token: { type: 'string' } },
    required: ['repo', 'token'],
  },
  network: ['api.github.com'],
  resources: [{ kind: 'secret', at: '/token' }],
});

const grant = createGrant({
  tools: ['fs-read@1', 'http/get@1', 'github/issues@1'],
  folders: [{ path: '/workspace', access: 'read' }],
  network: ['good.com', 'api.github.com'],
  secrets: ['NPM_TOKEN'],
});
const gate = createGate({ registry });
const context = { grant, cwd: '/workspace' };

const turns: [string, unknown][] = [
  [
    'an allowed call',
    { calls: [{ tool: 'fs-read', version: 1, arguments: { path: 'src/app.ts' } }] },
  ],
  [
    'one bad call rejects the whole turn',
    {
      calls: [
        { tool: 'fs-read', version: 1, arguments: { path: 'README.md' } },
        { tool: 'fs-write', version: 1, arguments: '{"path": "README.md", "content": "pwned"}' },
      ],
    },
  ],
  [
    'a ".." path escape',
    { calls: [{ tool: 'fs-read', version: 1, arguments: { path: '../etc/passwd' } }] },
  ],
  [
    'the user-info trick',
    { calls: [{ tool: 'http/get', version: 1, arguments: { url: 'https://good.com@evil.com/' } }] },
  ],
  [
    'a secret the run was not given',
    {
      calls: [
        {
          tool: 'github/issues',
          version: 1,
          arguments: { repo: 'acme/app', token: 'GITHUB_TOKEN' },
        },
      ],
    },
  ],
];

const show = (decision: TurnDecision): string => {
  switch (decision.settled) {
    case 'answer':
      return `answer: ${decision.answer}`;
    case 'tool':
      return `ALLOWED  ${decision.calls.map((call) => `${call.ref} ${JSON.stringify(call.arguments)}`).join(', ')}`;
    case 'rejected': {
      const { refusal } = decision;
      const where = refusal.callIndex === undefined ? '' : ` (call ${refusal.callIndex})`;
      const why = refusal.details?.[0]?.message;
      return `REFUSED  ${refusal.code} at ${refusal.check}${where}\n         ${refusal.reason}${why === undefined ? '' : `\n         why: ${why}`}`;
    }
  }
};

console.log(
  'grant: fs-read@1, http/get@1, github/issues@1 · /workspace (read) · good.com, api.github.com · NPM_TOKEN\n',
);
for (const [title, turn] of turns) {
  console.log(`${title}:\n  ${JSON.stringify(turn)}\n  ${show(gate.authorize(turn, context))}\n`);
}

// Approvals (rev 2): fs-write@1 is in the grant's ask, so each write waits for a
// person to approve its exact arguments. The key stays with the runtime; the
// model never sees it, so it can never make a token itself.
const approvalKey = 'a secret the runtime keeps from the model';
const supervised = createGrant({
  tools: ['fs-write@1'],
  folders: ['/workspace'],
  ask: ['fs-write@1'],
});
const run = createRun({ gate: createGate({ registry, approvalKey }), grant: supervised });
const write = {
  calls: [
    { tool: 'fs-write', version: 1, arguments: { path: '/workspace/notes.md', content: 'hi' } },
  ],
};
const asked = run.dispatch(run.propose(write).calls?.[0]);
if (!asked.allowed && asked.refusal.approval !== undefined) {
  console.log(
    `approval needed:\n  ${asked.refusal.reason}\n  arguments ${asked.refusal.approval.arguments}`,
  );
  const token = approveCall(asked.refusal.approval, approvalKey); // a person said yes
  const approved = run.dispatch(run.propose(write).calls?.[0], { approval: token });
  console.log(`  with the token: ${approved.allowed ? 'ALLOWED' : approved.refusal.code}`);
  const reused = run.dispatch(run.propose(write).calls?.[0], { approval: token });
  console.log(`  the same token again: ${reused.allowed ? 'ALLOWED' : reused.refusal.reason}`);
} else {
  throw new Error('the demo expected the write to wait for an approval');
}
