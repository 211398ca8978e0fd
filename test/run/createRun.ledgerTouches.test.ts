import { describe, expect, it } from 'vitest';
import {
  createGate,
  createGrant,
  createMemoryLedger,
  createRun,
  type AuthorizedCall,
  type RunLedger,
  type TouchedLabel,
  type TurnRecord,
} from '../../src/index.js';
import { aRegistry, aTool } from '../helpers/builders.js';

/**
 * SPEC §14.5: the labels a run touched are shared through its ledger, so a
 * flow rule holds across every process serving one run id.
 */

const registry = aRegistry(
  [
    aTool({
      name: 'mail/read',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      resources: [{ kind: 'path', at: '/path', access: 'read' }],
    }),
    aTool({
      name: 'slack/post',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      network: ['slack.com'],
    }),
  ],
  'self-run',
);
const grant = createGrant({
  tools: ['mail/read@1', 'slack/post@1'],
  folders: ['/home/me'],
  network: ['slack.com'],
  labels: {
    private: { folders: ['/home/me/mail/**'] },
    public: { tools: ['slack/post@1'] },
  },
  flows: [{ after: 'private', deny: 'public' }],
});
const gate = createGate({ registry });
const READ = {
  calls: [{ tool: 'mail/read', version: 1, arguments: { path: '/home/me/mail/1.eml' } }],
};
const POST = { calls: [{ tool: 'slack/post', version: 1, arguments: { text: 'hello' } }] };
const A_READ: TouchedLabel = {
  label: 'private',
  ref: 'mail/read@1',
  value: '/home/me/mail/1.eml',
  turn: 0,
  callIndex: 0,
};

function callOf(record: TurnRecord): AuthorizedCall {
  const call = record.calls?.[0];
  if (call === undefined) throw new Error(`expected a tool turn: ${JSON.stringify(record)}`);
  return call;
}
const runOn = (ledger: RunLedger, enforce = true) =>
  createRun({ gate, grant, id: 'shared', ledger, enforce });

