import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DISPATCH_CHECKS, PROPOSAL_CHECKS } from '../../src/gate/pipeline.js';
import {
  createGate,
  createGrant,
  createRegistry,
  createRun,
  type Refusal,
  type RefusalCode,
} from '../../src/index.js';
import { CALLS_PER_TURN_CHECK } from '../../src/run/limitCallsPerTurn.js';
import { RUN_DISPATCH_CHECK } from '../../src/run/refuseDispatch.js';
import { RUN_LEDGER_CHECK } from '../../src/run/refuseLedgerFailure.js';
import { RUN_RECORDS_CHECK } from '../../src/run/refuseStoreFailure.js';
import { REFUSAL_CODES } from '../gate/fixtures.js';

/**
 * docs/refusals.md is the reference for every refusal. This test keeps it
 * equal to the gate: every code and check id has its entry, and the reason
 * template documented for a check matches what the gate really says.
 *
 * The document's convention: each check is a `### \`check.id\`` heading,
 * and its section has a table whose rows are `| \`code\` | \`reason\` |`,
 * with the parts that vary written as `<placeholder>`.
 */

const DOC = readFileSync(resolve(import.meta.dirname, '../../docs/refusals.md'), 'utf8');

/**
 * Every refusal code: the gate's (test/gate/fixtures.ts) and the run's
 * `too_many_calls`. The two type checks below fail to compile when the union changes.
 */
const CODES = [...REFUSAL_CODES, 'too_many_calls'] as const satisfies readonly RefusalCode[];

/** `true` only when CODES lists every member of RefusalCode (`satisfies` above refuses extras). */
type ListsEveryCode = [Exclude<RefusalCode, (typeof CODES)[number]>] extends [never] ? true : false;
const listsEveryCode: ListsEveryCode = true;

/**
 * Check ids given outside the two pipelines: the decoders, the context, the
 * gate's own failure and the MCP proxy's server check are literals in the
 * code; the run's ids are its exported constants.
 */
const OTHER_CHECKS = [
  'gate.context',
  'proposal.decode',
  'dispatch.decode',
  CALLS_PER_TURN_CHECK,
  RUN_DISPATCH_CHECK,
  RUN_RECORDS_CHECK,
  RUN_LEDGER_CHECK,
  'proxy.server',
  'gate',
];

const PIPELINE_CHECKS = [...PROPOSAL_CHECKS, ...DISPATCH_CHECKS].map((entry) => entry.id);

/** The section of one check: from its `### \`id\`` heading to the next heading of level 2 or 3. */
function sectionOf(check: string): string {
  const lines = DOC.split('\n');
  const start = lines.indexOf(`### \`${check}\``);
  if (start === -1) throw new Error(`docs/refusals.md has no heading ### \`${check}\``);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => /^#{2,3} /.test(line));
  return (end === -1 ? rest : rest.slice(0, end)).join('\n');
}

/** The reason templates a check's table documents for a code. */
function templatesFor(check: string, code: RefusalCode): string[] {
  const row = new RegExp(String.raw`^\|\s*\x60${code}\x60\s*\|\s*\x60([^\x60]+)\x60\s*\|`, 'gm');
  return [...sectionOf(check).matchAll(row)].map((match) => match[1] as string);
}

