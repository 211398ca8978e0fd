/**
 * The keywords the slow-input hunt attacks and the adversarial strings it
 * builds: every format, every classic catastrophic pattern (as `pattern` and
 * `patternProperties`) and `uniqueItems`, each against strings of one repeated
 * unit between a prefix and a suffix. No timing here: `bench/cases/slowInputs.ts`
 * times them (cost per KB at two sizes); `slowInputs.test.ts` checks that each
 * is decided, and decided right.
 */
import { createRandom } from './random.js';

/** One keyword the hunt attacks: the property schema, and how to wrap a string into a value for it. */
export interface SlowInputTarget {
  readonly name: string;
  readonly property: object;
  readonly wrap: (text: string) => unknown;
}

export const FORMATS = [
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
export const PATTERNS = [
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
export const TARGETS: readonly SlowInputTarget[] = [
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

/** One adversarial string: prefix, repeated unit, suffix. */
export type SlowInputParts = readonly [string, string, string];

/** The string `parts` make at about `size` characters: the unit repeated between prefix and suffix. */
export function buildSlowInput(parts: SlowInputParts, size: number): string {
  return parts[0] + parts[1].repeat(Math.ceil(size / parts[1].length)) + parts[2];
}

/** `trials` random adversarial strings per target, the same for a seed; target by target. */
export function slowInputCandidates(
  seed: number,
  trials: number,
): readonly { readonly target: SlowInputTarget; readonly candidates: readonly SlowInputParts[] }[] {
  const { pick } = createRandom(seed);
  return TARGETS.map((target) => ({
    target,
    candidates: Array.from({ length: trials }, (): SlowInputParts => [
      pick(AFFIXES),
      pick(UNITS),
      pick(AFFIXES),
    ]),
  }));
}
