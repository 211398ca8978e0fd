import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/data/canonicalJson.js';
import { toolDigest } from '../../src/registry/toolDigest.js';
import {
  approveCall,
  createGate,
  createGrant,
  createRegistry,
  createRun,
  digestToolEntry,
  type AuthorizedCall,
  type Gate,
  type ToolDefinition,
  type ToolEntry,
} from '../../src/index.js';
import { enough, runs } from '../helpers/testEnv.js';

const RUNS = { numRuns: runs(10_000), seed: 20_261_201 } as const;
const KEYS = ['the first approval key', new Uint8Array(32).fill(1)] as const;
const REFS = ['a@1', 'b@1'] as const;
const grant = createGrant({ tools: [...REFS], ask: [...REFS] });

const definition = (name: string, description: string): ToolDefinition => ({
  name,
  version: 1,
  description,
  inputSchema: { type: 'object' },
});

/** Two registries holding a@1 and b@1 with different definitions, each behind a gate per key. */
const registries = ['The first definition.', 'The second definition.'].map((description) => {
  const registry = createRegistry({ builtins: 'none' });
  for (const ref of REFS) registry.register(definition(ref.slice(0, 1), description));
  return registry;
});
const gates: Gate[][] = registries.map((registry) =>
  KEYS.map((approvalKey) => createGate({ registry, approvalKey })),
);

/** Does any object inside hold two keys equal ignoring case (which the gate refuses as malformed)? */
function hasCaseVariantKeys(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const keys = Array.isArray(value) ? [] : Object.keys(value);
  const folded = new Set(keys.map((key) => key.toLowerCase()));
  return folded.size < keys.length || Object.values(value).some(hasCaseVariantKeys);
}

/** Small argument objects; no two keys anywhere equal ignoring case (SPEC §7 rev 2 refuses those). */
const args = fc
  .dictionary(fc.constantFrom('a', 'b', 'path', 'content'), fc.jsonValue({ maxDepth: 2 }), {
    maxKeys: 3,
  })
  .filter((value) => !hasCaseVariantKeys(value));

/** Where a call is proposed and dispatched: which definitions, which key, which ref, which arguments. */
const callSite = fc.record({
  registry: fc.nat(1),
  key: fc.nat(1),
  ref: fc.nat(1),
  args,
  raw: fc.boolean(),
});
type CallSite = { registry: number; key: number; ref: number; args: unknown; raw: boolean };

function propose(site: CallSite): AuthorizedCall {
  const gate = gates[site.registry]?.[site.key] as Gate;
  const ref = REFS[site.ref] as string;
  const decision = gate.checkTurn(
    {
      calls: [
        {
          tool: ref.slice(0, 1),
          version: 1,
          arguments: site.raw ? JSON.stringify(site.args) : site.args,
        },
      ],
    },
    { grant },
  );
  if (decision.settled !== 'tool')
    throw new Error(`expected a tool turn: ${JSON.stringify(decision)}`);
  return decision.calls[0] as AuthorizedCall;
}

/** The argument text an approval binds: the raw text when sent as one, else canonical JSON. */
const boundText = (site: CallSite) =>
  site.raw ? JSON.stringify(site.args) : canonicalJson(site.args);