describe('createRun shares touched labels through its ledger', () => {
  it("refuses run B's public post once run A of the same id read private, naming A's call", () => {
    const ledger = createMemoryLedger();
    const a = runOn(ledger);
    const b = runOn(ledger);
    const post = callOf(b.propose(POST));
    expect(a.dispatch(callOf(a.propose(READ))).allowed).toBe(true);
    expect(ledger.read('shared').touched).toEqual([A_READ]);
    const verdict = b.dispatch(post);
    expect(verdict.allowed ? undefined : verdict.refusal).toMatchObject({
      check: 'dispatch.flow',
      code: 'flow_denied',
      details: [{ touched: A_READ, value: 'slack/post@1' }],
    });
    // B touched nothing: the ledger holds A's label alone; another id shares nothing.
    expect(ledger.read('shared').touched).toEqual([A_READ]);
    const other = createRun({ gate, grant, id: 'other', ledger });
    expect(other.dispatch(callOf(other.propose(POST))).allowed).toBe(true);
  });

  it('decides a dispatch again when another run touched a label between its read and its touch', () => {
    const inner = createMemoryLedger();
    const a = runOn(inner);
    const readCall = callOf(a.propose(READ));
    const seenByTouch: (readonly TouchedLabel[])[] = [];
    let raced = false;
    const ledger: RunLedger = {
      ...inner,
      touch: (run, seen, labels) => {
        seenByTouch.push(seen);
        if (!raced) {
          raced = true;
          // Run A reads private while B's post is between its read and its touch.
          expect(a.dispatch(readCall).allowed).toBe(true);
        }
        return inner.touch(run, seen, labels);
      },
    };
    const b = runOn(ledger);
    const verdict = b.dispatch(callOf(b.propose(POST)));
    // B's touch lost (it saw no label), so B decided again on [private] and was refused.
    expect(seenByTouch).toEqual([[]]);
    expect(verdict.allowed ? undefined : verdict.refusal.code).toBe('flow_denied');
    expect(inner.read('shared').touched).toEqual([A_READ]);
    // The verdict recorded is the one decided again: refused, once.
    expect(b.records()[0]?.dispatches).toMatchObject([
      { allowed: false, refusal: { code: 'flow_denied' } },
    ]);
  });

  it('refuses with run.ledger when the ledger cannot record the touch, and goes on once it can', async () => {
    const inner = createMemoryLedger();
    let down = true;
    const ledger: RunLedger = {
      ...inner,
      touch: (run, seen, labels) => {
        if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
        return inner.touch(run, seen, labels);
      },
    };
    const a = runOn({ ...ledger, async: true });
    const readCall = callOf(await a.proposeAsync(READ));
    const refused = await a.dispatchAsync(readCall);
    expect(refused.allowed ? undefined : refused.refusal).toEqual({
      check: 'run.ledger',
      code: 'check_failed',
      reason:
        'the run ledger could not be reached, so this dispatch was refused: connect ECONNREFUSED 127.0.0.1:5432',
    });
    expect(a.records()[0]?.dispatches).toEqual([]);
    down = false;
    expect((await a.dispatchAsync(readCall)).allowed).toBe(true);
    expect(inner.read('shared').touched).toEqual([A_READ]);
  });

  it('refuses once the touch keeps losing, after MAX_LEDGER_ATTEMPTS tries', () => {
    const inner = createMemoryLedger();
    let tries = 0;
    const ledger: RunLedger = {
      ...inner,
      touch: () => {
        tries += 1;
        return false;
      },
    };
    const a = runOn(ledger);
    const verdict = a.dispatch(callOf(a.propose(READ)));
    expect(verdict.allowed ? undefined : verdict.refusal.reason).toBe(
      'the run ledger could not be reached, so this dispatch was refused: it stayed too busy to record touched labels on',
    );
    expect(tries).toBe(1000);
  });

  it('shares the touches of audit mode too: the post is let through, carrying the refusal', () => {
    const ledger = createMemoryLedger();
    const a = runOn(ledger, false);
    const b = runOn(ledger, false);
    expect(a.dispatch(callOf(a.propose(READ))).allowed).toBe(true);
    const verdict = b.dispatch(callOf(b.propose(POST)));
    expect(verdict).toMatchObject({ allowed: true, wouldRefuse: { code: 'flow_denied' } });
    expect(ledger.read('shared').touched?.map((entry) => entry.label)).toEqual([
      'private',
      'public',
    ]);
  });

  it('asks the ledger nothing more for a grant without labels, or a dispatch touching nothing new', () => {
    const inner = createMemoryLedger();
    let touches = 0;
    const ledger: RunLedger = {
      ...inner,
      touch: (run, seen, labels) => {
        touches += 1;
        return inner.touch(run, seen, labels);
      },
    };
    const a = runOn(ledger);
    expect(a.dispatch(callOf(a.propose(READ))).allowed).toBe(true);
    expect(a.dispatch(callOf(a.propose(READ))).allowed).toBe(true);
    expect(touches).toBe(1);
    const plain = createRun({
      gate,
      grant: createGrant({ tools: ['slack/post@1'], network: ['slack.com'] }),
      id: 'plain',
      ledger,
    });
    expect(plain.dispatch(callOf(plain.propose(POST))).allowed).toBe(true);
    expect(touches).toBe(1);
  });

  it('needs a ledger with touch for a grant with labels', () => {
    const { touch: _touch, ...old } = createMemoryLedger();
    expect(() => runOn(old)).toThrow(
      'the grant has labels, so its ledger must have a touch(run, seen, labels) function',
    );
    expect(() =>
      createRun({
        gate,
        grant: createGrant({ tools: ['slack/post@1'], network: ['slack.com'] }),
        id: 'r',
        ledger: old,
      }),
    ).not.toThrow();
  });
});
