import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGate } from '../../src/createGate.js';
import { TOOL_READINGS, type ToolReading } from '../../src/gate/toolReadings.js';
import { createGrant } from '../../src/grant/createGrant.js';
import { createRun } from '../../src/run/createRun.js';
import { aRegistry, aTool } from '../helpers/builders.js';
import { runs } from '../helpers/testEnv.js';

/**
 * SPEC §14.1 "What is checked is what runs", at the gate: an adapter hands in
 * how the tool's own schema reads a call's arguments, and the proposal stage
 * refuses `bad_arguments` where that reading changes a value at a resource
 * pointer. Values no resource reads may change freely.
 */
const files = aTool({
  name: 'files/copy',
  inputSchema: {
    type: 'object',
    properties: {
      from: { type: 'string' },
      to: { type: 'string' },
      urls: { type: 'array', items: { type: 'string' } },
      host: { type: 'string' },
      secret: { type: 'string' },
      note: { type: 'string' },
      limit: {},
    },
  },
  resources: [
    { kind: 'path', at: '/from', access: 'read' },
    { kind: 'path', at: '/to', access: 'write' },
    { kind: 'url', at: '/urls/*' },
    { kind: 'host', at: '/host' },
    { kind: 'secret', at: '/secret' },
  ],
});
const registry = aRegistry([files]);
const gate = createGate({ registry });
const grant = createGrant({
  tools: ['files/copy@1'],
  folders: ['/srv/data'],
  network: ['*'],
  secrets: ['*'],
});

const ARGS = {
  from: '/srv/data/a.txt',
  to: '/srv/data/b.txt',
  urls: ['https://example.com/a', 'https://example.org/b'],
  host: 'example.com',
  secret: 'GITHUB_TOKEN',
  note: 'copy',
};

const decide = (args: Record<string, unknown>, reading: ToolReading | undefined) =>
  gate.checkTurn(
    { calls: [{ tool: 'files/copy', version: 1, arguments: args }] },
    { grant, ...(reading === undefined ? {} : { [TOOL_READINGS]: [reading] }) },
  );

const pointersOf = (decision: ReturnType<typeof decide>) =>
  decision.settled === 'rejected' && decision.refusal.code === 'bad_arguments'
    ? decision.refusal.details?.map((detail) => detail.pointer)
    : undefined;

