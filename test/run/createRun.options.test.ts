import { describe, expect, it } from 'vitest';
import { createGate, createGrant, createRegistry, createRun, type Grant } from '../../src/index.js';
import { catchToolgateError } from '../helpers/catchToolgateError.js';
import { ANSWER_TURN, RUN_GRANT, SEARCH_TURN, aRun, aRunRegistry } from '../helpers/runBuilders.js';

describe('createRun: options', () => {
  it('refuses a grant naming a tool the registry lists as never grantable (SPEC §5)', () => {
    const gate = createGate({ registry: createRegistry({ builtins: 'managed' }) });
    const grant = createGrant({ tools: ['text-summarize@1', 'fs-read@1'], folders: ['/srv'] });
    const error = catchToolgateError(() => createRun({ gate, grant }), 'invalid_grant');
    expect(error.problems).toEqual([
      'tools[1] fs-read@1: the registry lists this tool as never grantable, so no run may be granted it; remove it from the grant',
    ]);
  });

  it('accepts a grant naming a tool not registered yet: the gate refuses calls to it until it is', () => {
    const { run } = aRun({ grant: { tools: ['later@1'] } });
    expect(
      run.propose({ calls: [{ tool: 'later', version: 1, arguments: {} }] }).refusal?.code,
    ).toBe('not_granted');
  });

  it('refuses a grant not made by createGrant', () => {
    const gate = createGate({ registry: aRunRegistry() });
    const grant = JSON.parse(JSON.stringify(createGrant(RUN_GRANT))) as Grant;
    catchToolgateError(() => createRun({ gate, grant }), 'invalid_grant');
  });

  it('refuses a gate not made by createGate', () => {
    const gate = createGate({ registry: aRunRegistry() });
    const error = catchToolgateError(
      () => createRun({ gate: { ...gate }, grant: createGrant(RUN_GRANT) }),
      'invalid_option',
    );
    expect(error.problems).toEqual(['gate must be made by createGate({ registry })']);
  });

  it('reports every bad option at once', () => {
    const gate = createGate({ registry: aRunRegistry() });
    const error = catchToolgateError(
      () =>
        createRun({
          gate,
          grant: createGrant(RUN_GRANT),
          steps: [
            { name: 'default', tools: [] },
            { name: 'a', tools: ['search@1'] },
            { name: 'a', tools: [] },
            { name: '', tools: 'x' },
          ],
          cwd: 'relative/dir',
          visible: 'search',
          sink: {},
          id: '',
          colour: 'red',
        } as never),
      'invalid_option',
    );
    expect(error.problems).toEqual([
      'createRun has no option "colour"; the options are gate, grant, steps, budgets, cwd, visible, sink, id, enforce, ledger',
      'steps[0].name "default" is taken: the summary counts turns without a step under it',
      'steps[1].tools[0] search@1 is not a tool name (names, not refs: "slack/search")',
      'steps[2].name a is used by an earlier step; step names are unique',
      'steps[3].name must be a non-empty string',
      'steps[3].tools must be a list of tool names',
      'cwd relative/dir must be an absolute path such as "/srv/project"',
      'visible must be a Set or list of tool names',
      'sink must be an object with a write(entry) function, such as createMemorySink()',
      'id must be a non-empty string',
    ]);
  });

  it("keeps copies of its steps: changing the caller's list later changes nothing", () => {
    const tools = ['net/get'];
    const { run } = aRun({ run: { steps: [{ name: 'fetch', tools }] } });
    tools.push('search');
    const record = run.propose(SEARCH_TURN, { step: 'fetch' });
    const call = record.calls?.[0];
    expect(call && run.dispatch(call).allowed).toBe(false);
  });
});

describe('run.propose: options', () => {
  it('throws for an unknown step name, recording and spending nothing', () => {
    const { run } = aRun({
      run: {
        steps: [
          { name: 'research', tools: ['search'] },
          { name: 'write', tools: [] },
        ],
      },
    });
    const error = catchToolgateError(
      () => run.propose(ANSWER_TURN, { step: 'reserch' }),
      'invalid_option',
    );
    expect(error.message).toBe('the run has no step "reserch"; its steps are research, write');
    expect(run.records()).toEqual([]);
    expect(run.summary().turns).toBe(0);
  });

  it('throws for a step when the run has no steps', () => {
    const { run } = aRun();
    expect(
      catchToolgateError(() => run.propose(ANSWER_TURN, { step: 'a' }), 'invalid_option').message,
    ).toBe('the run has no step "a"; it has no steps');
  });

  it('throws for an unknown option', () => {
    const { run } = aRun();
    catchToolgateError(() => run.propose(ANSWER_TURN, { stage: 'a' } as never), 'invalid_option');
    catchToolgateError(() => run.propose(ANSWER_TURN, 'a' as never), 'invalid_option');
  });
});
