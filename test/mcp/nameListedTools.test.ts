import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameListedTools, toToolgateName } from '../../src/mcp/nameListedTools.js';
import { isToolName } from '../../src/registry/isToolName.js';
import { runs } from '../helpers/testEnv.js';

/** A name MCP allows (2025-11-25): letters, digits, `_`, `-` and `.`, here 1 to 100 characters. */
const anMcpName = fc.stringMatching(/^[\w.-]{1,100}$/);

const named = (names: readonly string[], namespace?: string) =>
  Object.fromEntries(
    [...nameListedTools(names, namespace)].map(([name, result]) => [
      name,
      result.ok ? result.name : 'refused',
    ]),
  );

describe('toToolgateName', () => {
  it('reads "." as "_" and puts mcp_ before a segment that does not start with a letter', () => {
    expect(toToolgateName('repo.get')).toBe('repo_get');
    expect(toToolgateName('a.b.c')).toBe('a_b_c');
    expect(toToolgateName('1password')).toBe('mcp_1password');
    expect(toToolgateName('_private')).toBe('mcp__private');
    expect(toToolgateName('.hidden')).toBe('mcp__hidden');
    expect(toToolgateName('-x')).toBe('mcp_-x');
    expect(toToolgateName('read_file')).toBe('read_file');
    expect(toToolgateName('Read-File2')).toBe('Read-File2');
  });

  it('has no reading for a character MCP does not allow', () => {
    for (const name of ['café', 'a b', 'a,b', 'a:b', '', 'a\u0000b', 'ｒｅｐｏ', 'a\nb'])
      expect(toToolgateName(name), JSON.stringify(name)).toBeUndefined();
  });
});

describe('nameListedTools', () => {
  it('names each tool under the namespace, and a name needing no reading keeps its own', () => {
    expect(named(['read_file', 'repo.get', '1password'], 'gh')).toEqual({
      read_file: 'gh/read_file',
      'repo.get': 'gh/repo_get',
      '1password': 'gh/mcp_1password',
    });
    expect(named(['repo.get'])).toEqual({ 'repo.get': 'repo_get' });
  });

  it('leaves a read name that collides unserved, naming the other tool; the unmapped one keeps it', () => {
    const names = nameListedTools(['repo.get', 'repo_get'], 'gh');
    expect(names.get('repo_get')).toEqual({ ok: true, name: 'gh/repo_get' });
    expect(names.get('repo.get')).toEqual({
      ok: false,
      problem:
        '"repo.get" reads as gh/repo_get, as "repo_get" does, so it is not served (only a name that needs no mapping keeps its reading); rename one on the server',
    });
    // Two read names, neither unmapped: neither is served.
    expect(named(['.x', '_x', 'y'], 'gh')).toEqual({ '.x': 'refused', _x: 'refused', y: 'gh/y' });
  });

  it('refuses a name with no reading, or one too long once read, saying why', () => {
    const names = nameListedTools(['café', 'a'.repeat(126)], 'gh');
    expect(names.get('café')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('"gh/café" is not a toolgate tool name') as string,
    });
    expect(names.get('a'.repeat(126))).toMatchObject({ ok: false });
    expect(named(['a'.repeat(125)], 'gh')).toEqual({ ['a'.repeat(125)]: `gh/${'a'.repeat(125)}` });
  });

  it('serves every MCP name that collides with no other, as a valid toolgate name (property)', () => {
    fc.assert(
      fc.property(anMcpName, (name) => {
        const result = nameListedTools([name], 'srv').get(name);
        expect(result?.ok).toBe(true);
        if (result?.ok === true) expect(isToolName(result.name)).toBe(true);
      }),
      { numRuns: runs(2_000) },
    );
  });

  it('never gives two MCP names one toolgate name, whatever the order (property)', () => {
    // Names of few characters, so readings collide often: `a.b` / `a_b`, `.a` / `_a` / `mcp__a`.
    const aCloseName = fc.stringMatching(/^(?:mcp_)?[ab._1-]{1,5}$/);
    fc.assert(
      fc.property(fc.uniqueArray(aCloseName, { minLength: 1, maxLength: 12 }), (names) => {
        const result = nameListedTools(names, 'srv');
        const served = [...result.values()].flatMap((item) => (item.ok ? [item.name] : []));
        expect(new Set(served).size).toBe(served.length);
        // Order does not matter.
        expect(named([...names].reverse(), 'srv')).toEqual(named(names, 'srv'));
        // A name that needs no reading is always served as itself.
        for (const name of names)
          if (isToolName(`srv/${name}`))
            expect(result.get(name)).toEqual({ ok: true, name: `srv/${name}` });
        // Every reading is the MCP name's own: without mcp_, the name with "." read as "_".
        for (const [name, item] of result) {
          if (!item.ok) continue;
          const local = item.name.slice('srv/'.length);
          const body = local.startsWith('mcp_') && !/^[a-z]/i.test(name) ? local.slice(4) : local;
          expect(body).toBe(name.replaceAll('.', '_'));
        }
      }),
      { numRuns: runs(2_000) },
    );
  });
});
