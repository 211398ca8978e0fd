import { describe, expect, it } from 'vitest';
import { createGate, createRun, selfRunRuntime } from '../../src/index.js';
import { catchToolgateError } from '../helpers/catchToolgateError.js';

const rows = (runtime: ReturnType<typeof selfRunRuntime>) =>
  runtime.registry
    .inventory()
    .map(({ name, version, builtIn, grantable }) => ({ name, version, builtIn, grantable }));

describe('selfRunRuntime', () => {
  it('with a folder and a model served, registers the read-only file tool and seeds the starter workflow', () => {
    const runtime = selfRunRuntime({ folder: '/srv/docs/./', modelServed: true });
    expect(runtime.fileTools).toBe(true);
    expect(rows(runtime)).toEqual([
      { name: 'fs-read', version: 1, builtIn: true, grantable: true },
      { name: 'text-summarize', version: 1, builtIn: true, grantable: true },
    ]);
    expect(runtime.workflow).toEqual({
      name: 'starter',
      grant: {
        tools: ['fs-read@1'],
        folders: [{ path: '/srv/docs', access: 'read' }],
        network: [],
        secrets: [],
      },
    });
  });

  it('never removes its built-ins', () => {
    const { registry } = selfRunRuntime({ folder: '/srv', modelServed: true });
    expect(registry.deregister('fs-read@1')).toEqual({
      removed: false,
      message: 'not removed (absent or a built-in)',
    });
    expect(registry.deregister('text-summarize@1')).toEqual({
      removed: false,
      message: 'not removed (absent or a built-in)',
    });
  });

  it('seeds a workflow that reads inside exactly that folder and nowhere else', () => {
    const { registry, workflow } = selfRunRuntime({ folder: '/srv/docs', modelServed: true });
    if (workflow === undefined) throw new Error('expected a starter workflow');
    const run = createRun({ gate: createGate({ registry }), grant: workflow.grant });
    const record = run.propose({
      calls: [
        { tool: 'fs-read', version: 1, arguments: { path: '/srv/docs/a.md' } },
        { tool: 'fs-read', version: 1, arguments: { path: '/srv/docs2/a.md' } },
        { tool: 'fs-read', version: 1, arguments: { path: '/srv/docs/../secrets' } },
      ],
    });
    const verdicts = (record.calls ?? []).map((call) => run.dispatch(call).allowed);
    expect(verdicts).toEqual([true, false, false]);
  });

  it('does not register fs-write@1, so no turn can write', () => {
    const { registry, workflow } = selfRunRuntime({ folder: '/srv', modelServed: true });
    expect(registry.resolve('fs-write@1')).toBeUndefined();
    expect(workflow?.grant.tools).not.toContain('fs-write@1');
  });

  it.each([
    ['no folder', { modelServed: true }],
    ['no model served', { folder: '/srv/docs', modelServed: false }],
    ['neither', { modelServed: false }],
  ])('with %s, registers no file tool and seeds no workflow', (_name, options) => {
    const runtime = selfRunRuntime(options);
    expect(runtime.fileTools).toBe(false);
    expect(runtime.workflow).toBeUndefined();
    expect(rows(runtime)).toEqual([
      { name: 'text-summarize', version: 1, builtIn: true, grantable: true },
    ]);
  });

  it('refuses a folder that is not an absolute path', () => {
    catchToolgateError(
      () => selfRunRuntime({ folder: 'docs', modelServed: true }),
      'invalid_grant',
    );
    catchToolgateError(() => selfRunRuntime({ folder: '', modelServed: true }), 'invalid_grant');
  });

  it('refuses bad options', () => {
    catchToolgateError(() => selfRunRuntime({ folder: '/srv' } as never), 'invalid_option');
    catchToolgateError(
      () => selfRunRuntime({ folder: 7, modelServed: true } as never),
      'invalid_option',
    );
    catchToolgateError(() => selfRunRuntime({ modelServed: 'yes' } as never), 'invalid_option');
    catchToolgateError(
      () => selfRunRuntime({ modelServed: true, builtins: 'none' } as never),
      'invalid_option',
    );
    catchToolgateError(() => selfRunRuntime(null as never), 'invalid_option');
  });
});
