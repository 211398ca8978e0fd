import { describe, expect, it } from 'vitest';
import {
  createGate,
  createGrant,
  createRegistry,
  createRun,
  digestToolEntry,
  type AuthorizedCall,
} from '../../src/index.js';
import { aTool } from '../helpers/builders.js';

const TURN = { calls: [{ tool: 'search', version: 1, arguments: { query: 'q' } }] };
const REASON = 'the proposed tool search@1 is not granted to this run or is no longer registered';

function setup(description = 'Searches the documents.') {
  const registry = createRegistry({ builtins: 'none' });
  const entry = registry.register(aTool({ description }));
  return { registry, gate: createGate({ registry }), digest: digestToolEntry(entry) };
}

describe('digest pins (SPEC §5 rev 2)', () => {
  it('allows a pinned ref whose registered definition has the pinned digest, at both stages', () => {
    const { gate, digest } = setup();
    const grant = createGrant({ tools: [`search@1#${digest}`] });
    expect(gate.authorize(TURN, { grant }).settled).toBe('tool');
  });

  it('refuses a pinned ref whose definition has another digest as not_granted at the proposal stage', () => {
    const { digest } = setup('The approved description.');
    const { gate } = setup('A poisoned description.');
    const grant = createGrant({ tools: [`search@1#${digest}`] });
    expect(gate.checkTurn(TURN, { grant })).toEqual({
      settled: 'rejected',
      refusal: {
        check: 'proposal.granted',
        code: 'not_granted',
        reason: REASON,
        callIndex: 0,
        ref: 'search@1',
      },
    });
  });

  it('refuses at dispatch when the definition changed after the proposal', () => {
    const { registry, gate, digest } = setup();
    const grant = createGrant({ tools: [`search@1#${digest}`] });
    const decision = gate.checkTurn(TURN, { grant });
    if (decision.settled !== 'tool') throw new Error('expected a tool turn');
    registry.deregister('search@1');
    registry.register(aTool({ description: 'Swapped under the same ref.' }));
    expect(gate.checkDispatch(decision.calls[0] as AuthorizedCall, { grant })).toEqual({
      allowed: false,
      refusal: { check: 'dispatch.grant', code: 'not_granted', reason: REASON, ref: 'search@1' },
    });
  });

  it('lets createRun take a pinned grant, and refuses a never-grantable tool pinned or not', () => {
    const registry = createRegistry({ builtins: 'managed' });
    const entry = registry.resolve('fs-read@1');
    const gate = createGate({ registry });
    expect(() =>
      createRun({
        gate,
        grant: createGrant({ tools: [`fs-read@1#${entry ? digestToolEntry(entry) : ''}`] }),
      }),
    ).toThrow(/never grantable/);
    const summarize = registry.resolve('text-summarize@1');
    expect(() =>
      createRun({
        gate,
        grant: createGrant({
          tools: [`text-summarize@1#${summarize ? digestToolEntry(summarize) : ''}`],
        }),
      }),
    ).not.toThrow();
  });
});
