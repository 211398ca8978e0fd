import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  approveCall,
  createGate,
  createGrant,
  createRun,
  type GrantSpec,
  type TouchedLabel,
} from '../../src/index.js';
import { aRegistry, aTool } from '../helpers/builders.js';
import { catchToolgateError } from '../helpers/catchToolgateError.js';
import { aTempDir } from '../helpers/scratch.js';

/**
 * Information-flow rules: once a run touched a label, a flow rule decides
 * what later calls may touch (`dispatch.flow`, `flow_denied`) or must have
 * approved (`dispatch.approval`).
 */

const registry = aRegistry(
  [
    aTool({
      name: 'mail/read',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      resources: [{ kind: 'path', at: '/path', access: 'read' }],
    }),
    aTool({
      name: 'web/fetch',
      inputSchema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
      resources: [{ kind: 'url', at: '/url' }],
    }),
    aTool({
      name: 'slack/post',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      network: ['slack.com'],
    }),
  ],
  'self-run',
);

const SPEC: GrantSpec = {
  tools: ['mail/read@1', 'web/fetch@1', 'slack/post@1', 'fs-write@1'],
  folders: ['/home/me'],
  network: ['*', 'slack.com'],
  labels: {
    private: { folders: ['/home/me/mail/**'] },
    untrusted: { tools: ['web/fetch@1'] },
    public: { network: ['*'], tools: ['slack/post@1'] },
  },
  flows: [
    { after: 'private', deny: 'public' },
    { after: 'untrusted', ask: ['fs-write@1'] },
  ],
};
const grant = createGrant(SPEC);
const key = new Uint8Array(32).fill(7);
const gate = createGate({ registry, approvalKey: key });

const call = (tool: string, args: Record<string, unknown>) => ({
  tool,
  version: 1,
  arguments: args,
});
const readMail = call('mail/read', { path: '/home/me/mail/inbox/1.eml' });
const post = call('slack/post', { text: 'hello' });
const write = call('fs-write', { path: '/home/me/notes.md', content: 'x' });

describe('createGrant: labels and flows', () => {
  it('keeps them in canonical form: deny and ask as lists, and a copy gives an equal grant', () => {
    expect(grant.flows).toEqual([
      { after: 'private', deny: ['public'] },
      { after: 'untrusted', ask: ['fs-write@1'] },
    ]);
    expect(grant.labels?.public).toEqual({ tools: ['slack/post@1'], network: ['*'] });
    expect(createGrant(JSON.parse(JSON.stringify(grant)) as GrantSpec)).toEqual(grant);
    expect(Object.isFrozen(grant.flows?.[0]?.deny)).toBe(true);
  });

  it('leaves them out of a grant without flows', () => {
    expect(createGrant({ tools: ['fs-read@1'] })).not.toHaveProperty('flows');
    expect(createGrant({ tools: ['fs-read@1'] })).not.toHaveProperty('labels');
  });

  it.each([
    [
      { flows: [{ after: 'nope', deny: 'public' }] },
      'flows[0].after nope names no label of this grant; the labels are public',
    ],
    [
      { flows: [{ after: 'public', deny: ['public', 'gone'] }] },
      'flows[0].deny[1] gone names no label of this grant; the labels are public',
    ],
    [
      { flows: [{ after: 'public' }] },
      'flows[0] has neither deny nor ask, so it changes nothing: add deny: LABEL or ask: [LABEL or REF]',
    ],
    [
      { flows: [{ after: 'public', ask: 'fs-write@1' }] },
      'flows[0].ask fs-write@1 is not in tools, so no call to it could be asked for',
    ],
    [
      { flows: [{ after: 'public', deny: 'public', then: 1 }] },
      'flows[0] has unknown key "then"; the keys are after, deny, ask',
    ],
    [
      { labels: { empty: {} }, flows: [] },
      'labels.empty names nothing, so no call could touch it: list its tools, folders, network or secrets',
    ],
    [
      { labels: { bad: { folders: ['!x'] } } },
      'labels.bad.folders[0] !x: a label folder is a glob without "!", such as "/home/me/mail/**"',
    ],
    [{ labels: { bad: { tools: ['x'] } } }, 'labels.bad.tools[0] x: a ref is NAME@VERSION'],
    [
      { labels: { '1x': { tools: ['a@1'] } } },
      'labels.1x: a label name is a letter, then up to 63 letters, digits, "_" or "-"',
    ],
    [{ labels: [] }, 'labels must be an object of named labels'],
    [{ flows: {} }, 'flows must be a list'],
  ])('refuses %j, naming the place', (spec, message) => {
    const error = catchToolgateError(
      () => createGrant({ labels: { public: { tools: ['slack/post@1'] } }, ...spec } as GrantSpec),
      'invalid_grant',
    );
    expect(error.message).toContain(message);
  });
});

