import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/data/canonicalJson.js';
import {
  approveCall,
  createGate,
  createGrant,
  createRegistry,
  digestToolEntry,
  type AuthorizedCall,
  type GateContext,
  type Refusal,
} from '../../src/index.js';
import { catchToolgateError } from '../helpers/catchToolgateError.js';

const KEY = 'an approval key the model never sees';
const registry = createRegistry();
const grant = createGrant({
  tools: ['fs-write@1', 'fs-read@1'],
  folders: ['/srv'],
  ask: ['fs-write@1'],
});
const context: GateContext = { grant };
const writeTurn = (args: unknown) => ({
  calls: [{ tool: 'fs-write', version: 1, shape: 'overwrite', arguments: args }],
});
const ARGS = { path: '/srv/a.txt', content: 'hello' };
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The single authorized call of a turn (the proposal stage does not ask for approval). */
function authorizedCall(gate: ReturnType<typeof createGate>, turn: unknown): AuthorizedCall {
  const decision = gate.checkTurn(turn, context);
  if (decision.settled !== 'tool') throw new Error(`expected a tool turn, got ${decision.settled}`);
  return decision.calls[0] as AuthorizedCall;
}

function refusalOf(decision: { allowed: boolean; refusal?: Refusal }): Refusal {
  if (decision.allowed || decision.refusal === undefined) throw new Error('expected a refusal');
  return decision.refusal;
}

