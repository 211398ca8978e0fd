import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createGate,
  createGrant,
  createRun,
  summarizeRecords,
  type AuthorizedCall,
  type GrantSpec,
  type TurnRecord,
} from '../../src/index.js';
import { createSqliteSink } from '../../src/sqlite/index.js';
import { aRegistry, aTool } from '../helpers/builders.js';
import { aTempDir } from '../helpers/scratch.js';

/**
 * The labels each let-through dispatch touched are in its record, and the
 * run's summary counts them per label (SPEC §14.5, issue: "a run's summary
 * counts labels touched").
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
const BASE: GrantSpec = {
  tools: ['mail/read@1', 'slack/post@1'],
  folders: ['/home/me'],
  network: ['slack.com'],
};
// `chat` comes first in the grant, so the records list it before `private`.
const grant = createGrant({
  ...BASE,
  labels: {
    chat: { network: ['slack.com'], folders: ['/home/me/mail/chat/**'] },
    private: { folders: ['/home/me/mail/**'] },
    public: { tools: ['slack/post@1'] },
  },
  flows: [{ after: 'private', deny: 'public' }],
});
const gate = createGate({ registry });
const read = (path: string) => ({
  calls: [{ tool: 'mail/read', version: 1, arguments: { path } }],
});
const POST = { calls: [{ tool: 'slack/post', version: 1, arguments: { text: 'hello' } }] };

function callOf(record: TurnRecord): AuthorizedCall {
  const call = record.calls?.[0];
  if (call === undefined) throw new Error(`expected a tool turn: ${JSON.stringify(record)}`);
  return call;
}

let dir: string;
beforeEach(() => {
  dir = aTempDir('labels-summary');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the labels a run touched, in its records and summary', () => {
  it('names on each allowed dispatch the labels it touched, in the grant order, and counts them', () => {
    const run = createRun({ gate, grant });
    expect(run.dispatch(callOf(run.propose(POST))).allowed).toBe(true);
    expect(run.dispatch(callOf(run.propose(read('/home/me/mail/chat/1.eml')))).allowed).toBe(true);
    expect(run.dispatch(callOf(run.propose(read('/home/me/notes.txt')))).allowed).toBe(true);
    // Refused by the flow: it touched nothing, so it counts for nothing.
    expect(run.dispatch(callOf(run.propose(POST))).allowed).toBe(false);
    const dispatches = run.records().map((record) => record.dispatches?.[0]);
    expect(dispatches.map((dispatch) => dispatch?.touched)).toEqual([
      ['chat', 'public'],
      ['chat', 'private'],
      undefined,
      undefined,
    ]);
    expect(run.summary().labels).toEqual({ chat: 2, public: 1, private: 1 });
    // The exported summarizer reads the same counts back from the records alone.
    expect(summarizeRecords(run.records()).labels).toEqual(run.summary().labels);
  });

  it('counts every dispatch in audit mode, the would-be refused ones too', () => {
    const run = createRun({ gate, grant, enforce: false });
    run.dispatch(callOf(run.propose(read('/home/me/mail/1.eml'))));
    const post = run.dispatch(callOf(run.propose(POST)));
    expect(post.allowed && post.wouldRefuse?.code).toBe('flow_denied');
    expect(run.records()[1]?.dispatches?.[0]?.touched).toEqual(['chat', 'public']);
    expect(run.summary().labels).toEqual({ private: 1, chat: 1, public: 1 });
  });

  it('leaves the summary and records of a grant without labels exactly as they were', () => {
    const run = createRun({ gate, grant: createGrant(BASE) });
    run.dispatch(callOf(run.propose(read('/home/me/mail/1.eml'))));
    expect(run.records()[0]?.dispatches?.[0]).not.toHaveProperty('touched');
    expect(run.summary()).toEqual({
      turns: 1,
      toolCalls: 1,
      settled: { answer: 0, tool: 1, rejected: 0, dead_lettered: 0 },
      steps: { default: { refusedTurns: 0, byCode: {} } },
    });
  });

  it('keeps the touched labels in the stored dispatch row', () => {
    const file = join(dir, 'records.db');
    const sink = createSqliteSink(file);
    const run = createRun({ gate, grant, sink, id: 'r1' });
    run.dispatch(callOf(run.propose(read('/home/me/mail/1.eml'))));
    sink.close();
    const db = new Database(file, { readonly: true });
    try {
      const row = db
        .prepare("SELECT record FROM toolgate_records WHERE type = 'dispatch'")
        .get() as { record: string };
      expect(JSON.parse(row.record)).toMatchObject({ allowed: true, touched: ['private'] });
    } finally {
      db.close();
    }
  });
});
