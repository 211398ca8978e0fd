import type { ErrorObject } from 'ajv';
import type { Diagnostic } from '../diagnostics.js';
import { describeSchemaError, type Schema } from './describeSchemaError.js';
import type { SourcePath, YamlSource } from './readYamlSource.js';
import type { SchemaValidator } from './schemaValidators.generated.js';

/**
 * Checks a parsed file against a JSON Schema (the one shipped in `schema/`)
 * with that schema's validator (compiled ahead of time: schemaValidators.generated.ts)
 * and reports every violation at its place, in words: an unknown key (with
 * the likely intended one), a missing key, a wrong type, a value outside a
 * set. The shipped schema is the one source of the file's structure, so
 * editors and the CLI never disagree.
 */
export function checkAgainstSchema(
  schema: Schema,
  validate: SchemaValidator,
  source: YamlSource,
): SchemaProblem[] {
  if (validate(source.value)) return [];
  const errors = validate.errors ?? [];
  return errors.flatMap((error) => {
    // The inner error of a failed propertyNames repeats it; report the name once.
    if (error.keyword !== 'propertyNames' && error.propertyName !== undefined) return [];
    const path = toSourcePath(error.instancePath, source.value);
    return [
      {
        path: [...path, ...keyOf(error)],
        diagnostic: describeSchemaError(schema, error, path, source),
      },
    ];
  });
}

/** The key an error is about, for the errors that name one: unknown, missing or badly named. */
function keyOf(error: ErrorObject): string[] {
  const params = error.params as Record<string, unknown>;
  const key = params.additionalProperty ?? params.missingProperty ?? params.propertyName;
  return typeof key === 'string' ? [key] : [];
}

/** A schema violation and the path of the value it is about (an unknown or missing key: that key). */
export interface SchemaProblem {
  readonly path: SourcePath;
  readonly diagnostic: Diagnostic;
}

/** `/grants/coder/folders/1` over the value => ['grants', 'coder', 'folders', 1]. */
function toSourcePath(pointer: string, root: unknown): SourcePath {
  if (pointer === '') return [];
  const path: (string | number)[] = [];
  let value = root;
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(value)) {
      const index = Number(segment);
      path.push(index);
      value = (value as unknown[])[index];
    } else {
      path.push(segment);
      value =
        typeof value === 'object' && value !== null
          ? (value as Record<string, unknown>)[segment]
          : undefined;
    }
  }
  return path;
}
