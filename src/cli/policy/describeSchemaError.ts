import { isDeepStrictEqual } from 'node:util';
import type { ErrorObject } from 'ajv';
import { describeValue } from '../../data/describeValue.js';
import { suggestName } from '../../kortix/suggestName.js';
import { diagnose, type Diagnostic } from '../diagnostics.js';
import { formatSourcePath } from './formatSourcePath.js';
import type { SourcePath, YamlSource } from './readYamlSource.js';

/** A JSON Schema, as plain data. */
export type Schema = Readonly<Record<string, unknown>>;

/** Messages for the few places where a keyword's plain meaning would confuse: by definition and keyword. */
const SPECIAL: readonly {
  readonly definition: string;
  readonly keyword: string;
  readonly message: string;
  readonly fix: string;
}[] = [
  {
    definition: 'agent',
    keyword: 'minProperties',
    message: 'is empty',
    fix: 'give the agent exactly one of visible: [...], kortix: {...} or coresource: {...}',
  },
  {
    definition: 'agent',
    keyword: 'maxProperties',
    message: 'has more than one of visible:, kortix: and coresource:',
    fix: 'keep exactly one of them: each is a whole definition of what the agent sees',
  },
  {
    definition: 'expect',
    keyword: 'pattern',
    message: 'must be allow, or { refuse: CODE, callIndex? }',
    fix: 'write expect: allow, or expect: { refuse: folder_out_of_scope }',
  },
];

/**
 * One ajv error in words, at its place, with what to change: an unknown key
 * (and the likely intended one), a missing key (and an example), a wrong type,
 * a value outside a set.
 *
 * // additionalProperties acess in grants.coder.folders[1]
 * //   => unknown key acess in grants.coder.folders[1] (did you mean access? The keys here are path, access)
 */
export function describeSchemaError(
  root: Schema,
  error: ErrorObject,
  path: SourcePath,
  source: YamlSource,
): Diagnostic {
  const where = formatSourcePath(path);
  const parent = (error.parentSchema ?? {}) as Schema;
  const definitions = (root.definitions ?? {}) as Readonly<Record<string, unknown>>;
  const special = SPECIAL.find(
    // Compared by value: the generated validators carry their own copies of the definitions.
    (item) =>
      item.keyword === error.keyword &&
      isDeepStrictEqual(definitions[item.definition], error.parentSchema),
  );
  if (special !== undefined) {
    return diagnose(
      source.place(path, 'key'),
      'error',
      'invalid_value',
      `${where} ${special.message}`,
      special.fix,
    );
  }
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const known = Object.keys(parent.properties ?? {});
      const guess = suggestName(key, known);
      const fix = `${guess === undefined ? 'remove it; the' : `did you mean ${guess}? The`} keys here are ${known.join(', ')}`;
      return diagnose(
        source.place([...path, key], 'key'),
        'error',
        'unknown_key',
        `unknown key ${describeValue(key)} in ${where}`,
        fix,
      );
    }
    case 'required': {
      const key = String(params.missingProperty);
      const example = exampleOf(((parent.properties ?? {}) as Record<string, Schema>)[key]);
      const fix = `add ${key}:${example === undefined ? '' : ` ${example}`}`;
      return diagnose(
        source.place(path, 'key'),
        'error',
        'missing_key',
        `${where} is missing ${key}`,
        fix,
      );
    }
    case 'propertyNames': {
      const name = String(params.propertyName);
      return diagnose(
        source.place([...path, name], 'key'),
        'error',
        'invalid_name',
        `the name ${describeValue(name)} in ${where} is not a valid name`,
        'start it with a letter, then letters, digits, "_", "." or "-", at most 64 characters',
      );
    }
    case 'type': {
      const words = typeWords(params.type);
      const example = exampleOf(parent);
      const fix = `write ${words}${example === undefined ? '' : `, such as ${example}`}`;
      return diagnose(
        source.place(path),
        'error',
        'wrong_type',
        `${where} must be ${words}, not ${kindOf(error.data)}`,
        fix,
      );
    }
    case 'enum': {
      const allowed = (params.allowedValues as readonly unknown[]).map(String);
      const guess = typeof error.data === 'string' ? suggestName(error.data, allowed) : undefined;
      const fix = `${guess === undefined ? 'use' : `did you mean ${guess}? Use`} one of ${allowed.join(', ')}`;
      return diagnose(
        source.place(path),
        'error',
        'invalid_value',
        `${where} ${describeValue(error.data)} is not allowed here`,
        fix,
      );
    }
    case 'const':
      return diagnose(
        source.place(path),
        'error',
        'invalid_value',
        `${where} must be ${describeValue(params.allowedValue)}`,
        `write ${describeValue(params.allowedValue)}`,
      );
    case 'minimum':
      return diagnose(
        source.place(path),
        'error',
        'invalid_value',
        `${where} ${describeValue(error.data)} is too small`,
        `use ${String(params.limit)} or more`,
      );
    case 'minItems':
      return diagnose(
        source.place(path, 'key'),
        'error',
        'invalid_value',
        `${where} is empty`,
        `list at least ${String(params.limit)}`,
      );
    case 'minLength':
      return diagnose(
        source.place(path),
        'error',
        'invalid_value',
        `${where} is empty`,
        'write some text',
      );
    default:
      return diagnose(
        source.place(path),
        'error',
        'invalid_value',
        `${where} ${error.message ?? 'is not valid'}`,
        'see the JSON Schema in the package (schema/)',
      );
  }
}

function typeWords(type: unknown): string {
  const words: Record<string, string> = {
    array: 'a list',
    object: 'a map of key: value',
    string: 'text',
    integer: 'a whole number',
    number: 'a number',
    boolean: 'true or false',
    null: 'empty',
  };
  const types = Array.isArray(type) ? (type as unknown[]) : [type];
  return types.map((item) => words[String(item)] ?? String(item)).join(' or ');
}

/** What a YAML value is, in the words of typeWords. */
function kindOf(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map';
  if (typeof value === 'string') return `the text ${describeValue(JSON.stringify(value))}`;
  return `${typeof value} ${describeValue(value)}`;
}

/** The schema's first example, as one line of YAML flow style (JSON). */
function exampleOf(schema: Schema | undefined): string | undefined {
  const examples = schema?.examples;
  return Array.isArray(examples) && examples.length > 0
    ? describeValue(JSON.stringify(examples[0]))
    : undefined;
}
