import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromProviderCall, toProviderToolName } from '../../src/index.js';
import { toSanitizedToolName } from '../../src/providers/toSanitizedToolName.js';
import { catchToolgateError } from '../helpers/catchToolgateError.js';
import { grantOf } from '../menu/fixtures.js';
import { runs } from '../helpers/testEnv.js';

const refOf = (back: ReturnType<typeof fromProviderCall>) =>
  'tool' in back ? `${back.tool}@${back.version}` : back;

describe('fromProviderCall with sanitized and prefixed names', () => {
  const grant = grantOf(['fs-read@1', 'slack/search@1', 'web-fetch@2']);

  it('maps the name the OpenAI Agents SDK sends back (fs-read_v1 => fs_read_v1) to its ref', () => {
    const call = { type: 'function_call', name: 'fs_read_v1', arguments: '{"path":"/a"}' };
    expect(fromProviderCall(call, { provider: 'openai', grant, names: 'sanitized' })).toEqual({
      tool: 'fs-read',
      version: 1,
      arguments: '{"path":"/a"}',
    });
    expect(
      refOf(
        fromProviderCall(
          { name: 'web_fetch_v2', arguments: '{}' },
          { provider: 'openai', grant, names: 'sanitized' },
        ),
      ),
    ).toBe('web-fetch@2');
  });

  it('refuses a sanitized name in exact mode: the table holds only the names toProviderToolName wrote', () => {
    expect(
      fromProviderCall({ name: 'fs_read_v1', arguments: '{}' }, { provider: 'openai', grant }),
    ).toEqual({ tool: 'fs_read', version: 1, arguments: '{}' });
    // fs_read@1 is not granted, so the gate refuses it by ref; never mapped to fs-read@1.
  });

  it('refuses a name two granted refs sanitize to, naming both, whatever spelling arrives', () => {
    const both = grantOf(['fs-read@1', 'fs_read@1']);
    for (const name of ['fs_read_v1', 'fs-read_v1']) {
      expect(
        fromProviderCall(
          { name, arguments: '{}' },
          { provider: 'openai', grant: both, names: 'sanitized' },
        ),
      ).toEqual({
        problem: `the provider tool name "${name}" could name fs-read@1 or fs_read@1 once sanitized; grant only one of them`,
      });
    }
    // Exact mode still tells them apart.
    expect(
      refOf(
        fromProviderCall(
          { name: 'fs-read_v1', arguments: '{}' },
          { provider: 'openai', grant: both },
        ),
      ),
    ).toBe('fs-read@1');
  });

  it('never reads back an ungranted name in sanitized mode: the original spelling is lost', () => {
    expect(
      fromProviderCall(
        { name: 'admin_wipe_v2', arguments: '{}' },
        { provider: 'openai', grant, names: 'sanitized' },
      ),
    ).toEqual({ problem: 'the provider tool name "admin_wipe_v2" names no tool of this grant' });
  });

  it('strips a prefix the runtime adds, and refuses a name without it', () => {
    const options = { provider: 'mcp', grant, prefix: 'mcp__toolgate__' } as const;
    expect(refOf(fromProviderCall({ name: 'mcp__toolgate__slack__search_v1' }, options))).toBe(
      'slack/search@1',
    );
    expect(fromProviderCall({ name: 'slack__search_v1' }, options)).toEqual({
      problem:
        'the provider tool name "slack__search_v1" does not start with the prefix "mcp__toolgate__"',
    });
    expect(
      refOf(
        fromProviderCall(
          { name: 'mcp_toolgate__fs_read_v1', arguments: '{}' },
          { provider: 'openai', grant, prefix: 'mcp_toolgate__', names: 'sanitized' },
        ),
      ),
    ).toBe('fs-read@1');
  });

  it('throws for a names or prefix option of the wrong kind', () => {
    catchToolgateError(
      () => fromProviderCall({}, { provider: 'mcp', grant, names: 'loose' } as never),
      'invalid_option',
    );
    catchToolgateError(
      () => fromProviderCall({}, { provider: 'mcp', grant, prefix: 7 } as never),
      'invalid_option',
    );
  });

  /** A segment as the registry allows, from a small alphabet so that sanitized names often collide. */
  const segment = fc.stringMatching(/^[aB][aB1_-]{0,4}$/);
  const ref = fc
    .tuple(fc.array(segment, { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 3 }))
    .map(([parts, version]) => `${parts.join('/')}@${version}`);

  it('maps every sanitized name back to the one ref it names, or refuses it as ambiguous (10,000 grants)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(ref, { minLength: 1, maxLength: 6 }), fc.nat(), (refs, pick) => {
        let many;
        try {
          many = grantOf(refs);
          // Exact provider names can collide too (a/b@1 and a__b@1): that grant is refused up front.
          fromProviderCall({ name: 'x' }, { provider: 'mcp', grant: many });
        } catch {
          return;
        }
        const target = refs[pick % refs.length] ?? '';
        const sent = toSanitizedToolName(toProviderToolName(target));
        const back = fromProviderCall(
          { name: sent },
          { provider: 'mcp', grant: many, names: 'sanitized' },
        );
        const sharers = refs.filter(
          (other) => toSanitizedToolName(toProviderToolName(other)) === sent,
        );
        if (sharers.length === 1) expect(refOf(back)).toBe(target);
        else expect(back).toHaveProperty('problem');
      }),
      { numRuns: runs(10_000) },
    );
  });

  it('never maps an arbitrary name to a ref whose sanitized name differs (10,000 names)', () => {
    const many = grantOf(['fs-read@1', 'slack/search@1', 'a-b/c_d@3']);
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), (name) => {
        const back = fromProviderCall(
          { name },
          { provider: 'mcp', grant: many, names: 'sanitized' },
        );
        if ('tool' in back) {
          expect(toSanitizedToolName(toProviderToolName(`${back.tool}@${back.version}`))).toBe(
            toSanitizedToolName(name),
          );
        }
      }),
      { numRuns: runs(10_000) },
    );
  });
});