describe('the gate: dispatch.flow', () => {
  const touchedPrivate = [
    {
      label: 'private',
      ref: 'mail/read@1',
      value: '/home/me/mail/inbox/1.eml',
      turn: 0,
      callIndex: 0,
    },
  ];

  it('refuses a call that touches a denied label once the after label was touched, naming all of it', () => {
    const proposed = gate.checkTurn({ calls: [post] }, { grant });
    if (proposed.settled !== 'tool') throw new Error('the post must pass the proposal stage');
    const verdict = gate.checkDispatch(proposed.calls[0], { grant, touched: touchedPrivate });
    expect(verdict).toEqual({
      allowed: false,
      refusal: {
        check: 'dispatch.flow',
        code: 'flow_denied',
        reason: 'this run touched private, so slack/post@1 may not touch public',
        ref: 'slack/post@1',
        details: [
          {
            pointer: '',
            message:
              'the flow { after: private, deny: public } refuses slack/post@1: an earlier call to mail/read@1 (turn 0, call 0) touched private',
            flow: { after: 'private', deny: ['public'] },
            touched: touchedPrivate[0],
            value: 'slack/post@1',
          },
        ],
      },
    });
  });

  it('names the earlier call by what its touch records: a turn alone, or nothing more than its ref', () => {
    const earlier = { label: 'private', ref: 'mail/read@1', value: '/home/me/mail/inbox/1.eml' };
    const messageAfter = (touched: TouchedLabel) => {
      const decision = gate.authorize({ calls: [post] }, { grant, touched: [touched] });
      return decision.settled === 'rejected' ? decision.refusal.details?.[0]?.message : undefined;
    };
    const head = 'the flow { after: private, deny: public } refuses slack/post@1: ';
    expect(messageAfter({ ...earlier, turn: 2 })).toBe(
      `${head}an earlier call to mail/read@1 (turn 2) touched private`,
    );
    expect(messageAfter(earlier)).toBe(`${head}an earlier call to mail/read@1 touched private`);
  });

  it('allows the same call before the after label was touched, and a call that touches no denied label', () => {
    expect(gate.authorize({ calls: [post] }, { grant }).settled).toBe('tool');
    expect(gate.authorize({ calls: [readMail] }, { grant, touched: touchedPrivate }).settled).toBe(
      'tool',
    );
  });

  it('reads a URL host as deny entries do: an IPv4 address inside IPv6 touches a * label too', () => {
    const decision = gate.authorize(
      { calls: [call('web/fetch', { url: 'http://[::ffff:203.0.113.5]/' })] },
      { grant, touched: touchedPrivate },
    );
    expect(decision.settled === 'rejected' && decision.refusal.code).toBe('flow_denied');
  });

  it('counts the calls before it in the same turn when authorizing (as a run dispatches them)', () => {
    const decision = gate.authorize({ calls: [readMail, post] }, { grant });
    expect(decision).toMatchObject({
      settled: 'rejected',
      refusal: { check: 'dispatch.flow', code: 'flow_denied', callIndex: 1 },
    });
    // The other order: the post comes first, before anything private was touched.
    expect(gate.authorize({ calls: [post, readMail] }, { grant }).settled).toBe('tool');
  });

  it('keeps adding what each call of the turn touches, after the first call touched something', () => {
    // Call 0 touches untrusted and public, call 1 private: the post after them is refused.
    const fetch = call('web/fetch', { url: 'https://example.com/' });
    expect(gate.authorize({ calls: [fetch, post] }, { grant }).settled).toBe('tool');
    expect(gate.authorize({ calls: [fetch, readMail, post] }, { grant })).toMatchObject({
      settled: 'rejected',
      refusal: { check: 'dispatch.flow', code: 'flow_denied', callIndex: 2 },
    });
  });

  it('asks for an approval of the exact call under an ask flow, and takes one', () => {
    const touched = [{ label: 'untrusted', ref: 'web/fetch@1', value: 'web/fetch@1' }];
    const proposed = gate.checkTurn({ calls: [write] }, { grant });
    if (proposed.settled !== 'tool') throw new Error('the write must pass the proposal stage');
    const asked = gate.checkDispatch(proposed.calls[0], { grant, touched });
    if (asked.allowed || asked.refusal.approval === undefined)
      throw new Error('the write must need an approval');
    expect(asked.refusal.code).toBe('approval_required');
    const approval = approveCall(asked.refusal.approval, key);
    expect(gate.checkDispatch(proposed.calls[0], { grant, touched, approval }).allowed).toBe(true);
    // Without the flow in force, the write needs nothing.
    expect(gate.checkDispatch(proposed.calls[0], { grant }).allowed).toBe(true);
  });

  it('asks only for the refs an ask flow in force names: another call runs without an approval', () => {
    const touched = [{ label: 'untrusted', ref: 'web/fetch@1', value: 'web/fetch@1' }];
    const proposed = gate.checkTurn({ calls: [post] }, { grant });
    if (proposed.settled !== 'tool') throw new Error('the post must pass the proposal stage');
    // The untrusted flow is in force and asks for fs-write@1 only (no label): the post needs nothing.
    expect(gate.checkDispatch(proposed.calls[0], { grant, touched }).allowed).toBe(true);
  });

  it('asks when any one of the ask flows in force names the ref, not only when all do', () => {
    const two = createGrant({
      ...SPEC,
      flows: [
        { after: 'untrusted', ask: ['fs-write@1'] },
        { after: 'untrusted', ask: ['slack/post@1'] },
      ],
    });
    const touched = [{ label: 'untrusted', ref: 'web/fetch@1', value: 'web/fetch@1' }];
    for (const asked of [write, post]) {
      const proposed = gate.checkTurn({ calls: [asked] }, { grant: two });
      if (proposed.settled !== 'tool')
        throw new Error(`${asked.tool} must pass the proposal stage`);
      expect(gate.checkDispatch(proposed.calls[0], { grant: two, touched })).toMatchObject({
        allowed: false,
        refusal: { check: 'dispatch.approval', code: 'approval_required' },
      });
    }
  });

  it('refuses a context whose touched list is malformed, whatever the call', () => {
    for (const touched of [
      {},
      [{ label: 1 }],
      [{ label: 'private', ref: 'x@1' }],
      'private',
    ] as unknown as (readonly TouchedLabel[])[]) {
      const decision = gate.authorize({ calls: [post] }, { grant, touched });
      expect(decision).toMatchObject({
        settled: 'rejected',
        refusal: { check: 'gate.context', code: 'check_failed' },
      });
    }
  });
});

