import { describe, expect, it } from 'vitest';
import { createGate, createGrant, createRun, type AuthorizedCall } from '../../src/index.js';
import { aRegistry, aTool } from '../helpers/builders.js';

/**
 * Fail closed: when the run cannot tell which labels a call touches (the
 * gate's `realpath` threw while the run looked), the dispatch is refused,
 * never thrown out of `run.dispatch` and never let through untracked.
 */

const registry = aRegistry(
  [
    aTool({
      name: 'mail/read',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      resources: [{ kind: 'path', at: '/path', access: 'read' }],
    }),
  ],
  'self-run',
);
const grant = createGrant({
  tools: ['mail/read@1'],
  folders: ['/home/me'],
  labels: { private: { folders: ['/home/me/mail/**'] } },
  flows: [{ after: 'private', ask: 'mail/read@1' }],
});
const READ = {
  calls: [{ tool: 'mail/read', version: 1, arguments: { path: '/home/me/mail/1.eml' } }],
};

/** A realpath that answers `answered` calls, then throws (a file system that started failing). */
function failingAfter(answered: number) {
  let calls = 0;
  return (path: string) => {
    calls++;
    if (calls > answered) throw new Error('realpath blew up');
    return path;
  };
}

/** How many times the gate asks realpath to propose and dispatch READ once, on a grant without labels. */
function callsPerDispatch(): number {
  let calls = 0;
  const gate = createGate({ registry, realpath: (path) => (calls++, path) });
  const run = createRun({
    gate,
    grant: createGrant({ tools: ['mail/read@1'], folders: ['/home/me'] }),
  });
  const before = calls;
  run.dispatch(firstCall(run));
  return calls - before;
}

function firstCall(run: ReturnType<typeof createRun>): AuthorizedCall {
  const call = run.propose(READ).calls?.[0];
  if (call === undefined) throw new Error('expected a tool turn');
  return call;
}

describe('a run whose gate cannot find what a call touches', () => {
  it('refuses a dispatch the checks allowed as check_failed by dispatch.flow, naming the error', () => {
    const checks = callsPerDispatch();
    expect(checks).toBeGreaterThan(0);
    const run = createRun({
      gate: createGate({ registry, realpath: failingAfter(checks) }),
      grant,
    });
    const verdict = run.dispatch(firstCall(run));
    expect(verdict.allowed ? undefined : verdict.refusal).toMatchObject({
      check: 'dispatch.flow',
      code: 'check_failed',
      ref: 'mail/read@1',
      reason: 'the check dispatch.flow failed, so the call is refused',
      details: [{ pointer: '', message: expect.stringContaining('realpath blew up') as unknown }],
    });
    // Refused, so it touched nothing.
    expect(run.summary().labels).toBeUndefined();
  });

  it('keeps the refusal of an earlier check that already failed on the same error', () => {
    const run = createRun({ gate: createGate({ registry, realpath: failingAfter(0) }), grant });
    const verdict = run.dispatch(firstCall(run));
    expect(verdict.allowed ? undefined : verdict.refusal).toMatchObject({
      check: 'dispatch.folder',
      code: 'check_failed',
    });
  });

  it('in audit mode lets it through carrying the refusal, as every would-be refusal', () => {
    const gate = createGate({ registry, realpath: failingAfter(callsPerDispatch()) });
    const run = createRun({ gate, grant, enforce: false });
    const verdict = run.dispatch(firstCall(run));
    expect(verdict.allowed && verdict.wouldRefuse).toMatchObject({
      check: 'dispatch.flow',
      code: 'check_failed',
    });
  });
});
