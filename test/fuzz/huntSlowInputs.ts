import { compileInputSchema } from '../../src/registry/compileInputSchema.js';
import { createRandom } from './random.js';

/** One keyword the hunt attacks: the property schema, and how to wrap a string into a value for it. */
interface Target {
  readonly name: string;
  readonly property: object;
  readonly wrap: (text: string) => unknown;
}

const FORMATS = [
  'date',
  'time',
  'date-time',
  'iso-time',
  'iso-date-time',
  'duration',
  'uri',
  'uri-reference',
  'uri-template',
  'url',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'regex',
  'uuid',
  'json-pointer',
  'json-pointer-uri-fragment',
  'relative-json-pointer',
  'byte',
];
/** Classic catastrophic patterns: exponential and polynomial backtracking. */
const PATTERNS = [
  '(a+)+$',
  '^(a|aa)*$',
  '^(a|a?)+$',
  '(\\w+\\s?)*$',
  '^(\\d+)*\\d$',
  '.*a.*a.*a.*b',
  '^[a-z0-9]+(-[a-z0-9]+)*$',
  '^(([a-z])+.)+[A-Z]([a-z])+$',
  '(x+x+)+y',
  '^(\\s*,?\\s*)*$',
];
const TARGETS: readonly Target[] = [
  ...FORMATS.map((format) => ({
    name: `format ${format}`,
    property: { type: 'string', format },
    wrap: (text: string) => text,
  })),
  ...PATTERNS.map((pattern) => ({
    name: `pattern ${pattern}`,
    property: { type: 'string', pattern },
    wrap: (text: string) => text,
  })),
  ...PATTERNS.map((pattern) => ({
    name: `patternProperties ${pattern}`,
    property: { type: 'object', patternProperties: { [pattern]: { type: 'integer' } } },
    wrap: (text: string) => ({ [text]: 'x' }),
  })),
  {
    name: 'uniqueItems over strings',
    property: { type: 'array', uniqueItems: true },
    wrap: (text: string) => text.split(''),
  },
  {
    name: 'uniqueItems over objects',
    property: { type: 'array', uniqueItems: true },
    wrap: (text: string) => Array.from(text, (char, i) => ({ [char]: i })),
  },
];
/** Building blocks of adversarial strings: what the regular expressions above choke on. */
const UNITS = [
  'a',
  '0',
  ':',
  '/',
  '%',
  '.',
  '-',
  '@',
  '1.',
  'a.',
  'a-',
  '%00',
  '::',
  '{a}',
  'a:',
  '/a',
  '~0',
  'a@',
  '=',
  '1:',
  '0.0',
  'T',
  '00:',
  'P1',
  '+',
  '\\',
  '[',
  '(',
  'a ',
  ' ,',
  'x',
  '//',
  ':/',
  '.a',
  '\u00e9',
  '\n',
  'aA',
];
const AFFIXES = [
  '',
  'http://',
  'a:',
  '//',
  'http://a',
  'mailto:',
  '0',
  'a@',
  '1:',
  'P',
  '!',
  ' ',
  '@',
  '#',
  '\u0000',
  'Z',
];

/** The slowest input found for one keyword. */
export interface SlowInput {
  readonly target: string;
  readonly sample: string;
  /** Time per KB of the value's JSON text, at the small and the large size. */
  readonly msPerKbSmall: number;
  readonly msPerKbLarge: number;
}

/**
 * Hunts for arguments that make a registered schema slow: for every format,
 * every classic catastrophic pattern (as `pattern` and `patternProperties`)
 * and `uniqueItems`, it tries `trials` random strings built from repeated
 * units between a prefix and a suffix at `small` characters, keeps the
 * slowest per keyword, and times it again at `large` characters. A linear
 * check costs the same per KB at both sizes; a quadratic one `large/small`
 * times more. Returns each keyword's slowest input, worst first.
 */
export function huntSlowInputs(options: {
  readonly seed: number;
  readonly trials: number;
  readonly small: number;
  readonly large: number;
}): readonly SlowInput[] {
  const random = createRandom(options.seed);
  const { pick } = random;
  const found: SlowInput[] = [];
  for (const target of TARGETS) {
    const compiled = compileInputSchema({ type: 'object', properties: { v: target.property } });
    if (!compiled.ok) throw new Error(`${target.name}: ${compiled.problem}`);
    const validate = compiled.value;
    const build = (parts: readonly [string, string, string], size: number) =>
      parts[0] + parts[1].repeat(Math.ceil(size / parts[1].length)) + parts[2];
    /** The fastest of three runs, in ms per KB of the value's JSON text. */
    const msPerKb = (text: string) => {
      const data = { v: target.wrap(text) };
      const kb = JSON.stringify(data).length / 1024;
      let best = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 3; run++) {
        const started = performance.now();
        validate(data);
        best = Math.min(best, performance.now() - started);
      }
      return best / kb;
    };
    let worst: { parts: [string, string, string]; ms: number } | undefined;
    for (let trial = 0; trial < options.trials; trial++) {
      const parts: [string, string, string] = [pick(AFFIXES), pick(UNITS), pick(AFFIXES)];
      const ms = msPerKb(build(parts, options.small));
      if (worst === undefined || ms > worst.ms) worst = { parts, ms };
    }
    if (worst === undefined) continue;
    found.push({
      target: target.name,
      sample: JSON.stringify(worst.parts),
      msPerKbSmall: msPerKb(build(worst.parts, options.small)),
      msPerKbLarge: msPerKb(build(worst.parts, options.large)),
    });
  }
  return found.sort((a, b) => b.msPerKbLarge - a.msPerKbLarge);
}