describe('approvals (SPEC §5, §7 check 9, §13 rev 2)', () => {
  const gate = createGate({ registry, approvalKey: KEY });

  it('refuses an ask call at dispatch as approval_required, with the exact reason and what to approve', () => {
    const call = authorizedCall(gate, writeTurn(ARGS));
    const refusal = refusalOf(gate.checkDispatch(call, context));
    const entry = registry.resolve('fs-write@1');
    const text = canonicalJson(ARGS);
    expect(refusal).toEqual({
      check: 'dispatch.approval',
      code: 'approval_required',
      reason: 'fs-write@1 needs an approval for these exact arguments',
      ref: 'fs-write@1',
      approval: {
        digest: `sha256:${sha256(
          canonicalJson({
            ref: 'fs-write@1',
            tool: entry && digestToolEntry(entry),
            arguments: text,
          }),
        )}`,
        ref: 'fs-write@1',
        arguments: '{"content":"hello","path":"/srv/a.txt"}',
      },
    });
    expect(JSON.parse(JSON.stringify(refusal))).toEqual(refusal);
  });

  it('passes the proposal stage: approval is a dispatch-stage question', () => {
    expect(gate.checkTurn(writeTurn(ARGS), context).settled).toBe('tool');
  });

  it('asks only once checks 3–8 pass: an out-of-scope ask call is refused for its scope', () => {
    const call = authorizedCall(gate, writeTurn({ path: '/etc/passwd', content: 'x' }));
    expect(refusalOf(gate.checkDispatch(call, context)).code).toBe('folder_out_of_scope');
  });

  it('allows the call with a token for exactly its digest, and leaves calls without ask alone', () => {
    const call = authorizedCall(gate, writeTurn(ARGS));
    const { approval } = refusalOf(gate.checkDispatch(call, context));
    if (approval === undefined) throw new Error('no approval');
    const token = approveCall(approval, KEY);
    expect(token).toBe(
      `hmac-sha256:${createHmac('sha256', KEY).update(approval.digest, 'utf8').digest('hex')}`,
    );
    expect(gate.checkDispatch(call, { ...context, approval: token })).toEqual({
      allowed: true,
      call,
    });
    const read = authorizedCall(gate, {
      calls: [{ tool: 'fs-read', version: 1, arguments: { path: '/srv/a.txt' } }],
    });
    expect(gate.checkDispatch(read, context).allowed).toBe(true);
  });

  it('refuses a token for other arguments, another key, or a tampered or re-cased token', () => {
    const call = authorizedCall(gate, writeTurn(ARGS));
    const other = authorizedCall(gate, writeTurn({ ...ARGS, content: 'hello!' }));
    const { approval } = refusalOf(gate.checkDispatch(other, context));
    if (approval === undefined) throw new Error('no approval');
    const own = refusalOf(gate.checkDispatch(call, context)).approval;
    if (own === undefined) throw new Error('no approval');
    const good = approveCall(own, KEY);
    for (const token of [
      approveCall(approval, KEY),
      approveCall(own, `${KEY}!`),
      approveCall(own, new Uint8Array(16)),
      good.toUpperCase(),
      `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`,
      good.slice(12),
      `${good} `,
      own.digest,
      '',
    ]) {
      expect(refusalOf(gate.checkDispatch(call, { ...context, approval: token })).code).toBe(
        'approval_required',
      );
    }
  });

  it('binds rawArguments as sent: the same data written differently needs its own approval', () => {
    const compact = authorizedCall(gate, writeTurn(JSON.stringify(ARGS)));
    const spaced = authorizedCall(gate, writeTurn(JSON.stringify(ARGS, null, 1)));
    const a = refusalOf(gate.checkDispatch(compact, context)).approval;
    const b = refusalOf(gate.checkDispatch(spaced, context)).approval;
    expect(a?.arguments).toBe(JSON.stringify(ARGS));
    expect(b?.arguments).toBe(JSON.stringify(ARGS, null, 1));
    expect(a?.digest).not.toBe(b?.digest);
    if (a === undefined) throw new Error('no approval');
    const token = approveCall(a, KEY);
    expect(gate.checkDispatch(compact, { ...context, approval: token }).allowed).toBe(true);
    expect(gate.checkDispatch(spaced, { ...context, approval: token }).allowed).toBe(false);
  });

  it('refuses every ask call at a gate without an approval key, whatever the token', () => {
    const keyless = createGate({ registry });
    const call = authorizedCall(keyless, writeTurn(ARGS));
    const { approval } = refusalOf(keyless.checkDispatch(call, context));
    if (approval === undefined) throw new Error('no approval');
    const decision = keyless.checkDispatch(call, {
      ...context,
      approval: approveCall(approval, KEY),
    });
    expect(refusalOf(decision).code).toBe('approval_required');
  });

  it('authorize rejects a turn with an ask call as approval_required for that call', () => {
    const decision = gate.authorize(
      {
        calls: [
          { tool: 'fs-read', version: 1, arguments: { path: '/srv/a' } },
          { tool: 'fs-write', version: 1, arguments: ARGS },
        ],
      },
      context,
    );
    expect(decision.settled).toBe('rejected');
    if (decision.settled !== 'rejected') return;
    expect(decision.refusal).toMatchObject({
      check: 'dispatch.approval',
      code: 'approval_required',
      callIndex: 1,
      ref: 'fs-write@1',
    });
  });

  it('refuses a context whose approval is not a string', () => {
    const call = authorizedCall(gate, writeTurn(ARGS));
    const refusal = refusalOf(gate.checkDispatch(call, { ...context, approval: 7 } as never));
    expect(refusal).toMatchObject({ check: 'gate.context', code: 'check_failed' });
    expect(refusal.details).toEqual([
      { pointer: '/approval', message: 'approval must be a token string from approveCall' },
    ]);
  });

  it('takes a key of a non-empty string or at least 16 bytes, and says what else to pass', () => {
    expect(() => createGate({ registry, approvalKey: new Uint8Array(16) })).not.toThrow();
    const what: [unknown, string][] = [
      [new Uint8Array(15), 'a Uint8Array of 15 bytes'],
      ['', 'an empty string'],
      [42, 'number'],
      [null, 'object'],
      [['k'], 'object'],
      [true, 'boolean'],
    ];
    const instead =
      'use a random secret the model never sees, such as crypto.getRandomValues(new Uint8Array(32))';
    for (const [bad, named] of what) {
      const error = catchToolgateError(
        () => createGate({ registry, approvalKey: bad as never }),
        'invalid_option',
      );
      expect(error.message).toBe(
        `createGate approvalKey must be a non-empty string or a Uint8Array of at least 16 bytes, not ${named}; ${instead}`,
      );
    }
    const approval = { digest: `sha256:${'a'.repeat(64)}`, ref: 'a@1', arguments: '{}' };
    expect(
      catchToolgateError(() => approveCall(approval, new Uint8Array(8)), 'invalid_option').message,
    ).toBe(
      `the approval key must be a non-empty string or a Uint8Array of at least 16 bytes, not a Uint8Array of 8 bytes; ${instead}`,
    );
  });

  it('approveCall takes only an approval object with its own sha256 digest', () => {
    const good = `sha256:${'a'.repeat(64)}`;
    const inherited = Object.create({ digest: good }) as never;
    const notPlain = Object.assign(Object.create(Array.prototype) as object, { digest: good });
    for (const bad of [
      { digest: 'x' },
      { digest: 7 },
      // not a string, though it reads as a digest once made one
      { digest: { toString: () => good } },
      { digest: `sha256:${'A'.repeat(64)}` },
      { digest: `${good}\n` },
      {},
      inherited,
      notPlain,
      [good],
      good,
      null,
      undefined,
    ])
      expect(
        catchToolgateError(() => approveCall(bad as never, KEY), 'invalid_option').message,
        JSON.stringify(bad),
      ).toBe(
        'approveCall needs the approval of an approval_required refusal, { digest: "sha256:<64 hex>", ref, arguments }; pass refusal.approval',
      );
    expect(approveCall({ digest: good, ref: 'a@1', arguments: '{}' }, KEY)).toMatch(
      /^hmac-sha256:[0-9a-f]{64}$/,
    );
  });

  it("copies a Uint8Array key: changing the caller's array later changes nothing", () => {
    const bytes = new Uint8Array(32).fill(7);
    const keyed = createGate({ registry, approvalKey: bytes });
    const call = authorizedCall(keyed, writeTurn(ARGS));
    const { approval } = refusalOf(keyed.checkDispatch(call, context));
    if (approval === undefined) throw new Error('no approval');
    const token = approveCall(approval, bytes);
    bytes.fill(0);
    expect(keyed.checkDispatch(call, { ...context, approval: token }).allowed).toBe(true);
  });
});