/** Every code a reason table of the document names. */
function documentedCodes(): Set<string> {
  const row = /^\|\s*`([a-z_]+)`\s*\|\s*`[^`]+`\s*\|/gm;
  return new Set([...DOC.matchAll(row)].map((match) => match[1] as string));
}

/** A template as a regex: the literal text exact, each `<name>` a named group. */
function toRegExp(template: string): RegExp {
  const parts = template.split(/(<[a-z]+>)/);
  const source = parts
    .map((part) => {
      const placeholder = /^<([a-z]+)>$/.exec(part);
      return placeholder === null
        ? part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
        : `(?<${placeholder[1] as string}>.+)`;
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/** The refusal's reason, matched against the one template documented for its check and code. */
function documentedMatch(refusal: Refusal): Record<string, string> {
  const templates = templatesFor(refusal.check, refusal.code);
  expect(templates, `${refusal.check} ${refusal.code} has a documented reason`).not.toHaveLength(0);
  for (const template of templates) {
    const match = toRegExp(template).exec(refusal.reason);
    if (match !== null) return { ...match.groups };
  }
  throw new Error(
    `${refusal.check} ${refusal.code}: ${JSON.stringify(refusal.reason)} matches none of ${JSON.stringify(templates)}`,
  );
}

function rejected(decision: ReturnType<ReturnType<typeof createGate>['checkTurn']>): Refusal {
  if (decision.settled !== 'rejected')
    throw new Error(`expected a refusal, got ${decision.settled}`);
  return decision.refusal;
}

const registry = createRegistry();
registry.register({
  name: 'http/get',
  version: 1,
  description: 'Fetches a page.',
  inputSchema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
  resources: [{ kind: 'url', at: '/url' }],
});
registry.register({
  name: 'vault/read',
  version: 1,
  description: 'Reads a secret.',
  inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  resources: [{ kind: 'secret', at: '/name' }],
});
const grant = createGrant({
  tools: ['http/get@1', 'fs-read@1', 'fs-write@1', 'vault/read@1'],
  folders: ['/srv/app', '!**/.env'],
  network: ['*', '!10.0.0.0/8'],
  secrets: ['APP_*', '!APP_ROOT'],
  ask: ['fs-write@1'],
});
const gate = createGate({
  registry,
  approvalKey: 'a key of at least sixteen bytes',
  checks: [
    {
      id: 'acme.noDeletes',
      check: (call) =>
        call.arguments.url === 'https://example.com/delete'
          ? { ok: false, reason: 'deletes are not allowed' }
          : { ok: true },
    },
  ],
});
const context = { grant, cwd: '/srv/app' };
const turnOf = (tool: string, args: unknown, extra: object = {}) => ({
  calls: [{ tool, version: 1, arguments: args, ...extra }],
});
/** The refusal of a turn of one call, through both stages (checkTurn, then checkDispatch). */
function refusalOf(
  tool: string,
  args: unknown,
  ctx: object = context,
  extra: object = {},
): Refusal {
  const decision = gate.checkTurn(turnOf(tool, args, extra), { ...context, ...ctx });
  if (decision.settled === 'rejected') return decision.refusal;
  if (decision.settled !== 'tool') throw new Error('expected a tool turn');
  const verdict = gate.checkDispatch(decision.calls[0], { ...context, ...ctx });
  if (verdict.allowed) throw new Error('expected a refusal, the call was allowed');
  return verdict.refusal;
}

describe('docs/refusals.md', () => {
  it('documents every refusal code in a reason table', () => {
    expect(listsEveryCode).toBe(true);
    const documented = documentedCodes();
    for (const code of CODES) expect(documented, code).toContain(code);
    // …and no code the union does not have.
    for (const code of documented) expect(CODES, code).toContain(code);
  });

  it('has a section for every check id, the pipeline in check order', () => {
    for (const check of [...PIPELINE_CHECKS, ...OTHER_CHECKS]) {
      expect(DOC, check).toContain(`### \`${check}\``);
      expect(DOC, `${check} in the contents`).toContain(`[\`${check}\`](#`);
    }
    const at = PIPELINE_CHECKS.map((check) => DOC.indexOf(`### \`${check}\``));
    expect(at).toEqual([...at].sort((a, b) => a - b));
  });

  it('says no SPEC, no section sign and no revision', () => {
    expect(DOC).not.toMatch(/SPEC|§|\b[Rr]ev(?:ision)? \d/);
  });

  it('gives the documented reason for not_granted', () => {
    const refusal = refusalOf('slack/search', {});
    expect(refusal).toMatchObject({ check: 'proposal.granted', code: 'not_granted' });
    expect(documentedMatch(refusal)).toEqual({ ref: 'slack/search@1' });
  });

  it('gives the documented reason for malformed_proposal, for a turn and for a dispatch', () => {
    const turn = rejected(gate.checkTurn('{"calls":[]}', context));
    expect(turn).toMatchObject({ check: 'proposal.decode', code: 'malformed_proposal' });
    expect(documentedMatch(turn).why).toContain('"calls" must be a non-empty list');
    const verdict = gate.checkDispatch({ tool: 'fs-read' }, context);
    if (verdict.allowed) throw new Error('expected a refusal');
    expect(verdict.refusal).toMatchObject({ check: 'dispatch.decode' });
    documentedMatch(verdict.refusal);
  });

  it('gives the documented reason for folder_out_of_scope', () => {
    const refusal = refusalOf('fs-read', { path: '/etc/passwd' });
    expect(refusal).toMatchObject({ check: 'dispatch.folder', code: 'folder_out_of_scope' });
    expect(documentedMatch(refusal)).toEqual({ path: '/etc/passwd' });
  });

  it('gives the documented reason for network_out_of_scope', () => {
    const refusal = refusalOf('http/get', { url: 'http://127.0.0.1:8080/' });
    expect(refusal).toMatchObject({ check: 'dispatch.network', code: 'network_out_of_scope' });
    expect(documentedMatch(refusal)).toEqual({ host: '127.0.0.1:8080' });
  });

  it('gives the documented reason for flow_denied, with the rule, the earlier call and the value', () => {
    const flowing = createGrant({
      tools: ['http/get@1', 'fs-read@1'],
      folders: ['/srv/app'],
      network: ['*'],
      labels: { private: { folders: ['/srv/app/mail/**'] }, public: { network: ['*'] } },
      flows: [{ after: 'private', deny: 'public' }],
    });
    const touched = [{ label: 'private', ref: 'fs-read@1', value: '/srv/app/mail/a', turn: 2 }];
    const refusal = refusalOf(
      'http/get',
      { url: 'https://example.com/' },
      { grant: flowing, touched },
    );
    expect(refusal).toMatchObject({ check: 'dispatch.flow', code: 'flow_denied' });
    expect(documentedMatch(refusal)).toEqual({
      after: 'private',
      ref: 'http/get@1',
      label: 'public',
    });
    expect(refusal.details?.[0]).toEqual({
      pointer: '/url',
      message:
        'the flow { after: private, deny: public } refuses https://example.com/: an earlier call to fs-read@1 (turn 2) touched private',
      flow: { after: 'private', deny: ['public'] },
      touched: touched[0],
      value: 'https://example.com/',
    });
  });

  it('gives the documented reason for a deny entry, naming the entry in the details', () => {
    const folder = refusalOf('fs-read', { path: 'config/.env' });
    expect(documentedMatch(folder)).toEqual({ path: '/srv/app/config/.env' });
    expect(folder.details?.[0]?.entry).toBe('!**/.env');
    const network = refusalOf('http/get', { url: 'http://10.1.2.3/' });
    expect(documentedMatch(network)).toEqual({ host: '10.1.2.3:80' });
    expect(network.details?.[0]?.entry).toBe('!10.0.0.0/8');
    const secret = refusalOf('vault/read', { name: 'APP_ROOT' });
    expect(secret).toMatchObject({ check: 'dispatch.secret', code: 'secret_out_of_scope' });
    expect(documentedMatch(secret)).toEqual({ secret: 'APP_ROOT' });
    expect(secret.details?.[0]?.entry).toBe('!APP_ROOT');
  });

  it('gives the documented reasons for the other checks of both stages', () => {
    const cases: [Refusal, string, Record<string, string>][] = [
      [
        refusalOf('fs-read', { path: 'a' }, { visible: ['http/*'] }),
        'proposal.visible',
        { name: 'fs-read' },
      ],
      [refusalOf('fs-read', { path: 1 }), 'proposal.arguments', { ref: 'fs-read@1' }],
      [
        refusalOf('fs-read', { path: 'a' }, { step: { name: 'plan', tools: ['http/get'] } }),
        'dispatch.step',
        { name: 'fs-read', step: 'plan' },
      ],
      [
        refusalOf('fs-read', { path: 'a' }, {}, { shape: 'append' }),
        'dispatch.shape',
        { ref: 'fs-read@1', shape: 'append' },
      ],
      [
        refusalOf('fs-write', { path: 'notes.md', content: '' }),
        'dispatch.approval',
        { ref: 'fs-write@1' },
      ],
      [
        refusalOf('http/get', { url: 'https://example.com/delete' }),
        'acme.noDeletes',
        { reason: 'deletes are not allowed' },
      ],
      [rejected(gate.checkTurn('{"answer":"x"}', { grant: {} } as never)), 'gate.context', {}],
    ];
    for (const [refusal, check, groups] of cases) {
      expect(refusal.check).toBe(check);
      // Your own checks are documented once, under "Your own checks", by code.
      const documented =
        check === 'acme.noDeletes'
          ? toRegExp(templateUnderOwnChecks(refusal.code)).exec(refusal.reason)?.groups
          : documentedMatch(refusal);
      expect(documented).toEqual(groups);
    }
  });

  it("gives the documented reasons for a run's own checks", () => {
    const run = createRun({ gate, grant, cwd: '/srv/app', budgets: { callsPerTurn: 1 } });
    const record = run.propose({
      calls: [
        { tool: 'fs-read', version: 1, arguments: { path: 'a' } },
        { tool: 'fs-read', version: 1, arguments: { path: 'b' } },
      ],
    });
    if (record.settled !== 'rejected') throw new Error('expected a rejected turn');
    expect(record.refusal.check).toBe('proposal.budget');
    expect(documentedMatch(record.refusal)).toEqual({ calls: '2', max: '1' });
    const verdict = run.dispatch({
      tool: 'fs-read',
      version: 1,
      ref: 'fs-read@1',
      shape: 'read',
      arguments: { path: 'a' },
    });
    if (verdict.allowed) throw new Error('expected a refusal');
    expect(verdict.refusal.check).toBe('run.dispatch');
    expect(documentedMatch(verdict.refusal)).toEqual({});
  });
});

/** The reason template for a code under "Your own checks" (a heading of level 3 without an id). */
function templateUnderOwnChecks(code: RefusalCode): string {
  const start = DOC.indexOf('### Your own checks');
  const section = DOC.slice(start, DOC.indexOf('\n## ', start));
  const row = new RegExp(String.raw`^\|\s*\x60${code}\x60\s*\|\s*\x60([^\x60]+)\x60\s*\|`, 'm');
  const found = row.exec(section);
  if (found === null) throw new Error(`"Your own checks" documents no reason for ${code}`);
  return found[1] as string;
}