describe('a run remembers what it touched', () => {
  it('refuses the public post after an allowed private read, and only then', () => {
    const run = createRun({ gate, grant });
    const first = run.propose({ calls: [post] });
    expect(run.dispatch(first.calls?.[0]).allowed).toBe(true);
    const second = run.propose({ calls: [readMail] });
    expect(run.dispatch(second.calls?.[0]).allowed).toBe(true);
    const third = run.propose({ calls: [post] });
    const verdict = run.dispatch(third.calls?.[0]);
    expect(!verdict.allowed && verdict.refusal.reason).toBe(
      'this run touched private, so slack/post@1 may not touch public',
    );
    expect(!verdict.allowed && verdict.refusal.details?.[0]?.touched).toEqual({
      label: 'private',
      ref: 'mail/read@1',
      value: '/home/me/mail/inbox/1.eml',
      turn: 1,
      callIndex: 0,
    });
  });

  it('does not count a refused dispatch as touching, but audit mode counts every dispatch', () => {
    const narrow = createGrant({ ...SPEC, folders: ['/home/me', '!mail/secret/**'] });
    const enforcing = createRun({ gate, grant: narrow });
    const denied = enforcing.propose({
      calls: [call('mail/read', { path: '/home/me/mail/secret/a' })],
    });
    expect(enforcing.dispatch(denied.calls?.[0]).allowed).toBe(false);
    const after = enforcing.propose({ calls: [post] });
    expect(enforcing.dispatch(after.calls?.[0]).allowed).toBe(true);

    const audited = createRun({ gate, grant: narrow, enforce: false });
    const read = audited.propose({
      calls: [call('mail/read', { path: '/home/me/mail/secret/a' })],
    });
    expect(audited.dispatch(read.calls?.[0])).toMatchObject({
      allowed: true,
      wouldRefuse: { code: 'folder_out_of_scope' },
    });
    const posted = audited.propose({ calls: [post] });
    expect(audited.dispatch(posted.calls?.[0])).toMatchObject({
      allowed: true,
      wouldRefuse: { check: 'dispatch.flow', code: 'flow_denied' },
    });
  });

  it('follows a symlink into a labelled folder when the gate resolves links', () => {
    const home = aTempDir('flows');
    mkdirSync(join(home, 'mail'));
    writeFileSync(join(home, 'mail', 'a.eml'), 'secret');
    symlinkSync(join(home, 'mail'), join(home, 'inbox-link'));
    const linked = createGrant({
      ...SPEC,
      folders: [home],
      labels: { ...SPEC.labels, private: { folders: [`${home}/mail/**`] } },
    });
    const run = createRun({ gate: createGate({ registry, realpath: 'node' }), grant: linked });
    const read = run.propose({
      calls: [call('mail/read', { path: join(home, 'inbox-link', 'a.eml') })],
    });
    expect(run.dispatch(read.calls?.[0]).allowed).toBe(true);
    const posted = run.propose({ calls: [post] });
    const verdict = run.dispatch(posted.calls?.[0]);
    expect(!verdict.allowed && verdict.refusal.code).toBe('flow_denied');
    // Without realpath, the link's name is all the gate reads: it touches nothing private.
    const lexical = createRun({ gate: createGate({ registry }), grant: linked });
    const lexicalRead = lexical.propose({
      calls: [call('mail/read', { path: join(home, 'inbox-link', 'a.eml') })],
    });
    expect(lexical.dispatch(lexicalRead.calls?.[0]).allowed).toBe(true);
    const lexicalPost = lexical.propose({ calls: [post] });
    expect(lexical.dispatch(lexicalPost.calls?.[0]).allowed).toBe(true);
  });
});
