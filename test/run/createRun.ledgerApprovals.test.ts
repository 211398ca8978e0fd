import { describe, expect, it } from 'vitest';
import {
  approveCall,
  createGate,
  createGrant,
  createMemoryLedger,
  createRegistry,
  createRun,
  type AuthorizedCall,
  type DispatchDecision,
  type Run,
  type RunLedger,
} from '../../src/index.js';

const KEY = new Uint8Array(32).fill(7);
const WRITE = {
  calls: [{ tool: 'fs-write', version: 1, arguments: { path: '/srv/a.txt', content: 'x' } }],
};
const gate = createGate({ registry: createRegistry(), approvalKey: KEY });
const grant = createGrant({ tools: ['fs-write@1'], folders: ['/srv'], ask: ['fs-write@1'] });

function proposeWrite(run: Run): AuthorizedCall {
  const call = run.propose(WRITE).calls?.[0];
  if (call === undefined) throw new Error('expected a tool turn');
  return call;
}

function tokenFor(verdict: DispatchDecision): string {
  if (verdict.allowed || verdict.refusal.approval === undefined) throw new Error('no approval');
  return approveCall(verdict.refusal.approval, KEY);
}

// SPEC §8 rev 2 / §13: runs of one id in any number of runtimes accept each token once.
describe('approvals through a shared ledger', () => {
  it('accepts a token once across two runtimes serving one run id', () => {
    const ledger = createMemoryLedger();
    const here = createRun({ gate, grant, id: 'run-1', ledger });
    const there = createRun({ gate, grant, id: 'run-1', ledger });
    const token = tokenFor(here.dispatch(proposeWrite(here)));
    const first = proposeWrite(here);
    expect(here.dispatch(first, { approval: token })).toEqual({ allowed: true, call: first });
    // The other runtime never saw the token used: only the ledger knows.
    const second = proposeWrite(there);
    expect(there.dispatch(second, { approval: token })).toEqual({
      allowed: false,
      refusal: {
        check: 'dispatch.approval',
        code: 'approval_reused',
        reason: 'this approval was already used in this run',
        ref: 'fs-write@1',
      },
    });
    expect(there.records().at(-1)?.dispatches?.[0]?.refusal?.code).toBe('approval_reused');
  });

  it('keeps tokens of different run ids apart', () => {
    const ledger = createMemoryLedger();
    const one = createRun({ gate, grant, id: 'run-1', ledger });
    const two = createRun({ gate, grant, id: 'run-2', ledger });
    const token = tokenFor(one.dispatch(proposeWrite(one)));
    // A token for run-1's call digest is the same digest in run-2 (same ref, tool and arguments);
    // the ledger counts it per run id.
    const call = proposeWrite(two);
    expect(two.dispatch(call, { approval: token })).toEqual({ allowed: true, call });
    const again = proposeWrite(one);
    expect(one.dispatch(again, { approval: token })).toEqual({ allowed: true, call: again });
  });

  it('spends none on a refused dispatch: the token still approves the next one', () => {
    const ledger = createMemoryLedger();
    const steps = [{ name: 'read-only', tools: ['fs-read'] }];
    const here = createRun({ gate, grant, id: 'run-1', ledger, steps });
    const there = createRun({ gate, grant, id: 'run-1', ledger, steps });
    const token = tokenFor(here.dispatch(proposeWrite(here)));
    // The same call (same digest) in a step that does not have fs-write: refused before the approval.
    const refused = here.propose(WRITE, { step: 'read-only' }).calls?.[0];
    expect(here.dispatch(refused, { approval: token })).toEqual({
      allowed: false,
      refusal: {
        check: 'dispatch.step',
        code: 'unknown_tool',
        reason: 'the tool fs-write is unknown to step read-only',
        ref: 'fs-write@1',
      },
    });
    // Neither this runtime nor the ledger counted the token as used: it approves its next dispatch, once.
    const first = proposeWrite(here);
    expect(here.dispatch(first, { approval: token })).toEqual({ allowed: true, call: first });
    const second = proposeWrite(there);
    expect(there.dispatch(second, { approval: token })).toMatchObject({
      allowed: false,
      refusal: { check: 'dispatch.approval', code: 'approval_reused' },
    });
  });

  it('refuses with check run.ledger, never throws, when the ledger cannot accept the token', async () => {
    const inner = createMemoryLedger();
    const broken: RunLedger = {
      async: true,
      read: (run) => Promise.resolve(inner.read(run)),
      spend: (run, seen, add) => Promise.resolve(inner.spend(run, seen, add)),
      acceptApproval: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
    };
    const run = createRun({ gate, grant, id: 'run-1', ledger: broken });
    const propose = async () => {
      const call = (await run.proposeAsync(WRITE)).calls?.[0];
      if (call === undefined) throw new Error('expected a tool turn');
      return call;
    };
    const token = tokenFor(await run.dispatchAsync(await propose()));
    const verdict = await run.dispatchAsync(await propose(), { approval: token });
    expect(verdict.allowed).toBe(false);
    expect(!verdict.allowed && [verdict.refusal.check, verdict.refusal.code]).toEqual([
      'run.ledger',
      'check_failed',
    ]);
  });
});
