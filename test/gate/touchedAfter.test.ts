import { describe, expect, it } from 'vitest';
import {
  createGate,
  createGrant,
  createRun,
  touchedAfter,
  ToolgateError,
  type Gate,
  type GateContext,
  type TouchedLabel,
} from '../../src/index.js';
import { aRegistry, aTool } from '../helpers/builders.js';

/**
 * `touchedAfter`: a runtime that uses the gate alone keeps `context.touched`
 * itself, and gets the same verdicts as `createRun` does.
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
    public: { tools: ['slack/post@1'], network: ['slack.com'] },
  },
  flows: [{ after: 'private', deny: 'public' }],
});
const gate = createGate({ registry });
const read = (path: string) => ({
  calls: [{ tool: 'mail/read', version: 1, arguments: { path } }],
});
const POST = { calls: [{ tool: 'slack/post', version: 1, arguments: { text: 'hi' } }] };

/** The call the proposal stage authorized for a one-call turn. */
function authorized(g: Gate, turn: unknown, context: GateContext) {
  const decided = g.checkTurn(turn, context);
  if (decided.settled !== 'tool')
    throw new Error(`expected a tool turn: ${JSON.stringify(decided)}`);
  return decided.calls[0];
}

describe('touchedAfter', () => {
  it('adds the labels a let-through call touches, naming it, and the next call is decided on them', () => {
    const readCall = authorized(gate, read('/home/me/mail/1.eml'), { grant });
    const after = touchedAfter(gate, readCall, { grant }, { turn: 0, callIndex: 0 });
    const first: TouchedLabel = {
      label: 'private',
      ref: 'mail/read@1',
      value: '/home/me/mail/1.eml',
      turn: 0,
      callIndex: 0,
    };
    expect(after).toEqual({ ok: true, touched: [first] });
    if (!after.ok) return;
    // The post is refused by the flow on the labels touchedAfter gave, and touchedAfter says so too.
    const post = authorized(gate, POST, { grant, touched: after.touched });
    const verdict = gate.checkDispatch(post, { grant, touched: after.touched });
    expect(verdict.allowed ? undefined : verdict.refusal.code).toBe('flow_denied');
    expect(touchedAfter(gate, post, { grant, touched: after.touched })).toMatchObject({
      ok: false,
      refusal: { check: 'dispatch.flow', code: 'flow_denied' },
    });
    // A second read of private keeps the first toucher; an unlabelled read adds nothing.
    const again = authorized(gate, read('/home/me/mail/2.eml'), { grant });
    expect(touchedAfter(gate, again, { grant, touched: after.touched }, { turn: 1 })).toEqual({
      ok: true,
      touched: [first],
    });
    // Without a turn or call index, the entry has no such keys at all (not keys set to undefined).
    const alone = touchedAfter(gate, readCall, { grant });
    expect(alone.ok && alone.touched.map((entry) => Object.keys(entry))).toEqual([
      ['label', 'ref', 'value'],
    ]);
    const turnOnly = touchedAfter(gate, readCall, { grant }, { turn: 3 });
    expect(turnOnly.ok && turnOnly.touched.map((entry) => Object.keys(entry))).toEqual([
      ['label', 'ref', 'value', 'turn'],
    ]);
    const notes = authorized(gate, read('/home/me/notes.txt'), { grant });
    expect(touchedAfter(gate, notes, { grant })).toEqual({ ok: true, touched: [] });
  });

  it('lists the touched labels exactly as createRun keeps them for the same calls', () => {
    const run = createRun({ gate, grant });
    let touched: readonly TouchedLabel[] = [];
    const turns = [POST, read('/home/me/mail/1.eml'), read('/home/me/notes.txt'), POST];
    turns.forEach((turn, index) => {
      const record = run.propose(turn);
      const call = record.calls?.[0];
      const byRun = run.dispatch(call);
      const mine = touchedAfter(
        gate,
        authorized(gate, turn, { grant, touched }),
        { grant, touched },
        {
          turn: index,
          callIndex: 0,
        },
      );
      expect(mine.ok).toBe(byRun.allowed);
      if (mine.ok) touched = mine.touched;
    });
    expect(touched.map((entry) => [entry.label, entry.turn])).toEqual([
      ['public', 0],
      ['private', 1],
    ]);
  });

  it('refuses what the gate refuses, and a context it cannot read', () => {
    const call = authorized(gate, read('/home/me/mail/1.eml'), { grant });
    expect(touchedAfter(gate, { ...call, ref: 'slack/post@1' }, { grant })).toMatchObject({
      ok: false,
    });
    expect(
      touchedAfter(gate, call, { grant, touched: [{ label: 1 }] as unknown as TouchedLabel[] }),
    ).toMatchObject({ ok: false, refusal: { check: 'gate.context', code: 'check_failed' } });
  });

  it('refuses a call whose touches cannot be found (a realpath that threw), naming the error', () => {
    // A realpath that answers `answers` questions, then fails (a file system running out of handles).
    let asked = 0;
    let answers = Infinity;
    const flaky = createGate({
      registry,
      realpath: (path) => {
        asked++;
        if (asked > answers) throw new Error('EMFILE: too many open files');
        return path;
      },
    });
    const call = authorized(flaky, read('/home/me/mail/1.eml'), { grant });
    // How many questions the dispatch checks ask: fail from the first question after them.
    asked = 0;
    expect(flaky.checkDispatch(call, { grant }).allowed).toBe(true);
    answers = asked;
    asked = 0;
    expect(touchedAfter(flaky, call, { grant })).toMatchObject({
      ok: false,
      refusal: {
        check: 'dispatch.flow',
        code: 'check_failed',
        ref: 'mail/read@1',
        details: [{ message: 'EMFILE: too many open files' }],
      },
    });
    // When realpath fails from the first question, the folder check's refusal stands.
    answers = 0;
    asked = 0;
    expect(touchedAfter(flaky, call, { grant })).toMatchObject({
      ok: false,
      refusal: { check: 'dispatch.folder', code: 'check_failed' },
    });
  });

  it('throws ToolgateError for a gate createGate did not make, and for a bad turn or call index', () => {
    const call = authorized(gate, read('/home/me/mail/1.eml'), { grant });
    const fake: Gate = { ...gate };
    const thrown = (at?: { turn?: number; callIndex?: number }, g: Gate = gate) => {
      try {
        touchedAfter(g, call, { grant }, at);
      } catch (error) {
        if (error instanceof ToolgateError) return { code: error.code, message: error.message };
        throw error;
      }
      throw new Error('expected a ToolgateError');
    };
    expect(thrown({}, fake)).toEqual({
      code: 'invalid_option',
      message: 'touchedAfter needs a gate made by createGate (the one that decided the call)',
    });
    expect(thrown({ turn: -1 })).toEqual({
      code: 'invalid_option',
      message:
        "touchedAfter: at.turn must be a whole number 0 or more (the run's turn index), not -1",
    });
    expect(thrown({ callIndex: 1.5 })).toEqual({
      code: 'invalid_option',
      message:
        "touchedAfter: at.callIndex must be a whole number 0 or more (the run's call index in its turn), not 1.5",
    });
  });
});
