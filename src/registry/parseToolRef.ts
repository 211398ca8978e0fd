import { describeValue } from '../data/describeValue.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import { isToolName } from './isToolName.js';

/** A tool's identity: its name and its version. */
export interface ToolRef {
  readonly name: string;
  readonly version: number;
}

/** Decimal digits without sign, leading zero, exponent or decimals. */
const VERSION_TEXT = /^[1-9]\d*$/;

/**
 * Parses `name@version`; the version is the text after the **last** `@`.
 * Throws `ToolgateError` (`invalid_ref`) quoting the input when it is not a ref.
 *
 * // slack/search@1 => { name: 'slack/search', version: 1 }
 * // slack/search@01, slack/search@1.0, slack/search@+1, slack/search => throws
 */
export function parseToolRef(text: string): ToolRef {
  const problem = findRefProblem(text);
  if (problem !== undefined) {
    throw new ToolgateError(
      'invalid_ref',
      `invalid tool ref ${JSON.stringify(describeValue(text))}: ${problem}`,
    );
  }
  const at = text.lastIndexOf('@');
  return { name: text.slice(0, at), version: Number(text.slice(at + 1)) };
}

/** Says what is wrong with a would-be ref, or `undefined` when it is a valid ref. */
export function findRefProblem(text: unknown): string | undefined {
  if (typeof text !== 'string') return 'a ref must be a string such as "slack/search@1"';
  const at = text.lastIndexOf('@');
  if (at < 0) return 'a ref is NAME@VERSION, such as "slack/search@1"; add the version';
  const version = text.slice(at + 1);
  if (!VERSION_TEXT.test(version) || !Number.isSafeInteger(Number(version))) {
    return 'the version after the last "@" must be a positive integer written without sign, leading zeros, exponent or decimals, such as 1';
  }
  if (!isToolName(text.slice(0, at))) {
    return 'the name must be 1–4 segments joined by "/", each a letter followed by letters, digits, "_" or "-", at most 128 characters';
  }
  return undefined;
}