describe('approvals, as laws', () => {
  it('a token verifies exactly for the call it approved: never for other arguments, definitions, keys or refs', () => {
    fc.assert(
      fc.property(
        callSite,
        fc.oneof(callSite, fc.constant(undefined)),
        fc.boolean(),
        (approved, other, sameArgs) => {
          // Often the same call, or the same call but one thing changed, so both sides of the law are hit.
          const dispatched: CallSite =
            other === undefined
              ? approved
              : sameArgs
                ? { ...other, args: approved.args, raw: approved.raw }
                : other;
          const gateA = gates[approved.registry]?.[approved.key] as Gate;
          const refused = gateA.checkDispatch(propose(approved), { grant });
          if (refused.allowed || refused.refusal.approval === undefined)
            throw new Error('an ask call passed without approval');
          const token = approveCall(
            refused.refusal.approval,
            KEYS[approved.key] as string | Uint8Array,
          );
          const gateB = gates[dispatched.registry]?.[dispatched.key] as Gate;
          const verdict = gateB.checkDispatch(propose(dispatched), { grant, approval: token });
          const same =
            approved.registry === dispatched.registry &&
            approved.key === dispatched.key &&
            approved.ref === dispatched.ref &&
            boundText(approved) === boundText(dispatched);
          expect(verdict.allowed).toBe(same);
          if (!verdict.allowed) expect(verdict.refusal.code).toBe('approval_required');
        },
      ),
      RUNS,
    );
  });

  it('a run accepts a token once: the first allowed dispatch uses it, refused ones do not', () => {
    const gate = gates[0]?.[0] as Gate;
    const key = KEYS[0];
    fc.assert(
      fc.property(
        args,
        fc.array(fc.constantFrom('token', 'none', 'wrong'), { minLength: 1, maxLength: 3 }),
        (callArgs, attempts) => {
          const run = createRun({ gate, grant });
          const turn = { calls: [{ tool: 'a', version: 1, arguments: callArgs }] };
          const first = run.propose(turn).calls?.[0];
          const asked = run.dispatch(first);
          if (asked.allowed || asked.refusal.approval === undefined) throw new Error('not asked');
          const token = approveCall(asked.refusal.approval, key);
          const wrong = approveCall(asked.refusal.approval, KEYS[1]);
          let used = false;
          for (const attempt of attempts) {
            const call = run.propose(turn).calls?.[0];
            const verdict =
              attempt === 'none'
                ? run.dispatch(call)
                : run.dispatch(call, { approval: attempt === 'token' ? token : wrong });
            const expected =
              attempt !== 'token' ? 'approval_required' : used ? 'approval_reused' : 'allowed';
            expect(verdict.allowed ? 'allowed' : verdict.refusal.code).toBe(expected);
            if (attempt === 'token') used = true;
          }
        },
      ),
      RUNS,
    );
  });
});

/** A registry entry as the registry fills it in, built without compiling a schema. */
function anEntry(change: Partial<ToolEntry>): ToolEntry {
  return Object.freeze({
    name: 'search',
    version: 1,
    ref: 'search@1',
    kind: 'custom',
    description: 'Searches the documents.',
    inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
    shapes: ['call'],
    network: [],
    secrets: [],
    resources: [],
    builtIn: false,
    grantable: true,
    ...change,
  });
}

/**
 * A change to one definition field, to any value of its type it did not have: generated
 * strings, lists and numbers, not a few picked values (the digest hashes what is there, it
 * does not validate it).
 */
const fieldChange: fc.Arbitrary<Partial<ToolEntry>> = fc.oneof(
  fc
    .string()
    .filter((d) => d !== 'Searches the documents.')
    .map((description) => ({ description })),
  fc
    .string()
    .filter((kind) => kind !== 'builtin')
    .map((kind) => ({ kind })),
  fc.dictionary(fc.string(), fc.jsonValue()).map((properties) => ({
    inputSchema: { type: 'object', properties: { ...properties, query: { type: 'integer' } } },
  })),
  fc
    .array(fc.string(), { maxLength: 4 })
    .filter((shapes) => JSON.stringify(shapes) !== '["call"]')
    .map((shapes) => ({ shapes })),
  fc.array(fc.string(), { minLength: 1, maxLength: 4 }).map((network) => ({ network })),
  fc.array(fc.string(), { minLength: 1, maxLength: 4 }).map((secrets) => ({ secrets })),
  fc
    .array(
      fc.record(
        {
          kind: fc.constantFrom(
            'path' as const,
            'url' as const,
            'host' as const,
            'secret' as const,
          ),
          at: fc.string(),
          access: fc.constantFrom('read' as const, 'write' as const),
        },
        { requiredKeys: ['kind', 'at'] },
      ),
      { minLength: 1, maxLength: 3 },
    )
    .map((resources) => ({ resources })),
  fc.jsonValue().map((example) => ({ example })),
  fc
    .string({ minLength: 1 })
    .filter((name) => name !== 'search')
    .map((name) => ({ name, ref: `${name}@1` })),
  fc
    .integer()
    .filter((version) => version !== 1)
    .map((version) => ({ version, ref: `search@${version}` })),
);
/**
 * Every field of a tool definition (ToolDefinition): each must be one the law changes. The
 * type check below fails to compile when ToolDefinition gains a field this list lacks.
 */
