import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../../src/registry/types.js';
import { aRegistry, aTool } from '../helpers/builders.js';
import { catchToolgateError } from '../helpers/catchToolgateError.js';

/** Registers `definition` (typed loosely, as JavaScript callers may pass anything) in an empty registry. */
const register = (definition: unknown) => aRegistry().register(definition as ToolDefinition);
const problemsOf = (definition: unknown): readonly string[] =>
  catchToolgateError(() => register(definition), 'invalid_tool').problems;

describe('register', () => {
  describe('a valid definition', () => {
    it('returns the entry with its ref and defaults filled in', () => {
      const { kind: _kind, ...withoutKind } = aTool();
      expect(register(withoutKind)).toStrictEqual({
        name: 'search',
        version: 1,
        ref: 'search@1',
        kind: 'custom',
        description: 'Searches the documents.',
        inputSchema: aTool().inputSchema,
        shapes: ['call'],
        network: [],
        secrets: [],
        resources: [],
        builtIn: false,
        grantable: true,
      });
    });

    it('keeps the shapes in order, the first being the default', () => {
      expect(register(aTool({ shapes: ['read', 'overwrite'] })).shapes).toEqual([
        'read',
        'overwrite',
      ]);
      expect(register(aTool({ shapes: ['overwrite', 'read'] })).shapes).toEqual([
        'overwrite',
        'read',
      ]);
    });

    it('drops a repeated shape, keeping the first', () => {
      expect(register(aTool({ shapes: ['read', 'call', 'read'] })).shapes).toEqual([
        'read',
        'call',
      ]);
    });

    it('keeps the kind label it is given', () => {
      expect(register(aTool({ kind: 'mcp' })).kind).toBe('mcp');
    });

    it('keeps the example when it matches the schema', () => {
      expect(register(aTool({ example: { query: 'budget' } })).example).toEqual({
        query: 'budget',
      });
    });

    it('has no example key when none is given', () => {
      expect('example' in register(aTool())).toBe(false);
    });

    it('canonicalizes its network patterns', () => {
      const entry = register(
        aTool({ network: ['API.Slack.com', '*.Example.COM:8443', 'bücher.de', '*'] }),
      );
      expect(entry.network).toEqual([
        'api.slack.com',
        '*.example.com:8443',
        'xn--bcher-kva.de',
        '*',
      ]);
    });

    it('keeps valid secret names as given', () => {
      expect(register(aTool({ secrets: ['SLACK_TOKEN', 'github.token-2'] })).secrets).toEqual([
        'SLACK_TOKEN',
        'github.token-2',
      ]);
    });

    it('gives a path resource without access the access "write", and keeps "read"', () => {
      const entry = register(
        aTool({
          resources: [
            { kind: 'path', at: '/out' },
            { kind: 'path', at: '/in', access: 'read' },
            { kind: 'path', at: '/also', access: 'write' },
          ],
        }),
      );
      expect(entry.resources).toEqual([
        { kind: 'path', at: '/out', access: 'write' },
        { kind: 'path', at: '/in', access: 'read' },
        { kind: 'path', at: '/also', access: 'write' },
      ]);
    });

    it('accepts url, host and secret resources without access, and wildcard and escaped pointers', () => {
      const resources = [
        { kind: 'url', at: '/links/*' },
        { kind: 'host', at: '/servers/*/host' },
        { kind: 'secret', at: '/auth~1token' },
        { kind: 'path', at: '/a~0b', access: 'read' },
      ] as const;
      expect(register(aTool({ resources })).resources).toEqual(resources);
    });
  });

  describe('refusing a definition', () => {
    it('reports every problem at once, each naming its field', () => {
      const error = catchToolgateError(
        () =>
          register({
            name: '1bad',
            version: 0,
            kind: '',
            description: '  ',
            inputSchema: { type: 'string' },
            shapes: ['Call'],
            network: ['*.com'],
            secrets: ['a b'],
            resources: [{ kind: 'file', at: 'path' }],
            handler: 'run.js',
          }),
        'invalid_tool',
      );
      expect(error.problems).toEqual([
        expect.stringContaining('unknown key "handler"'),
        expect.stringContaining('name 1bad must be 1–4 segments'),
        expect.stringContaining('version 0 must be a positive integer'),
        expect.stringContaining('kind  must be a non-empty label'),
        expect.stringContaining('description must be a non-empty string'),
        expect.stringContaining('type to "object"'),
        expect.stringContaining('shapes[0] Call must be a lower-case word'),
        expect.stringContaining('network[0] *.com'),
        expect.stringContaining('secrets[0] a b must be'),
        expect.stringContaining('resources[0].kind file must be one of path, url, host, secret'),
        expect.stringContaining(
          'resources[0].at path: "at" must be a JSON Pointer starting with "/"',
        ),
      ]);
      expect(error.message).toContain('has 11 problems');
      for (const problem of error.problems) expect(error.message).toContain(problem);
    });

    it('reports an empty shapes list, and no such problem for a list of bad shapes', () => {
      expect(problemsOf(aTool({ shapes: [] }))).toEqual([
        'shapes must list at least one shape; the first is the default',
      ]);
      expect(problemsOf(aTool({ shapes: ['Read'] }))).toEqual([
        expect.stringContaining('shapes[0] Read'),
      ]);
    });

    it('throws duplicate_tool, not invalid_tool, for a (name, version) already registered', () => {
      const registry = aRegistry([aTool()]);
      const error = catchToolgateError(
        () => registry.register(aTool({ description: 'Other.' })),
        'duplicate_tool',
      );
      expect(error.message).toContain('search@1');
      expect(registry.resolve('search@1')?.description).toBe('Searches the documents.');
    });

    it('throws duplicate_tool for a definition that repeats a built-in', () => {
      const registry = aRegistry([], 'self-run');
      catchToolgateError(
        () => registry.register(aTool({ name: 'fs-read', inputSchema: { type: 'object' } })),
        'duplicate_tool',
      );
    });

    it('registers another version of the same name', () => {
      const registry = aRegistry([aTool({ version: 1 })]);
      expect(registry.register(aTool({ version: 2 })).ref).toBe('search@2');
    });

    it.each([
      ['null', null],
      ['a string', 'search@1'],
      ['an array', [aTool()]],
      ['a number', 1],
    ])('refuses %s as a definition', (_what, definition) => {
      expect(problemsOf(definition)).toHaveLength(1);
    });

    it('refuses a definition that is not plain JSON data', () => {
      expect(problemsOf(aTool({ example: { query: () => 'x' } }))).toEqual([
        expect.stringContaining('the definition must be plain JSON data'),
      ]);
      expect(problemsOf({ ...aTool(), version: Number.NaN })).toEqual([
        expect.stringContaining('the definition must be plain JSON data'),
      ]);
    });

    it.each(['handler', 'Name', '__proto__', 'constructor', 'grantable', 'builtIn'])(
      'refuses the unknown key %j',
      (key) => {
        const definition = JSON.parse(JSON.stringify(aTool())) as Record<string, unknown>;
        Object.defineProperty(definition, key, { value: 1, enumerable: true });
        expect(problemsOf(definition)).toEqual([expect.stringContaining(`unknown key "${key}"`)]);
      },
    );

    it('does not let a "__proto__" key in a definition pollute Object.prototype', () => {
      const definition: unknown = JSON.parse(
        `{"__proto__": {"polluted": true}, "name": "a", "version": 1, "description": "d", "inputSchema": {"type": "object"}}`,
      );
      problemsOf(definition);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it.each([
      ['a name with a space', { name: 'a b' }, 'name a b must be'],
      ['a name of five segments', { name: 'a/b/c/d/e' }, 'name a/b/c/d/e must be'],
      ['a string version', { version: '1' }, 'must be a positive integer'],
      ['a fractional version', { version: 1.5 }, 'version 1.5 must be a positive integer'],
      ['a negative version', { version: -2 }, 'version -2 must be'],
      ['an unsafe version', { version: 2 ** 53 }, 'must be a positive integer'],
      ['a kind that is not a string', { kind: 3 }, 'kind 3 must be a non-empty label'],
      ['a blank kind', { kind: ' ' }, 'must be a non-empty label'],
      ['an empty description', { description: '' }, 'description must be a non-empty string'],
      [
        'a description that is not a string',
        { description: ['a'] },
        'description must be a non-empty string',
      ],
      ['shapes that are not a list', { shapes: 'call' }, 'shapes must be a list of strings'],
      ['a shape that is not a string', { shapes: [1] }, 'shapes[0] must be a string'],
      [
        'a shape with a space',
        { shapes: ['over write'] },
        'shapes[0] over write must be a lower-case word',
      ],
      ['a shape starting with a digit', { shapes: ['1call'] }, 'shapes[0] 1call'],
      ['network that is not a list', { network: 'slack.com' }, 'network must be a list of strings'],
      ['a wildcard over a public suffix', { network: ['*.co.uk'] }, 'network[0] *.co.uk'],
      ['a host with a path', { network: ['slack.com/api'] }, 'network[0] slack.com/api'],
      ['a wildcard over an IP literal', { network: ['*.1.2.3.4'] }, 'network[0] *.1.2.3.4'],
      ['an empty network pattern', { network: [''] }, 'network[0]'],
      ['secrets that are not a list', { secrets: {} }, 'secrets must be a list of strings'],
      ['a secret prefix pattern', { secrets: ['SLACK_*'] }, 'secrets[0] SLACK_* must be 1–128'],
      ['an empty secret name', { secrets: [''] }, 'secrets[0]  must be 1–128'],
      ['a secret name of 129 characters', { secrets: ['S'.repeat(129)] }, 'secrets[0]'],
      [
        'resources that are not a list',
        { resources: { kind: 'path' } },
        'resources must be a list',
      ],
      [
        'a resource that is not an object',
        { resources: ['/path'] },
        'resources[0] must be an object',
      ],
      [
        'an unknown resource kind',
        { resources: [{ kind: 'file', at: '/p' }] },
        'resources[0].kind file must be one of',
      ],
      ['a resource without kind', { resources: [{ at: '/p' }] }, 'resources[0].kind undefined'],
      [
        'a pointer without a leading "/"',
        { resources: [{ kind: 'url', at: 'url' }] },
        'resources[0].at url',
      ],
      ['an empty pointer', { resources: [{ kind: 'url', at: '' }] }, 'resources[0].at'],
      [
        'a pointer that is not a string',
        { resources: [{ kind: 'url', at: 1 }] },
        'resources[0].at 1',
      ],
      [
        'a bad "~" escape',
        { resources: [{ kind: 'url', at: '/a~2' }] },
        '"~" in a JSON Pointer must be written "~0"',
      ],
      [
        'a lone "~" at the end',
        { resources: [{ kind: 'url', at: '/a~' }] },
        '"~" in a JSON Pointer',
      ],
      [
        'access on a url resource',
        { resources: [{ kind: 'url', at: '/u', access: 'read' }] },
        'resources[0].access is only for path resources',
      ],
      [
        'access on a secret resource',
        { resources: [{ kind: 'secret', at: '/s', access: 'write' }] },
        'resources[0].access is only for path resources',
      ],
      [
        'an unknown access',
        { resources: [{ kind: 'path', at: '/p', access: 'execute' }] },
        'resources[0].access execute must be "read" or "write"',
      ],
      [
        'an unknown resource key',
        { resources: [{ kind: 'path', at: '/p', mode: 'read' }] },
        'resources[0] has unknown key "mode"',
      ],
    ])('refuses %s', (_what, overrides, expected) => {
      const definition = { ...aTool(), ...overrides } as Record<string, unknown>;
      const problems = problemsOf(definition);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain(expected);
    });

    it('refuses a definition without a name, version, description or inputSchema, reporting each', () => {
      expect(problemsOf({ kind: 'custom' })).toEqual([
        expect.stringContaining('name undefined must be'),
        expect.stringContaining('version undefined must be'),
        expect.stringContaining('description must be a non-empty string'),
        'inputSchema must be a JSON Schema object',
      ]);
    });

    it('reports the place of each bad list item', () => {
      expect(
        problemsOf(
          aTool({
            network: ['slack.com', '*.com', 'ok.example', 'a b'],
            secrets: ['OK', 'no way'],
          }),
        ),
      ).toEqual([
        expect.stringContaining('network[1] *.com'),
        expect.stringContaining('network[3] a b'),
        expect.stringContaining('secrets[1] no way'),
      ]);
    });

    it('refuses an example that does not match the schema, saying where', () => {
      const problems = problemsOf(aTool({ example: { query: 1 } }));
      expect(problems).toEqual([expect.stringContaining('example does not match the inputSchema')]);
      expect(problems[0]).toContain('/query must be string');
    });

    it('refuses an example that leaves out a required property, pointing at it', () => {
      expect(problemsOf(aTool({ example: {} }))[0]).toContain('/query must have required property');
    });

    it('refuses an example that is not an object', () => {
      expect(problemsOf(aTool({ example: 'budget' }))[0]).toContain(
        'example does not match the inputSchema',
      );
    });
  });

  describe('the returned entry', () => {
    it('is deeply frozen', () => {
      const entry = register(
        aTool({
          shapes: ['read'],
          network: ['slack.com'],
          secrets: ['TOKEN'],
          resources: [{ kind: 'path', at: '/p', access: 'read' }],
          example: { query: 'q' },
        }),
      );
      const schema = entry.inputSchema as { properties: { query: object }; required: string[] };
      for (const part of [
        entry,
        entry.inputSchema,
        schema.properties,
        schema.properties.query,
        schema.required,
        entry.shapes,
        entry.network,
        entry.secrets,
        entry.resources,
        entry.resources[0],
        entry.example,
      ]) {
        expect(Object.isFrozen(part)).toBe(true);
      }
    });

    it('does not change when the caller later mutates its definition', () => {
      const properties: Record<string, unknown> = { query: { type: 'string' } };
      const shapes = ['read'];
      const network = ['slack.com'];
      const resource: { kind: 'path'; at: string; access: 'read' | 'write' } = {
        kind: 'path',
        at: '/p',
        access: 'read',
      };
      const resources = [resource];
      const example = { query: 'q' };
      const definition = {
        ...aTool(),
        inputSchema: { type: 'object', properties },
        shapes,
        network,
        resources,
        example,
      };
      const registry = aRegistry([definition]);
      properties.query = { type: 'integer' };
      shapes.push('write');
      network[0] = '*';
      resource.access = 'write';
      example.query = 'changed';
      definition.description = 'Changed.';

      const entry = registry.resolve('search@1');
      expect(entry?.inputSchema).toEqual({
        type: 'object',
        properties: { query: { type: 'string' } },
      });
      expect(entry?.shapes).toEqual(['read']);
      expect(entry?.network).toEqual(['slack.com']);
      expect(entry?.resources).toEqual([{ kind: 'path', at: '/p', access: 'read' }]);
      expect(entry?.example).toEqual({ query: 'q' });
      expect(entry?.description).toBe('Searches the documents.');
    });

    it('is what resolve returns for its ref', () => {
      const registry = aRegistry();
      const entry = registry.register(aTool());
      expect(registry.resolve('search@1')).toBe(entry);
    });

    it('reads a getter once: a definition that changes between reads registers what was read', () => {
      let reads = 0;
      const definition = {
        ...aTool(),
        get description() {
          reads++;
          return reads === 1 ? 'First read.' : '';
        },
      };
      const entry = register(definition);
      expect(entry.description).toBe('First read.');
      expect(reads).toBe(1);
    });
  });
});
