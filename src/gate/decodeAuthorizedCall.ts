import { clonePlainJson } from '../data/clonePlainJson.js';
import { freezeParsedJson } from '../data/freezeParsedJson.js';
import { hasOwn } from '../data/hasOwn.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { isToolVersion } from '../registry/isToolVersion.js';
import { countJsonKeys } from './countJsonKeys.js';
import type { ResolvedLimits } from './decodeTurn.js';
import type { AuthorizedCall } from './types.js';

/** A base whose constructor returns its argument, so a subclass's fields land on that object. */
// eslint-disable-next-line @typescript-eslint/no-extraneous-class -- the constructor is the point
class ReturnsItsArgument {
  constructor(value: object) {
    return value;
  }
}

/**
 * Brands the calls the proposal stage made: frozen, so still exactly as checked.
 * A private field, not a WeakSet: only this class can add or test it, so it
 * cannot be forged, and reflection, spread, JSON and structuredClone never see
 * or copy it; adding it is a property store, where a WeakSet insert (and the
 * GC work it leaves) cost about 0.7 µs per call in bench/.
 */
class IssuedCall extends ReturnsItsArgument {
  readonly #issued = true;

  static has(value: unknown): boolean {
    return typeof value === 'object' && value !== null && #issued in value;
  }
}

/** Freezes a call the proposal stage made, marks it as issued, and returns it. */
export function issueCall(call: AuthorizedCall): AuthorizedCall {
  // INVARIANT: branded before it is frozen, and only once: each call is a fresh object.
  new IssuedCall(call);
  return Object.freeze(call);
}

const KEYS = new Set(['tool', 'version', 'ref', 'shape', 'arguments', 'rawArguments']);

/**
 * Reads a call handed to the dispatch stage. A call the proposal stage made
 * is used as is; anything else (a call that crossed a process boundary, or a
 * forged one) is copied and checked: a consistent ref, and `rawArguments`,
 * when present, decoding to exactly `arguments`, since the tool may read
 * either.
 */
export function decodeAuthorizedCall(
  value: unknown,
  limits: ResolvedLimits,
): AuthorizedCall | string {
  if (IssuedCall.has(value)) return value as AuthorizedCall;
  const cloned = clonePlainJson(value, { maxDepth: limits.maxDepth, maxSize: limits.maxBytes });
  if (!cloned.ok) return `the call is not plain data: ${cloned.problem}`;
  const call = cloned.value;
  if (!isPlainObject(call) || Object.keys(call).some((key) => !KEYS.has(key))) {
    return 'a call is { tool, version, ref, shape, arguments, rawArguments? }, as checkTurn returns it';
  }
  // Own properties only: a polluted Object.prototype must not fill in a missing field.
  const own = (key: string): unknown => (hasOwn(call, key) ? call[key] : undefined);
  const [tool, version, ref, shape, args, rawArguments] = [
    'tool',
    'version',
    'ref',
    'shape',
    'arguments',
    'rawArguments',
  ].map(own);
  if (typeof tool !== 'string' || !isToolVersion(version) || ref !== `${tool}@${version}`) {
    return "the call's tool, version and ref do not agree";
  }
  if (typeof shape !== 'string' || !isPlainObject(args)) {
    return 'the call needs a shape string and an arguments object';
  }
  if (rawArguments !== undefined) {
    if (typeof rawArguments !== 'string' || !sameJson(rawArguments, args, limits.maxDepth)) {
      return "the call's rawArguments do not decode to its arguments";
    }
  }
  return call as unknown as AuthorizedCall;
}

/**
 * Does the JSON text decode to exactly this value (same keys, same order,
 * same values), with no key written twice? A repeated key is refused as in
 * a turn: JSON.parse keeps the last value, a tool's parser may keep the first.
 */
function sameJson(text: string, value: unknown, maxDepth: number): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    // {"path":"/etc/passwd","path":"/ok"} => 2 keys written, 1 parsed: refused
    const keys = freezeParsedJson(parsed, maxDepth);
    return (
      keys >= 0 && keys === countJsonKeys(text) && JSON.stringify(parsed) === JSON.stringify(value)
    );
  } catch {
    return false;
  }
}
