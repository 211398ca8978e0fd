import { posix } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createGrant,
  type GateContext,
  type GrantSpec,
  type RefusalCode,
  type TurnDecision,
} from '../../src/index.js';
import { deepFreeze } from '../../src/data/deepFreeze.js';
import { aGateSetup, FULL_GRANT, REFUSAL_CODES } from '../gate/fixtures.js';
import { enough, runs } from '../helpers/testEnv.js';

const RUNS = { numRuns: runs(10_000), seed: 20_261_130 } as const;
const CODES: ReadonlySet<RefusalCode> = new Set<RefusalCode>(REFUSAL_CODES);

const { gate, context } = aGateSetup();

/** A decision is well formed: one of the three settlements, a refusal with a known code and a reason. */
function expectWellFormed(decision: TurnDecision): void {
  expect(['answer', 'tool', 'rejected']).toContain(decision.settled);
  if (decision.settled === 'rejected') {
    expect(CODES.has(decision.refusal.code)).toBe(true);
    expect(decision.refusal.reason.length).toBeGreaterThan(0);
    expect(JSON.parse(JSON.stringify(decision.refusal))).toEqual(decision.refusal);
  }
}

const segment = fc.constantFrom(
  '..',
  '.',
  '',
  'a',
  'b',
  'project',
  'srv',
  'docs',
  'etc',
  '%2e%2e',
  '..%2f',
  '~',
  'project2',
  '\\',
  '\u0000',
  'é',
);
const pathText = fc
  .tuple(fc.boolean(), fc.array(segment, { maxLength: 8 }))
  .map(([absolute, parts]) => (absolute ? '/' : '') + parts.join('/'));
const urlText = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(
        'https://',
        'http://',
        'wss://',
        'HTTPS://',
        'https:/',
        'ftp://',
        'https://user@',
        'https://example.com@',
      ),
      fc.constantFrom(
        'example.com',
        'a.example.com',
        'evil.com',
        'example.com.evil.com',
        'evilexample.com',
        '127.0.0.1',
        '0x7f.1',
        'files.example.org',
        'ｅｘａｍｐｌｅ.com',
        'EXAMPLE.COM.',
      ),
      fc.constantFrom('', ':443', ':8443', ':80', ':0', ':99999'),
      fc.constantFrom('', '/', '/x?y=1', '#frag', '\\@evil.com', '?@evil.com', '#@evil.com', '/\t'),
    )
    .map((parts) => parts.join('')),
  fc.string(),
);

const goodCall = fc.oneof(
  fc
    .constantFrom('a.md', 'src/app.ts', '/srv/project/x', '/srv/docs/y')
    .map((path) => ({ tool: 'fs-read', version: 1, arguments: { path } })),
  fc
    .string({ maxLength: 20 })
    .map((query) => ({ tool: 'slack/search', version: 1, arguments: { query } })),
  fc
    .constantFrom('https://example.com/', 'https://a.example.com/x')
    .map((url) => ({ tool: 'http/get', version: 1, arguments: { url } })),
);
const badCall = fc.oneof(
  fc.constant({ tool: 'evil/tool', version: 1, arguments: {} }),
  fc.constant({ tool: 'slack/search', version: 2, arguments: { query: 'x' } }),
  fc.constant({ tool: 'slack/search', version: 1, arguments: { limit: 'x' } }),
  fc.constant({ tool: 'fs-read', version: 1, arguments: { path: '../../etc/passwd' } }),
  fc.constant({
    tool: 'http/get',
    version: 1,
    arguments: { url: 'https://example.com@evil.com/' },
  }),
  fc.constant({ tool: 'vault/use', version: 1, arguments: { secret: 'ROOT_KEY' } }),
  fc.constant({
    tool: 'fs-write',
    version: 1,
    shape: 'append',
    arguments: { path: 'a', content: 'b' },
  }),
  fc.constant({ tool: 'fs-read', version: 1, arguments: '{"path":"a","path":"/etc/passwd"}' }),
);

