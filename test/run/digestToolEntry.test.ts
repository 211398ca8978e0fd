import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/data/canonicalJson.js';
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

  it('leaves registry flags out: a never-grantable built-in has the digest of the grantable one', () => {
    const selfRun = createRegistry().resolve('fs-read@1');
    const managed = createRegistry({ builtins: 'managed' }).resolve('fs-read@1');
    expect(managed?.grantable).toBe(false);
    expect(selfRun && digestToolEntry(selfRun)).toBe(managed && digestToolEntry(managed));
  });

  it('is the SHA-256 of the canonical JSON of the definition keys, the defaults filled in', () => {
    const entry = createRegistry({ builtins: 'none' }).register(aTool());
    const definition = {
      name: entry.name,
      version: entry.version,
      kind: entry.kind,
      description: entry.description,
      inputSchema: entry.inputSchema,
      shapes: entry.shapes,
      network: entry.network,
      secrets: entry.secrets,
      resources: entry.resources,
    };
    expect(digestToolEntry(entry)).toBe(
      `sha256:${createHash('sha256').update(canonicalJson(definition), 'utf8').digest('hex')}`,
    );
    // A definition spelling out the defaults is the same definition.
    const spelled = createRegistry({ builtins: 'none' }).register(
      aTool({ shapes: ['call'], network: [], secrets: [], resources: [], kind: entry.kind }),
    );
    expect(digestToolEntry(spelled)).toBe(digestToolEntry(entry));
  });

  it('is what inventory() rows show', () => {
    const registry = createRegistry();
    const rows = registry.inventory();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const entry = registry.resolve(`${row.name}@${row.version}`);
      if (entry === undefined) throw new Error(`${row.name}@${row.version} does not resolve`);
      expect(row.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
      expect(row.digest).toBe(digestToolEntry(entry));
    }
  });
});
