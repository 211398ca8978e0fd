/**
 * Schema-cost case: the worst time per KB of adversarial argument for each
 * keyword that cost more than linear time before toolgate replaced it
 * (`format: "url"`, `uniqueItems` over objects, a catastrophic `pattern`,
 * `patternProperties`, the date-time format), through toolgate's compiler
 * and through plain ajv + ajv-formats as toolgate used them before (the
 * "before" column). Before runs at small sizes only: at 64 KB its url check
 * alone takes minutes. Values are ns per KB of the argument's JSON text, the
 * slowest of three runs being dropped (minimum of three).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { compileInputSchema } from '../../src/registry/compileInputSchema.js';
import { emit } from '../lib/child.js';

const addFormats = addFormatsModule.default;
const before = new Ajv2020({ allErrors: true, strict: false, logger: false, ownProperties: true });
addFormats(before);

/** One costly keyword: its property schema and an adversarial value of about `bytes`. */
interface CostCase {
  readonly keyword: string;
  readonly property: object;
  readonly value: (bytes: number) => unknown;
  /** The size before is measured at: larger would take minutes. */
  readonly beforeBytes: number;
}

const CASES: readonly CostCase[] = [
  {
    keyword: 'format url',
    property: { type: 'string', format: 'url' },
    value: (bytes) => `http://a${'::'.repeat(bytes / 2)}@`,
    beforeBytes: 4_096,
  },
  {
    keyword: 'uniqueItems over objects',
    property: { type: 'array', uniqueItems: true },
    value: (bytes) => Array.from({ length: bytes / 16 }, (_, i) => ({ id: i })),
    beforeBytes: 65_536,
  },
  {
    keyword: 'pattern (a+)+$',
    property: { type: 'string', pattern: '(a+)+$' },
    value: (bytes) => `${'a'.repeat(bytes)}!`,
    beforeBytes: 24,
  },
  {
    keyword: 'patternProperties ^(a|aa)*$',
    property: { type: 'object', patternProperties: { '^(a|aa)*$': { type: 'integer' } } },
    value: (bytes) => ({ [`${'a'.repeat(bytes)}b`]: 1 }),
    beforeBytes: 32,
  },
  {
    keyword: 'format date-time',
    property: { type: 'string', format: 'date-time' },
    value: (bytes) => `a:${'T'.repeat(bytes)}!`,
    beforeBytes: 262_144,
  },
];

/** The fastest of three runs of one validation, in ns per KB of the argument's JSON text. */
function nsPerKb(validate: (data: unknown) => unknown, data: unknown): number {
  const kb = JSON.stringify(data).length / 1024;
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const started = process.hrtime.bigint();
    validate(data);
    best = Math.min(best, Number(process.hrtime.bigint() - started));
  }
  return best / kb;
}

const values: Record<string, number> = {};
for (const { keyword, property, value, beforeBytes } of CASES) {
  const schema = { type: 'object', properties: { v: property } };
  const compiled = compileInputSchema(schema);
  if (!compiled.ok) throw new Error(compiled.problem);
  for (const bytes of [16_384, 262_144]) {
    values[`${keyword}, toolgate, ${String(bytes / 1024)} KB (ns)`] = nsPerKb(compiled.value, {
      v: value(bytes),
    });
  }
  const old = before.compile(schema);
  values[`${keyword}, before, ${String(beforeBytes)} B (ns)`] = nsPerKb(old, {
    v: value(beforeBytes),
  });
}
emit({ group: 'schema-cost', cases: [], values });
