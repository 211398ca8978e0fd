import { describe, expect, it } from 'vitest';
import { createGate, createGrant, createRegistry, createRun } from '../../src/index.js';
import { REFUSED_BEFORE_RUN } from '../../src/gate/toolReadings.js';
import { toRefusal } from '../../src/gate/toRefusal.js';
import type { ProposeOptions } from '../../src/run/types.js';

/** SPEC §14.4: a refusal decided before the run saw the call is still a turn of the run. */
const refusal = toRefusal('proposal.granted', { code: 'not_granted', ref: '"nope"' });
const turn = { calls: [{ tool: 'fs-read', version: 1, arguments: { path: '/srv/a' } }] };
const options = { [REFUSED_BEFORE_RUN]: refusal } as ProposeOptions;

function aRun(enforce = true) {
  const gate = createGate({ registry: createRegistry() });
  // The gate alone would allow this call: only the refusal handed in refuses it.
  const grant = createGrant({ tools: ['fs-read@1'], folders: ['/srv'] });
  return createRun({ gate, grant, enforce, budgets: { turns: 5 } });
}

describe('a refusal from before the run', () => {
  it('is recorded as a rejected turn with exactly that refusal, and spends a turn', () => {
    const run = aRun();
    const record = run.propose(turn, options);
    expect(record).toMatchObject({ settled: 'rejected', refusal, spent: { turns: 1 } });
    expect(run.summary().settled.rejected).toBe(1);
    expect(run.propose(turn).settled).toBe('tool');
  });

  it('is not let through in audit mode: the run has nothing it could run', () => {
    const run = aRun(false);
    expect(run.propose(turn, options)).toMatchObject({ settled: 'rejected', refusal });
  });

  it('refuses when what is handed in is not a refusal', () => {
    const run = aRun();
    const record = run.propose(turn, { [REFUSED_BEFORE_RUN]: 'yes' } as unknown as ProposeOptions);
    expect(record).toMatchObject({
      settled: 'rejected',
      refusal: { code: 'malformed_proposal' },
    });
  });
});
