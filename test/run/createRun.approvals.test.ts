import { describe, expect, it } from 'vitest';
import {
  approveCall,
  createGate,
  createGrant,
  createRegistry,
  createRun,
  type AuthorizedCall,
  type DispatchDecision,
} from '../../src/index.js';
import { APPROVAL_ID } from '../../src/gate/usedApprovals.js';
import type { DispatchOptions } from '../../src/run/types.js';
import { catchToolgateError } from '../helpers/catchToolgateError.js';

const KEY = new Uint8Array(32).fill(9);
const WRITE = {
  calls: [
    {
      tool: 'fs-write',
      version: 1,
      arguments: { path: '/srv/a.txt', content: 'x' },
    },
  ],
};

function aRun() {
  const gate = createGate({ registry: createRegistry(), approvalKey: KEY });
  const grant = createGrant({ tools: ['fs-write@1'], folders: ['/srv'], ask: ['fs-write@1'] });
  return createRun({ gate, grant });
}

function proposeWrite(run: ReturnType<typeof aRun>): AuthorizedCall {
  const record = run.propose(WRITE);
  const call = record.calls?.[0];
  if (call === undefined) throw new Error(`expected a tool turn, got ${record.settled}`);
  return call;
}

function tokenFor(verdict: DispatchDecision): string {
  if (verdict.allowed || verdict.refusal.approval === undefined) throw new Error('no approval');
  return approveCall(verdict.refusal.approval, KEY);
}

describe('run.dispatch with an approval (SPEC §13 rev 2)', () => {
  it('allows an approved call once; the same token on the same call of a later turn is approval_reused', () => {
    const run = aRun();
    const first = proposeWrite(run);
    const token = tokenFor(run.dispatch(first));
    // The refused dispatch used the call up: propose it again, as a runtime would after asking.
    const second = proposeWrite(run);
    expect(run.dispatch(second, { approval: token })).toEqual({ allowed: true, call: second });
    const third = proposeWrite(run);
    expect(run.dispatch(third, { approval: token })).toEqual({
      allowed: false,
      refusal: {
        check: 'dispatch.approval',
        code: 'approval_reused',
        reason: 'this approval was already used in this run',
        ref: 'fs-write@1',
      },
    });
    expect(run.records().at(-1)?.dispatches?.[0]?.refusal?.code).toBe('approval_reused');
  });

  it('does not use up a token whose dispatch was refused', () => {
    const run = aRun();
    const token = tokenFor(run.dispatch(proposeWrite(run)));
    const wrong = run.propose({
      calls: [{ tool: 'fs-write', version: 1, arguments: { path: '/srv/b.txt', content: 'x' } }],
    }).calls?.[0];
    expect(run.dispatch(wrong, { approval: token })).toMatchObject({
      allowed: false,
      refusal: { code: 'approval_required' },
    });
    expect(run.dispatch(proposeWrite(run), { approval: token }).allowed).toBe(true);
  });

  it('accepts a token in another run: single use is per run', () => {
    const one = aRun();
    const token = tokenFor(one.dispatch(proposeWrite(one)));
    expect(one.dispatch(proposeWrite(one), { approval: token }).allowed).toBe(true);
    const two = aRun();
    expect(two.dispatch(proposeWrite(two), { approval: token }).allowed).toBe(true);
  });

  it('throws for malformed dispatch options, before checking or recording anything', () => {
    const run = aRun();
    const call = proposeWrite(run);
    for (const [options, message] of [
      [{ approval: 1 }, 'run.dispatch approval must be the token string approveCall returned'],
      [{ token: 'x' }, 'run.dispatch has no option "token"; the only option is approval'],
      ['x', 'run.dispatch options must be an object such as { approval: token }'],
    ] as const) {
      expect(
        catchToolgateError(() => run.dispatch(call, options as never), 'invalid_option').message,
      ).toBe(message);
    }
    expect(run.records().at(-1)?.dispatches ?? []).toEqual([]);
  });
});

describe('run.fire with an approval (dispatch options)', () => {
  const handlers = { 'fs-write@1': () => 'written' };

  it('fires an approved call, and refuses the same call without a token or with a reused one', async () => {
    const run = aRun();
    const refused = await run.fire(proposeWrite(run), handlers);
    expect(refused.status).toBe('refused');
    if (refused.status !== 'refused' || refused.refusal.approval === undefined)
      throw new Error('expected approval_required');
    expect(refused.refusal.code).toBe('approval_required');
    const token = approveCall(refused.refusal.approval, KEY);
    const fired = await run.fire(proposeWrite(run), handlers, {}, { approval: token });
    expect(fired.status).toBe('ok');
    const reused = await run.fire(proposeWrite(run), handlers, {}, { approval: token });
    expect(reused.status === 'refused' ? reused.refusal.code : reused.status).toBe(
      'approval_reused',
    );
  });

  it('throws for dispatch options that are not { approval: string }', () => {
    const run = aRun();
    const call = proposeWrite(run);
    const error = catchToolgateError(
      () => run.fire(call, handlers, {}, { approval: 7 } as never),
      'invalid_option',
    );
    expect(error.message).toBe(
      'run.dispatch approval must be the token string approveCall returned',
    );
  });

  it("(rev 3) a person's each yes runs one call: the same token under a new yes id runs again, the same id twice does not", () => {
    const run = aRun();
    const token = tokenFor(run.dispatch(proposeWrite(run)));
    const yes = (id: string) => ({ approval: token, [APPROVAL_ID]: id }) as DispatchOptions;
    expect(run.dispatch(proposeWrite(run), yes('first')).allowed).toBe(true);
    expect(run.dispatch(proposeWrite(run), yes('second')).allowed).toBe(true);
    expect(run.dispatch(proposeWrite(run), yes('second'))).toMatchObject({
      allowed: false,
      refusal: { code: 'approval_reused' },
    });
    // Without an id the token is the one thing used once, as before: it has not been used bare.
    expect(run.dispatch(proposeWrite(run), { approval: token }).allowed).toBe(true);
    expect(run.dispatch(proposeWrite(run), { approval: token }).allowed).toBe(false);
    // An id that is not a non-empty string is no id.
    expect(
      run.dispatch(proposeWrite(run), { approval: token, [APPROVAL_ID]: '' } as DispatchOptions)
        .allowed,
    ).toBe(false);
    // The id never stands in for the token: with no token the call still needs an approval.
    expect(
      run.dispatch(proposeWrite(run), { [APPROVAL_ID]: 'third' } as DispatchOptions),
    ).toMatchObject({ allowed: false, refusal: { code: 'approval_required' } });
  });
});