describe('a tool reading at the gate (SPEC §14.1)', () => {
  it('passes a reading that keeps every scoped value, whatever it does elsewhere', () => {
    expect(decide(ARGS, { value: { ...ARGS, note: 'COPY', limit: 5 } }).settled).toBe('tool');
    expect(decide(ARGS, { value: structuredClone(ARGS) }).settled).toBe('tool');
  });

  it('refuses bad_arguments at each pointer a reading changes, fills in or drops', () => {
    const { secret: _secret, ...withoutSecret } = ARGS;
    const decision = decide(ARGS, {
      value: {
        ...withoutSecret,
        from: '/srv/data/a.txt ',
        urls: ['https://example.com/a', 'http://169.254.169.254/'],
      },
    });
    expect(decision).toMatchObject({
      settled: 'rejected',
      refusal: {
        check: 'proposal.arguments',
        code: 'bad_arguments',
        reason: 'the arguments for files/copy@1 do not match its inputSchema',
      },
    });
    expect(pointersOf(decision)).toEqual(['/from', '/urls/1', '/secret']);
    if (decision.settled !== 'rejected') return;
    expect(decision.refusal.details?.[0]?.message).toBe(
      'the tool\'s own schema reads this as "/srv/data/a.txt ", not "/srv/data/a.txt" as the gate checked it; send the value the tool will use',
    );
    expect(decision.refusal.details?.[2]?.message).toContain('drops "GITHUB_TOKEN"');
    const { to: _to, ...withoutTo } = ARGS;
    const filled = decide(withoutTo, { value: { ...withoutTo, to: '/etc/cron.d/x' } });
    expect(pointersOf(filled)).toEqual(['/to']);
    if (filled.settled === 'rejected')
      expect(filled.refusal.details?.[0]?.message).toBe(
        'the tool\'s own schema fills this in as "/etc/cron.d/x", which the call does not send; the gate checks only what is sent, so send it',
      );
  });

  it("refuses a reading that failed, naming the tool's own schema", () => {
    const decision = decide(ARGS, { problem: 'from: must end in .md' });
    expect(pointersOf(decision)).toEqual(['']);
    if (decision.settled === 'rejected')
      expect(decision.refusal.details?.[0]?.message).toBe(
        "the tool's own schema refuses these arguments: from: must end in .md",
      );
  });

  it('refuses a reading that is not an object, or that a pointer cannot go through', () => {
    expect(pointersOf(decide(ARGS, { value: 'copy' }))).toEqual(['']);
    expect(pointersOf(decide(ARGS, { value: null }))).toEqual(['']);
    expect(pointersOf(decide(ARGS, { value: { ...ARGS, urls: 'https://example.com/a' } }))).toEqual(
      ['/urls'],
    );
  });

  it('checks the schema first: arguments the JSON Schema refuses get its errors, not the reading', () => {
    expect(pointersOf(decide({ ...ARGS, from: 5 }, { value: ARGS }))).toEqual(['/from']);
  });

  it('refuses the turn when the readings cannot be read, and with none checks as before', () => {
    const broken = gate.checkTurn(
      { calls: [{ tool: 'files/copy', version: 1, arguments: ARGS }] },
      { grant, [TOOL_READINGS]: 'not a list' } as never,
    );
    expect(broken).toMatchObject({
      settled: 'rejected',
      refusal: { details: [{ message: "the tools' readings of the arguments cannot be read" }] },
    });
    const odd = gate.checkTurn({ calls: [{ tool: 'files/copy', version: 1, arguments: ARGS }] }, {
      grant,
      [TOOL_READINGS]: [{ neither: true }],
    } as never);
    expect(odd).toMatchObject({
      settled: 'rejected',
      refusal: { details: [{ message: "the tools' readings of the arguments cannot be read" }] },
    });
    // A function is no reading, even one carrying a `value` or a `problem` of its own.
    const fn = Object.assign(() => ARGS, { value: ARGS, problem: 'p' });
    for (const readings of [[null], [7], [{ problem: 7 }], [fn]]) {
      const decision = gate.checkTurn(
        { calls: [{ tool: 'files/copy', version: 1, arguments: ARGS }] },
        { grant, [TOOL_READINGS]: readings } as never,
      );
      expect(decision).toMatchObject({
        refusal: { details: [{ message: "the tools' readings of the arguments cannot be read" }] },
      });
    }
    // a list with no reading for this call, and readings of either form, are read
    for (const readings of [[], [undefined], [{ value: ARGS }], [{ value: undefined }]]) {
      const decision = gate.checkTurn(
        { calls: [{ tool: 'files/copy', version: 1, arguments: ARGS }] },
        { grant, [TOOL_READINGS]: readings } as never,
      );
      expect(
        decision.settled === 'rejected' ? decision.refusal.details?.[0]?.message : 'read',
      ).not.toBe("the tools' readings of the arguments cannot be read");
    }
    expect(decide({ ...ARGS, from: '/srv/data/a.txt ' }, undefined).settled).toBe('tool');
  });

  it('reaches a run through propose options, and is recorded as a refusal', () => {
    const run = createRun({ gate, grant });
    const record = run.propose({ calls: [{ tool: 'files/copy', version: 1, arguments: ARGS }] }, {
      [TOOL_READINGS]: [{ value: { ...ARGS, host: 'EXAMPLE.com' } }],
    } as never);
    expect(record).toMatchObject({
      settled: 'rejected',
      refusal: { code: 'bad_arguments', details: [{ pointer: '/host' }] },
    });
    expect(run.summary().settled.rejected).toBe(1);
  });

  it('generated: refuses exactly when a scoped value changes, at exactly those pointers', () => {
    const scoped = ['/from', '/to', '/urls/0', '/urls/1', '/host', '/secret'] as const;
    const change = fc.constantFrom(
      (text: string) => `${text} `,
      (text: string) => text.toUpperCase(),
      (text: string) => text.normalize('NFD').replace('a', 'a\u0301'),
      (text: string) => `${text}/..`,
      () => undefined,
      (text: string) => text,
    );
    let refused = 0;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...scoped, '/note', '/limit'), change), {
          maxLength: 4,
        }),
        (edits) => {
          const reading = structuredClone(ARGS) as Record<string, unknown> & {
            urls: (string | undefined)[];
          };
          for (const [pointer, edit] of edits) {
            if (pointer.startsWith('/urls/')) {
              const index = Number(pointer.slice(6));
              reading.urls[index] = edit(reading.urls[index] ?? '');
            } else {
              const key = pointer.slice(1);
              const before = reading[key];
              reading[key] = edit(typeof before === 'string' ? before : '');
            }
          }
          const expected = scoped.filter((pointer) => {
            const read = pointer.startsWith('/urls/')
              ? reading.urls[Number(pointer.slice(6))]
              : reading[pointer.slice(1)];
            const sent = pointer.startsWith('/urls/')
              ? ARGS.urls[Number(pointer.slice(6))]
              : (ARGS as Record<string, unknown>)[pointer.slice(1)];
            return read !== sent;
          });
          // An undefined list item is still an item: the pointer reads it, and it differs.
          const decision = decide(ARGS, { value: reading });
          if (expected.length > 0) refused += 1;
          expect(pointersOf(decision) ?? []).toEqual(expected);
          expect(decision.settled).toBe(expected.length === 0 ? 'tool' : 'rejected');
        },
      ),
      { numRuns: runs(2_000), seed: 20_261_202 },
    );
    expect(refused).toBeGreaterThan(runs(2_000) / 4);
  });
});
