import { isPlainObject } from '../data/isPlainObject.js';
import { describeSchemaType } from './describeSchemaType.js';
import { formatMenuJson } from './formatMenuJson.js';
import { toMenuLine } from './toMenuLine.js';

/** A property name shown as is: no whitespace or control character in it. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what we rule out
const PLAIN_NAME = /^[^\s\u0000-\u001f\u007f-\u009f]+$/;

/**
 * Renders the `Inputs:` lines of a menu entry from a tool's input schema:
 * one line per property, in the schema's order, with its type(s), whether
 * it is required and, when it has one, its description. A schema with no
 * properties renders `Inputs: none`.
 *
 * // { properties: { query: { type: 'string', description: 'what to find' } }, required: ['query'] }
 * //   => ['Inputs:', '- query (str, required): what to find']
 */
export function renderInputLines(schema: Readonly<Record<string, unknown>>): readonly string[] {
  const properties = schema.properties;
  if (!isPlainObject(properties) || Object.keys(properties).length === 0) return ['Inputs: none'];
  const required = Array.isArray(schema.required) ? (schema.required as unknown[]) : [];
  const lines = ['Inputs:'];
  for (const key of Object.keys(properties)) {
    const property = properties[key];
    const description =
      isPlainObject(property) && typeof property.description === 'string'
        ? toMenuLine(property.description)
        : '';
    const need = required.includes(key) ? 'required' : 'optional';
    // A name with a line break or space in it is quoted, so it stays one token on one line.
    const name = PLAIN_NAME.test(key) ? key : formatMenuJson(key);
    lines.push(
      `- ${name} (${describeSchemaType(property)}, ${need})${description === '' ? '' : `: ${description}`}`,
    );
  }
  return lines;
}
