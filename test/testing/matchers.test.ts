import { describe, expect, it } from 'vitest';
import { createGate, createGrant, createRun } from '../../src/index.js';
import { toolgateMatchers } from '../../src/testing/index.js';
import { aRegistry } from '../helpers/builders.js';

expect.extend(toolgateMatchers);

const registry = aRegistry([], 'self-run');
const gate = createGate({ registry });
const grant = createGrant({
  tools: ['fs-read@1'],
  folders: [{ path: '/workspace', access: 'read' }],
});
const read = (path: string) => ({ calls: [{ tool: 'fs-read', version: 1, arguments: { path } }] });

/** The message a failing assertion throws. */
function failureOf(assertion: () => void): string {
  try {
    assertion();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('the assertion passed');
}

describe('toolgate/testing matchers', () => {
  it('reads turn decisions, dispatch decisions and run records', () => {
    expect(gate.authorize(read('/workspace/a'), { grant })).toBeAllowed();
    expect(gate.checkTurn('{"answer":"done"}', { grant })).toBeAllowed();
    expect(gate.authorize(read('/etc/passwd'), { grant })).toBeRefusedWith('folder_out_of_scope', {
      callIndex: 0,
    });
    expect(gate.authorize(read('/etc/passwd'), { grant })).not.toBeAllowed();

    const turn = gate.checkTurn(read('/etc/passwd'), { grant });
    if (turn.settled !== 'tool') throw new Error('the proposal stage passes');
    expect(gate.checkDispatch(turn.calls[0], { grant })).toBeRefusedWith('folder_out_of_scope');

    const run = createRun({ gate, grant, budgets: { turns: 2 } });
    expect(run.propose(read('/workspace/a'))).toBeAllowed();
    // A tool turn on the last allowed turn would leave no answer: dead_lettered.
    expect(run.propose(read('/workspace/a'))).not.toBeAllowed();
  });

  it('checks the call index only when it is given', () => {
    const decision = gate.authorize(
      { calls: [...read('/workspace/a').calls, ...read('/etc').calls] },
      { grant },
    );
    expect(decision).toBeRefusedWith('folder_out_of_scope');
    expect(decision).toBeRefusedWith('folder_out_of_scope', { callIndex: 1 });
    expect(decision).not.toBeRefusedWith('folder_out_of_scope', { callIndex: 0 });
    expect(decision).not.toBeRefusedWith('not_granted');
  });

  it('says what refused, where and why when a policy test fails', () => {
    expect(
      failureOf(() => expect(gate.authorize(read('/etc/passwd'), { grant })).toBeAllowed()),
    ).toBe(
      'expected the decision to be allowed, but it was refused with folder_out_of_scope at dispatch.folder (call 0): the path /etc/passwd is outside the granted folder scope',
    );
    expect(
      failureOf(() =>
        expect(gate.authorize(read('/workspace/a'), { grant })).toBeRefusedWith(
          'folder_out_of_scope',
        ),
      ),
    ).toBe(
      'expected the decision to be refused with folder_out_of_scope, but it was the turn is allowed',
    );
    expect(failureOf(() => expect({ nothing: true }).toBeAllowed())).toContain(
      'not a toolgate decision',
    );
  });
});