describe('gate laws', () => {
  it('never throws and always answers in the closed set, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.anything(), fc.json(), fc.string(), fc.string({ unit: 'binary' })),
        (turn) => {
          for (const stage of [gate.checkTurn, gate.authorize])
            expectWellFormed(stage(turn, context));
          const dispatched = gate.checkDispatch(turn, context);
          if (!dispatched.allowed) expect(CODES.has(dispatched.refusal.code)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('never throws on byte-level mutations of a valid turn', () => {
    const valid = JSON.stringify({
      calls: [{ tool: 'fs-read', version: 1, arguments: { path: 'a.md' } }],
    });
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.nat(valid.length), fc.string({ maxLength: 3, unit: 'binary' }), fc.nat(3)),
          { maxLength: 4 },
        ),
        (edits) => {
          let text = valid;
          for (const [at, insert, remove] of edits)
            text = text.slice(0, at) + insert + text.slice(at + remove);
          expectWellFormed(gate.authorize(text, context));
        },
      ),
      RUNS,
    );
  });

  it('decides deterministically and never mutates a deeply frozen turn', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(goodCall, badCall), { minLength: 1, maxLength: 4 }),
        (calls) => {
          const turn = deepFreeze(structuredClone({ calls }));
          const before = JSON.stringify(turn);
          const first = gate.authorize(turn, context);
          expect(gate.authorize(turn, context)).toEqual(first);
          expect(JSON.stringify(turn)).toBe(before);
        },
      ),
      RUNS,
    );
  });

  it('authorize answers as checkTurn, then checkDispatch of each issued call in order', () => {
    // authorize reuses each call's proposal context at dispatch; the two stages build their own.
    let [allowed, refusedAtDispatch] = [0, 0];
    const scoped = fc.oneof(
      pathText.map((path) => ({ tool: 'fs-read', version: 1, arguments: { path } })),
      urlText.map((url) => ({ tool: 'http/get', version: 1, arguments: { url } })),
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(goodCall, badCall, scoped), { minLength: 1, maxLength: 4 }),
        (calls) => {
          const turn = { calls };
          const proposed = gate.checkTurn(turn, context);
          const expected = (): TurnDecision => {
            if (proposed.settled !== 'tool') return proposed;
            for (const [index, call] of proposed.calls.entries()) {
              const verdict = gate.checkDispatch(call, context);
              if (!verdict.allowed)
                return { settled: 'rejected', refusal: { ...verdict.refusal, callIndex: index } };
            }
            return proposed;
          };
          const decision = gate.authorize(turn, context);
          expect(decision).toEqual(expected());
          if (decision.settled === 'tool') allowed++;
          else if (
            decision.settled === 'rejected' &&
            decision.refusal.check.startsWith('dispatch.')
          )
            refusedAtDispatch++;
        },
      ),
      RUNS,
    );
    // Both ends were reached: turns that pass, and refusals only the dispatch stage gives.
    expect(allowed).toBeGreaterThan(enough(500, 10_000));
    expect(refusedAtDispatch).toBeGreaterThan(enough(500, 10_000));
  });

  it('rejects the whole turn for one bad call anywhere, and authorizes nothing', () => {
    fc.assert(
      fc.property(fc.array(goodCall, { maxLength: 5 }), badCall, fc.nat(), (good, bad, where) => {
        const index = where % (good.length + 1);
        const calls = [...good.slice(0, index), bad, ...good.slice(index)];
        const decision = gate.authorize({ calls }, context);
        expect(decision.settled).toBe('rejected');
        expect(decision.settled === 'rejected' && decision.refusal.callIndex).toBe(index);
        expect('calls' in decision).toBe(false);
      }),
      RUNS,
    );
  });

  it('allows a path only when an independent oracle puts it inside a granted root', () => {
    const roots = ['/srv/project', '/srv/docs'];
    let allowed = 0;
    fc.assert(
      fc.property(pathText, fc.constantFrom('fs-read', 'fs-write'), (path, tool) => {
        const args = tool === 'fs-read' ? { path } : { path, content: 'x' };
        const decision = gate.authorize(
          { calls: [{ tool, version: 1, arguments: args }] },
          context,
        );
        if (decision.settled !== 'tool') return;
        allowed++;
        expect(path.includes('\\') || path.includes('\0')).toBe(false);
        const resolved = posix.resolve('/srv/project', path);
        const allowedRoots = tool === 'fs-read' ? roots : ['/srv/project'];
        const inside = allowedRoots.some((root) => {
          const relative = posix.relative(root, resolved);
          return (
            relative === '' ||
            (relative !== '..' && !relative.startsWith('../') && !posix.isAbsolute(relative))
          );
        });
        expect(inside).toBe(true);
      }),
      RUNS,
    );
    // The law must have been exercised, not vacuously true.
    expect(allowed).toBeGreaterThan(enough(500, 10_000));
  });

  it('allows a URL only when its host, as WHATWG `new URL` reads it, is in scope, with no backslash, whitespace, @ or % in its authority', () => {
    const inScope = (host: string, port: string) =>
      host === 'example.com' ||
      host.endsWith('.example.com') ||
      (host === 'files.example.org' && port === '8443');
    let allowed = 0;
    fc.assert(
      fc.property(urlText, (url) => {
        const decision = gate.authorize(
          { calls: [{ tool: 'http/get', version: 1, arguments: { url } }] },
          context,
        );
        if (decision.settled !== 'tool') return;
        allowed++;
        expect(url).not.toMatch(/[\\\s]/);
        const authority = url.slice(url.indexOf('://') + 3).split(/[#/?]/)[0] ?? '';
        expect(authority).not.toMatch(/[@%]/);
        const parsed = new URL(url);
        expect(inScope(parsed.hostname.replace(/\.$/, ''), parsed.port)).toBe(true);
      }),
      RUNS,
    );
    expect(allowed).toBeGreaterThan(enough(300, 10_000));
  });

  describe('grant laws', () => {
    const universe = {
      tools: FULL_GRANT.tools ?? [],
      folders: ['/srv/project', '/srv/docs', '/srv', '/'],
      network: ['api.slack.com', 'example.com', '*.example.com', 'files.example.org:8443', '*'],
      secrets: ['SLACK_TOKEN', 'APP_*', 'APP_KEY', '*'],
    };
    const subsetOf = <T>(items: readonly T[]) => fc.subarray([...items]);
    const grantSpec = fc.record({
      tools: subsetOf(universe.tools),
      folders: subsetOf(universe.folders),
      network: subsetOf(universe.network),
      secrets: subsetOf(universe.secrets),
    });
    const anyCall = fc.oneof(
      goodCall,
      badCall,
      fc.record({
        tool: fc.constant('sync/all'),
        version: fc.constant(1),
        arguments: fc.record({
          url: urlText,
          path: pathText,
          secret: fc.constantFrom('APP_KEY', 'SLACK_TOKEN', 'ROOT', 'APP_'),
        }),
      }),
    );
    const decide = (spec: GrantSpec, call: unknown): TurnDecision => {
      const ctx: GateContext = { grant: createGrant(spec), cwd: '/srv/project' };
      return gate.authorize({ calls: [call] }, ctx);
    };

    it('never turns a refusal into an allow by narrowing the grant', () => {
      let allowedNarrow = 0;
      fc.assert(
        fc.property(grantSpec, fc.nat(), anyCall, (wide, seed, call) => {
          // Narrow each scope by dropping entries picked by the seed's bits.
          const keep = <T>(items: readonly T[], salt: number) =>
            items.filter((_, i) => ((seed >> ((i + salt) % 30)) & 1) === 0);
          const narrow = {
            tools: keep(wide.tools, 0),
            folders: keep(wide.folders, 7),
            network: keep(wide.network, 13),
            secrets: keep(wide.secrets, 19),
          };
          if (decide(narrow, call).settled === 'tool') {
            allowedNarrow++;
            expect(decide(wide, call).settled).toBe('tool');
          }
        }),
        RUNS,
      );
      expect(allowedNarrow).toBeGreaterThan(enough(200, 10_000));
    });

    it('decides the same whatever the order of grant entries', () => {
      fc.assert(
        fc.property(grantSpec, anyCall, fc.nat(), (spec, call, seed) => {
          const rotate = <T>(items: readonly T[]) =>
            items.length === 0
              ? [...items]
              : [...items.slice(seed % items.length), ...items.slice(0, seed % items.length)];
          const shuffled = {
            tools: rotate(spec.tools).reverse(),
            folders: rotate(spec.folders),
            network: rotate(spec.network).reverse(),
            secrets: rotate(spec.secrets),
          };
          const a = decide(spec, call);
          const b = decide(shuffled, call);
          expect(b.settled).toBe(a.settled);
          if (a.settled === 'rejected' && b.settled === 'rejected')
            expect(b.refusal.code).toBe(a.refusal.code);
        }),
        RUNS,
      );
    });
  });
});