const DEFINITION_FIELDS = [
  'name',
  'version',
  'kind',
  'description',
  'inputSchema',
  'shapes',
  'network',
  'secrets',
  'resources',
  'example',
] as const satisfies readonly (keyof ToolDefinition)[];
/** `true` only while no key of ToolDefinition is missing from DEFINITION_FIELDS (else a type error). */
const EVERY_FIELD_LISTED: [
  Exclude<keyof ToolDefinition, (typeof DEFINITION_FIELDS)[number]>,
] extends [never]
  ? true
  : never = true;

describe('digest pins, as laws', () => {
  it('any change to any definition field changes the digest; registry flags do not', () => {
    const base = toolDigest(anEntry({}));
    const changed = new Map<string, number>();
    fc.assert(
      fc.property(fieldChange, fc.boolean(), fc.boolean(), (change, builtIn, grantable) => {
        for (const field of Object.keys(change).filter((key) => key !== 'ref'))
          changed.set(field, (changed.get(field) ?? 0) + 1);
        expect(toolDigest(anEntry({ ...change, builtIn, grantable }))).not.toBe(base);
        expect(toolDigest(anEntry({ builtIn, grantable }))).toBe(base);
      }),
      RUNS,
    );
    // From any definition, not only the base: two definitions that differ in a field's value
    // have different digests (a digest that folds some values of a field together fails here).
    let distinct = 0;
    fc.assert(
      fc.property(fieldChange, fieldChange, (first, second) => {
        const one = anEntry(first);
        const other = anEntry({ ...first, ...second });
        const definitionOf = (entry: ToolEntry) =>
          canonicalJson(Object.fromEntries(DEFINITION_FIELDS.map((key) => [key, entry[key]])));
        if (definitionOf(one) === definitionOf(other)) return;
        distinct += 1;
        expect(toolDigest(other)).not.toBe(toolDigest(one));
      }),
      RUNS,
    );
    expect(distinct).toBeGreaterThan(enough(9_000, 10_000));
    // every field of a definition was changed, each many times
    expect(EVERY_FIELD_LISTED).toBe(true);
    expect([...changed.keys()].sort()).toEqual([...DEFINITION_FIELDS].sort());
    for (const field of DEFINITION_FIELDS)
      expect(changed.get(field), field).toBeGreaterThan(enough(500, 10_000));
  });

  it('a pinned ref whose registered definition changed is refused not_granted at both stages', () => {
    const original = definition('a', 'The approved definition.');
    const registry = createRegistry({ builtins: 'none' });
    const pin = digestToolEntry(registry.register(original));
    const pinned = createGrant({ tools: [`a@1#${pin}`] });
    const gate = createGate({ registry });
    const turn = { calls: [{ tool: 'a', version: 1, arguments: {} }] };
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ minLength: 1 }).map((description) => ({ description })),
          fc.constantFrom('mcp', 'hosted').map((kind) => ({ kind })),
          // The example must match the schema ({ type: 'object' }) to register.
          fc.dictionary(fc.string(), fc.jsonValue()).map((example) => ({ example })),
          // Shapes that keep the call's shape: dropping it is check 4's refusal, which runs first.
          fc.constantFrom(['call', 'x'], ['call', 'y']).map((shapes) => ({ shapes })),
        ),
        (change) => {
          const changed = { ...original, ...change };
          fc.pre(canonicalJson(changed) !== canonicalJson(original));
          const proposed = gate.checkTurn(turn, { grant: pinned });
          if (proposed.settled !== 'tool') throw new Error('the pinned original was refused');
          registry.deregister('a@1');
          registry.register(changed);
          try {
            const dispatched = gate.checkDispatch(proposed.calls[0], { grant: pinned });
            expect(dispatched.allowed ? 'allowed' : dispatched.refusal.check).toBe(
              'dispatch.grant',
            );
            const again = gate.checkTurn(turn, { grant: pinned });
            expect(again.settled === 'rejected' && again.refusal.check).toBe('proposal.granted');
            expect(again.settled === 'rejected' && again.refusal.code).toBe('not_granted');
          } finally {
            registry.deregister('a@1');
            registry.register(original);
          }
        },
      ),
      // Each run registers two definitions (a schema compile each): fewer runs, same law.
      { numRuns: runs(300), seed: 20_261_201 },
    );
  });
});
