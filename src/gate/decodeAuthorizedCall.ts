import { clonePlainJson } from '../data/clonePlainJson.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { isToolVersion } from '../registry/isToolVersion.js';
import type { ResolvedLimits } from './decodeTurn.js';
import type { AuthorizedCall } from './types.js';

/** Calls made by the proposal stage: frozen, so still exactly as checked. */
const issued = new WeakSet<AuthorizedCall>();

/** Marks a call as made by the proposal stage and returns it. */
export function issueCall(call: AuthorizedCall): AuthorizedCall {
  issued.add(call);
  return call;
}

const KEYS = new Set(['tool', 'version', 'ref', 'shape', 'arguments', 'rawArguments']);

/**
 * Reads a call handed to the dispatch stage. A call the proposal stage made
 * is used as is; anything else (a call that crossed a process boundary, or a
 * forged one) is copied and checked: a consistent ref, and `rawArguments`,
 * when present, decoding to exactly `arguments`, since the tool may read
 * either.
 */
export function decodeAuthorizedCall(value: unknown, limits: ResolvedLimits): AuthorizedCall | string {
  if (issued.has(value as AuthorizedCall)) return value as AuthorizedCall;
  const cloned = clonePlainJson(value, { maxDepth: limits.maxDepth, maxSize: limits.maxBytes });
  if (!cloned.ok) return `the call is not plain data: ${cloned.problem}`;
  const call = cloned.value;
  if (!isPlainObject(call) || Object.keys(call).some((key) => !KEYS.has(key))) {
    return 'a call is { tool, version, ref, shape, arguments, rawArguments? }, as checkTurn returns it';
  }
  const { tool, version, ref, shape, arguments: args, rawArguments } = call;
  if (typeof tool !== 'string' || !isToolVersion(version) || ref !== `${tool}@${version}`) {
    return 'the call\'s tool, version and ref do not agree';
  }
  if (typeof shape !== 'string' || !isPlainObject(args)) {
    return 'the call needs a shape string and an arguments object';
  }
  if (rawArguments !== undefined) {
    if (typeof rawArguments !== 'string' || !sameJson(rawArguments, args)) {
      return 'the call\'s rawArguments do not decode to its arguments';
    }
  }
  return call as unknown as AuthorizedCall;
}

/** Does the JSON text decode to exactly this value (same keys, same order, same values)? */
function sameJson(text: string, value: unknown): boolean {
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(value);
  } catch {
    return false;
  }
}
