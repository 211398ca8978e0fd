import fc from 'fast-check';
import { findNodeAtLocation, parse, parseTree } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { clientKind, CLIENTS } from '../../../src/cli/wrap/clientConfig.js';
import { rewriteClientConfig } from '../../../src/cli/wrap/rewriteClientConfig.js';
import { runs } from '../../helpers/testEnv.js';

/**
 * Generated configs (any client, any indentation and line ends, comments
 * and trailing commas, servers in any order, a kept server named toolgate):
 * the rewrite takes out exactly the wrapped servers, puts one entry in,
 * and leaves the text of every kept server and every other key as it was.
 */

const NAMES = ['fs', 'git', 'toolgate', 'toolgate-2', 'web', 'notes', 'a_b'];
const anEntry = fc.oneof(
  fc.record({
    command: fc.constantFrom('node', 'npx', '/usr/bin/x'),
    args: fc.array(fc.string(), { maxLength: 3 }),
  }),
  fc.record({ url: fc.constantFrom('https://a.example/mcp', 'http://127.0.0.1:9/mcp') }),
  fc.record({
    command: fc.constant('x'),
    env: fc.dictionary(fc.constantFrom('A', 'B_C'), fc.string()),
  }),
);
const aConfig = fc.record({
  client: fc.constantFrom(...CLIENTS),
  servers: fc.uniqueArray(fc.tuple(fc.constantFrom(...NAMES), anEntry), {
    minLength: 1,
    maxLength: 6,
    selector: ([name]) => name,
  }),
  wrap: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
  indent: fc.constantFrom('  ', '    ', '\t'),
  crlf: fc.boolean(),
  comments: fc.boolean(),
  trailing: fc.boolean(),
  other: fc.boolean(),
});

describe('rewriteClientConfig', () => {
  it('takes out the wrapped servers, adds one entry, and keeps every other byte', () => {
    fc.assert(
      fc.property(aConfig, (config) => {
        const client = clientKind(config.client);
        const wrapped = config.servers
          .filter((_, index) => config.wrap[index] === true)
          .map(([name]) => name);
        fc.pre(wrapped.length > 0);
        const eol = config.crlf ? '\r\n' : '\n';
        const i1 = config.indent;
        const i2 = config.indent.repeat(2);
        const body = config.servers.map(
          ([name, entry]) =>
            `${i2}${config.comments ? `/* ${name} */ ` : ''}${JSON.stringify(name)}: ${JSON.stringify(entry)}`,
        );
        const text = [
          config.comments ? '// a config' : '',
          '{',
          ...(config.other ? [`${i1}"theme": "dark",`] : []),
          `${i1}"${client.key}": {`,
          body.join(`,${eol}`) + (config.trailing ? ',' : ''),
          `${i1}}${config.trailing ? ',' : ''}`,
          '}',
          '',
        ].join(eol);
        const start = { command: '/usr/bin/node', args: ['/t/cli.js', 'mcp', '--audit'] };
        const taken = config.servers.map(([name]) => name);
        const result = rewriteClientConfig(text, client, wrapped, taken, start);
        const errors: unknown[] = [];
        const value = parse(result.text, errors as never, { allowTrailingComma: true }) as Record<
          string,
          Record<string, unknown>
        >;
        expect(errors).toEqual([]);
        const kept = config.servers.filter(([name]) => !wrapped.includes(name));
        expect(kept.map(([name]) => name)).not.toContain(result.entry);
        expect(Object.keys(value[client.key] ?? {}).sort()).toEqual(
          [...kept.map(([name]) => name), result.entry].sort(),
        );
        expect(value[client.key]?.[result.entry]).toEqual({
          ...(client.typed ? { type: 'stdio' } : {}),
          ...start,
        });
        // Every kept server's text, and everything before the servers, is there byte for byte.
        for (const [name, entry] of kept)
          expect(result.text).toContain(`${JSON.stringify(name)}: ${JSON.stringify(entry)}`);
        const head = text.slice(0, text.indexOf(`"${client.key}"`));
        expect(result.text.startsWith(head)).toBe(true);
        if (config.other) expect(value.theme).toBe('dark');
        // The new entry sits where the first wrapped server was, at its indentation.
        const tree = parseTree(result.text, [], { allowTrailingComma: true });
        const node =
          tree === undefined ? undefined : findNodeAtLocation(tree, [client.key, result.entry]);
        expect(node).toBeDefined();
        const line = result.text.slice(
          result.text.lastIndexOf('\n', (node?.parent?.offset ?? 0) - 1) + 1,
        );
        expect(line.startsWith(i2)).toBe(true);
      }),
      { numRuns: runs(500), seed: 20_261_204 },
    );
  });
});
