import { describe, expect, it } from 'vitest';
import { createRegistry, digestToolEntry } from '../../src/index.js';
import { aTool } from '../helpers/builders.js';

describe('digestToolEntry', () => {
  it("is sha256 of the entry's canonical JSON: the same definition gives the same digest anywhere", () => {
    const one = createRegistry({ builtins: 'none' }).register(aTool());
    const two = createRegistry({ builtins: 'none' }).register({
      ...aTool(),
      inputSchema: {
        additionalProperties: false,
        required: ['query'],
        properties: { query: { type: 'string' } },
        type: 'object',
      },
    });
    expect(digestToolEntry(one)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(digestToolEntry(two)).toBe(digestToolEntry(one));
  });

  it('changes with any part of the definition', () => {
    const base = digestToolEntry(createRegistry({ builtins: 'none' }).register(aTool()));
    for (const change of [
      { description: 'Other.' },
      { kind: 'mcp' },
      { version: 2 },
      { example: { query: 'x' } },
      { shapes: ['read'] },
    ]) {
      expect(
        digestToolEntry(createRegistry({ builtins: 'none' }).register(aTool(change))),
      ).not.toBe(base);
    }
  });

  it('tells a never-grantable built-in from a grantable one', () => {
    const selfRun = createRegistry().resolve('fs-read@1');
    const managed = createRegistry({ builtins: 'managed' }).resolve('fs-read@1');
    expect(selfRun && managed && digestToolEntry(selfRun) !== digestToolEntry(managed)).toBe(true);
  });
});
