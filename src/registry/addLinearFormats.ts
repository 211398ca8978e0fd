import type { Ajv } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { AddedFormat, FormatDefinition, FormatValidator } from 'ajv/dist/types/index.js';
import { addFormats } from '../deps/ajvFormats.js';
import { isUrlFormat } from './isUrlFormat.js';

/**
 * Formats whose values have a short natural length, checked by ajv-formats
 * with functions or regular expressions that grow faster than the input
 * (date-time splits and rescans; some alternations backtrack). Longer strings
 * never match them, so each check costs at most a constant.
 */
const SHORT_FORMATS = [
  'date',
  'time',
  'date-time',
  'iso-time',
  'iso-date-time',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
] as const;
/** The longest string a short format admits: an RFC 5321 address is at most 254, a DNS name 253. */
export const SHORT_FORMAT_MAX_LENGTH = 256;

/** Wraps a string format so that a value longer than the cap fails it before it is scanned. */
function capped(format: AddedFormat | undefined): AddedFormat | undefined {
  if (format === undefined || format === true) return format;
  if (format instanceof RegExp || typeof format === 'function') {
    const test = toTest(format);
    return (text: string) => text.length <= SHORT_FORMAT_MAX_LENGTH && test(text);
  }
  // Number formats and async formats are not string scans: leave them as they are.
  if (format.async === true || (format.type !== undefined && format.type !== 'string'))
    return format;
  const { validate } = format as FormatDefinition<string>;
  if (typeof validate === 'string') return format;
  const test = toTest(validate);
  return {
    ...(format as FormatDefinition<string>),
    validate: (text: string) => text.length <= SHORT_FORMAT_MAX_LENGTH && test(text),
  };
}

/** A regular expression or a check, as one function. */
function toTest(check: RegExp | FormatValidator<string>): (text: string) => boolean {
  return check instanceof RegExp ? (text) => check.test(text) : check;
}

/**
 * Adds ajv-formats' formats (full mode, with formatMinimum and its kin) to an
 * ajv instance, each checked in time linear in the value: `url` by the WHATWG
 * parser, the short formats under a length cap. The others (uri,
 * uri-reference, uri-template, json-pointer, regex, byte...) run regular
 * expressions without super-linear backtracking; `test/fuzz` hunts for
 * inputs that would show otherwise.
 */
export function addLinearFormats(ajv: Ajv | Ajv2020): void {
  addFormats(ajv);
  for (const name of SHORT_FORMATS) {
    const format = capped(ajv.formats[name]);
    if (format !== undefined) ajv.addFormat(name, format);
  }
  ajv.addFormat('url', isUrlFormat);
}
