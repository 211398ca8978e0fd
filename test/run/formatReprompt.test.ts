import { describe, expect, it } from 'vitest';
import { formatReprompt } from '../../src/index.js';

describe('formatReprompt', () => {
  it('states the reason, the refused call and each detail, then asks for a fixed turn', () => {
    expect(
      formatReprompt({
        check: 'proposal.arguments',
        code: 'bad_arguments',
        reason: 'the arguments for search@1 do not match its inputSchema',
        callIndex: 1,
        ref: 'search@1',
        details: [
          { pointer: '/query', message: 'must be string' },
          { pointer: '', message: 'must NOT have additional properties: "x"' },
        ],
      }),
    ).toBe(
      [
        'Your last turn was refused, so none of its calls ran.',
        'Reason: the arguments for search@1 do not match its inputSchema',
        'Refused call: 2 of the turn (search@1)',
        'Details:',
        '- /query: must be string',
        '- (the call): must NOT have additional properties: "x"',
        'Fix the turn and try again, or answer without calling a tool.',
      ].join('\n'),
    );
  });

  it('leaves out the call and detail lines when the refusal has none', () => {
    expect(
      formatReprompt({
        check: 'proposal.decode',
        code: 'malformed_proposal',
        reason: 'the proposal is malformed: x',
      }),
    ).toBe(
      [
        'Your last turn was refused, so none of its calls ran.',
        'Reason: the proposal is malformed: x',
        'Fix the turn and try again, or answer without calling a tool.',
      ].join('\n'),
    );
  });

  it('lists at most ten details and counts the rest', () => {
    const details = Array.from({ length: 13 }, (_, index) => ({
      pointer: `/${index}`,
      message: 'bad',
    }));
    const lines = formatReprompt({ check: 'c', code: 'bad_arguments', reason: 'r', details }).split(
      '\n',
    );
    expect(lines.filter((line) => line.startsWith('- /'))).toHaveLength(10);
    expect(lines).toContain('- … and 3 more');
  });

  it('keeps a detail on its line: control characters in it are escaped', () => {
    const text = formatReprompt({
      check: 'c',
      code: 'bad_arguments',
      reason: 'r',
      details: [{ pointer: '/a\nb', message: 'x\ny' }],
    });
    expect(text).toContain('- "/a\\nb": "x\\ny"');
    expect(text.split('\n')).toHaveLength(5);
  });
});
