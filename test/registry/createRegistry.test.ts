import { describe, expect, it } from 'vitest';
import { createRegistry } from '../../src/registry/createRegistry.js';
import type { BuiltinsMode } from '../../src/registry/types.js';
import { aRegistry, aTool } from '../helpers/builders.js';
import { catchToolgateError } from '../helpers/catchToolgateError.js';

const NOT_REMOVED = { removed: false, message: 'not removed (absent or a built-in)' };

const refsOf = (mode?: BuiltinsMode): string[] =>
  createRegistry(mode === undefined ? undefined : { builtins: mode })
    .inventory()
    .map((row) => `${row.name}@${row.version}:${row.grantable ? 'grantable' : 'not grantable'}`);

describe('createRegistry', () => {
  describe('options', () => {
    it('starts with the self-run built-ins, all grantable, when no option is given', () => {
      expect(refsOf()).toEqual([
        'fs-read@1:grantable',
        'fs-write@1:grantable',
        'text-summarize@1:grantable',
      ]);
    });

    it('starts with the self-run built-ins when builtins is "self-run"', () => {
      expect(refsOf('self-run')).toEqual(refsOf());
    });

    it('lists fs-read@1 and fs-write@1 as not grantable with builtins "managed"', () => {
      expect(refsOf('managed')).toEqual([
        'fs-read@1:not grantable',
        'fs-write@1:not grantable',
        'text-summarize@1:grantable',
      ]);
    });

    it('starts empty with builtins "none"', () => {
      expect(createRegistry({ builtins: 'none' }).inventory()).toEqual([]);
    });

    it('refuses an unknown option with invalid_option, naming it', () => {
      const error = catchToolgateError(
        () => createRegistry({ builtin: 'none' } as unknown as { builtins: BuiltinsMode }),
        'invalid_option',
      );
      expect(error.message).toContain('"builtin"');
    });

    it.each(['cloud', 'Self-Run', '', 1, null])(
      'refuses the builtins mode %j with invalid_option',
      (mode) => {
        catchToolgateError(
          () => createRegistry({ builtins: mode as unknown as BuiltinsMode }),
          'invalid_option',
        );
      },
    );

    it('refuses options that are not a plain object', () => {
      for (const options of [null, [], 'self-run']) {
        catchToolgateError(
          () => createRegistry(options as unknown as { builtins: BuiltinsMode }),
          'invalid_option',
        );
      }
    });
  });

  describe('built-ins', () => {
    it('defines fs-read@1 with shape "read" and a read-only path resource at /path', () => {
      const entry = createRegistry().resolve('fs-read@1');
      expect(entry).toMatchObject({
        name: 'fs-read',
        version: 1,
        ref: 'fs-read@1',
        kind: 'builtin',
        builtIn: true,
        shapes: ['read'],
        resources: [{ kind: 'path', at: '/path', access: 'read' }],
        network: [],
        secrets: [],
      });
    });

    it('defines fs-write@1 with the single shape "overwrite" and a write path resource at /path', () => {
      const entry = createRegistry().resolve('fs-write@1');
      expect(entry?.shapes).toEqual(['overwrite']);
      expect(entry?.resources).toEqual([{ kind: 'path', at: '/path', access: 'write' }]);
      expect(entry?.builtIn).toBe(true);
    });

    it('defines text-summarize@1 with no network, no secrets and no resources', () => {
      const entry = createRegistry().resolve('text-summarize@1');
      expect(entry).toMatchObject({
        builtIn: true,
        grantable: true,
        network: [],
        secrets: [],
        resources: [],
      });
    });

    it('gives each registry its own tools: registering in one does not show in another', () => {
      const first = createRegistry();
      const second = createRegistry();
      first.register(aTool());
      expect(first.resolve('search@1')).toBeDefined();
      expect(second.resolve('search@1')).toBeUndefined();
    });
  });

  describe('deregister', () => {
    it('removes a registered tool and returns exactly { removed: true }', () => {
      const registry = aRegistry([aTool()]);
      expect(registry.deregister('search@1')).toStrictEqual({ removed: true });
      expect(registry.resolve('search@1')).toBeUndefined();
      expect(registry.inventory()).toEqual([]);
    });

    it('lets a removed ref be registered again', () => {
      const registry = aRegistry([aTool()]);
      registry.deregister('search@1');
      expect(registry.register(aTool({ description: 'Second life.' })).description).toBe(
        'Second life.',
      );
    });

    it('reports an absent tool as not removed, with the exact message', () => {
      expect(aRegistry().deregister('search@1')).toStrictEqual(NOT_REMOVED);
    });

    it('reports a tool removed twice as not removed the second time', () => {
      const registry = aRegistry([aTool()]);
      registry.deregister('search@1');
      expect(registry.deregister('search@1')).toStrictEqual(NOT_REMOVED);
    });

    it.each(['fs-read@1', 'fs-write@1', 'text-summarize@1'])(
      'never removes the built-in %s',
      (ref) => {
        for (const mode of ['self-run', 'managed'] as const) {
          const registry = createRegistry({ builtins: mode });
          expect(registry.deregister(ref)).toStrictEqual(NOT_REMOVED);
          expect(registry.resolve(ref)).toBeDefined();
        }
      },
    );

    it.each(['search', 'search@01', 'Search@1', 'search@1 ', '', '@@@'])(
      'reports the malformed or inexact ref %j as not removed and keeps the tool',
      (ref) => {
        const registry = aRegistry([aTool()]);
        expect(registry.deregister(ref)).toStrictEqual(NOT_REMOVED);
        expect(registry.resolve('search@1')).toBeDefined();
      },
    );

    it('reports a non-string ref as not removed', () => {
      expect(aRegistry([aTool()]).deregister(1 as unknown as string)).toStrictEqual(NOT_REMOVED);
    });

    it('removes only the exact version', () => {
      const registry = aRegistry([aTool({ version: 1 }), aTool({ version: 2 })]);
      registry.deregister('search@2');
      expect(registry.resolve('search@1')).toBeDefined();
      expect(registry.resolve('search@2')).toBeUndefined();
    });
  });

  describe('resolve', () => {
    const registry = aRegistry([aTool({ name: 'web-search', version: 1 })]);

    it('finds a tool by its exact ref', () => {
      expect(registry.resolve('web-search@1')?.ref).toBe('web-search@1');
    });

    it.each([
      ['web-search@2', 'another version'],
      ['web-search', 'no version'],
      ['web@1', 'a prefix of the name'],
      ['web-search-pro@1', 'a longer name'],
      ['Web-Search@1', 'a different case'],
      ['WEB-SEARCH@1', 'upper case'],
      ['web-search@01', 'a leading zero'],
      [' web-search@1', 'a leading space'],
      ['web-search@1.0', 'a decimal version'],
    ])('does not find %j (%s)', (ref) => {
      expect(registry.resolve(ref)).toBeUndefined();
    });

    it('returns undefined for a value that is not a string', () => {
      expect(registry.resolve(undefined as unknown as string)).toBeUndefined();
    });
  });

  describe('inventory', () => {
    it('lists rows with exactly name, version, kind, builtIn, grantable, network, description and digest', () => {
      const registry = aRegistry([
        aTool({
          name: 'slack/search',
          kind: 'hosted',
          network: ['API.Slack.com'],
          description: 'Searches Slack.',
        }),
      ]);
      expect(registry.inventory()).toStrictEqual([
        {
          name: 'slack/search',
          version: 1,
          kind: 'hosted',
          builtIn: false,
          grantable: true,
          network: ['api.slack.com'],
          description: 'Searches Slack.',
          digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) as unknown,
        },
      ]);
    });

    it('sorts by name, then numerically by version, whatever the order of registration', () => {
      const registry = aRegistry([
        aTool({ name: 'zeta', version: 10 }),
        aTool({ name: 'alpha', version: 2 }),
        aTool({ name: 'zeta', version: 9 }),
        aTool({ name: 'mid/b', version: 1 }),
        aTool({ name: 'zeta', version: 1 }),
        aTool({ name: 'alpha', version: 1 }),
        aTool({ name: 'mid', version: 3 }),
      ]);
      expect(registry.inventory().map((row) => `${row.name}@${row.version}`)).toEqual([
        'alpha@1',
        'alpha@2',
        'mid@3',
        'mid/b@1',
        'zeta@1',
        'zeta@9',
        'zeta@10',
      ]);
    });

    it('places built-ins and registered tools in one sorted list', () => {
      const registry = createRegistry();
      registry.register(aTool({ name: 'git/log' }));
      expect(registry.inventory().map((row) => [row.name, row.builtIn])).toEqual([
        ['fs-read', true],
        ['fs-write', true],
        ['git/log', false],
        ['text-summarize', true],
      ]);
    });

    it('returns frozen rows that a caller cannot change', () => {
      const [row] = aRegistry([aTool()]).inventory();
      expect(Object.isFrozen(row)).toBe(true);
      expect(Object.isFrozen(row?.network)).toBe(true);
    });
  });

  describe('revision', () => {
    it('grows on every register and every removal', () => {
      const registry = createRegistry({ builtins: 'none' });
      const start = registry.revision();
      registry.register(aTool());
      const afterRegister = registry.revision();
      expect(afterRegister).toBeGreaterThan(start);
      registry.deregister('search@1');
      expect(registry.revision()).toBeGreaterThan(afterRegister);
    });

    it('does not change on a refused register, a duplicate, a refused removal or a read', () => {
      const registry = aRegistry([aTool()], 'self-run');
      const before = registry.revision();
      expect(() => registry.register(aTool({ name: '1bad' }))).toThrow();
      expect(() => registry.register(aTool())).toThrow();
      registry.deregister('absent@1');
      registry.deregister('fs-read@1');
      registry.resolve('search@1');
      registry.inventory();
      expect(registry.revision()).toBe(before);
    });
  });
});
