import type { ErrorObject } from 'ajv';
import { escapePointer } from '../data/escapePointer.js';

/** One schema error: where in the arguments, and what is wrong there. */
export interface SchemaError {
  readonly pointer: string;
  readonly message: string;
}

/**
 * Turns ajv's errors into plain `{ pointer, message }` pairs.
 *
 * // { instancePath: '/limit', message: 'must be integer' } => { pointer: '/limit', message: 'must be integer' }
 * // a missing required property points at the property itself: '/query'
 */
export function formatSchemaErrors(
  errors: readonly ErrorObject[] | null | undefined,
): readonly SchemaError[] {
  if (!errors) return [];
  return errors.map((error) => {
    const missing = (error.params as { missingProperty?: unknown }).missingProperty;
    const pointer =
      error.keyword === 'required' && typeof missing === 'string'
        ? `${error.instancePath}/${escapePointer(missing)}`
        : error.instancePath;
    const extra = (error.params as { additionalProperty?: unknown }).additionalProperty;
    const message =
      error.keyword === 'additionalProperties' && typeof extra === 'string'
        ? `${error.message ?? 'is invalid'}: ${JSON.stringify(extra)}`
        : (error.message ?? 'is invalid');
    return Object.freeze({ pointer, message });
  });
}
