import { clonePlainJson, copyPlainJsonCounted } from '../data/clonePlainJson.js';
import { describeValue } from '../data/describeValue.js';
import { hasOwn } from '../data/hasOwn.js';
import { freezeParsedJson } from '../data/freezeParsedJson.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { messageOf } from '../data/messageOf.js';
import { isToolVersion } from '../registry/isToolVersion.js';
import { findDuplicateKey } from './findDuplicateKey.js';
import { countJsonKeys } from './countJsonKeys.js';
import { findCaseVariantKeys } from './findCaseVariantKeys.js';

/** A call as the model proposed it, decoded but not yet checked. */
export interface ProposedCall {
  readonly tool: string;
  readonly version: number;
  /** `tool@version` as proposed; only an exact registry match resolves it. */
  readonly ref: string;
  /** `undefined` means the tool's default shape. */
  readonly shape: string | undefined;
  readonly arguments: Readonly<Record<string, unknown>>;
  readonly rawArguments?: string;
}

/** A decoded turn: an answer, calls to check, or why it is malformed. */
export type DecodedTurn =
  | { readonly kind: 'answer'; readonly answer: string }
  | { readonly kind: 'calls'; readonly calls: readonly ProposedCall[] }
  | { readonly kind: 'malformed'; readonly why: string; readonly callIndex?: number };

/** Resolved limits on an untrusted turn. */
export interface ResolvedLimits {
  readonly maxBytes: number;
  readonly maxDepth: number;
}

const CALL_KEYS = new Set(['tool', 'version', 'shape', 'arguments']);
/** The envelope around a call's arguments: turn object, calls array, call object. */
const ARGUMENTS_BASE_DEPTH = 3;

/**
 * Decodes an untrusted turn, JSON text or an already decoded value, into
 * checked-shape data. Never throws; anything unexpected is `malformed`.
 *
 * // '{"answer":"done"}'                                  => answer
 * // '{"calls":[{"tool":"a","version":1,"arguments":{}}]}' => one call
 * // '{"calls":[]}', '[1]', '{"answer":1}', '{' …          => malformed, with why
 */
export function decodeTurn(input: unknown, limits: ResolvedLimits): DecodedTurn {
  try {
    if (typeof input !== 'string')
      return decodeCallsInPlace(input, limits) ?? decodeCopy(input, limits);
    const envelope = parseText(input, limits);
    return 'why' in envelope ? malformed(envelope.why) : decodeEnvelope(envelope.value, limits);
  } catch {
    return malformed('the turn could not be read');
  }
}

/**
 * An already decoded turn, copied whole and then decoded: the reference
 * reading, which names what is wrong. `decodeTurn` answers the same for
 * every value (property-tested), reaching it only when its shortcut gives up.
 */
export function decodeCopy(input: unknown, limits: ResolvedLimits): DecodedTurn {
  // Never throws: clonePlainJson turns any throw into a problem, and what it returns is plain data.
  const envelope = cloneValue(input, limits);
  return 'why' in envelope ? malformed(envelope.why) : decodeEnvelope(envelope.value, limits);
}

/**
 * The shortcut for a well-formed turn of calls given as a value: the
 * envelope (turn, list, call) is read in place, each property once, and only
 * each call's arguments are copied, since only they are handed on. The size
 * is added up as `clonePlainJson` counts it over the whole turn. Anything
 * unexpected, of any kind (a throw too), gives `undefined`: the whole turn is then copied
 * and decoded by `decodeCopy`, which names the first problem as it always did.
 */
export function decodeCallsInPlace(
  input: unknown,
  limits: ResolvedLimits,
): DecodedTurn | undefined {
  try {
    return readCallsInPlace(input, limits);
  } catch {
    // A getter or proxy trap threw: the whole copy meets it again and names it.
  }
  return undefined;
}

function readCallsInPlace(input: unknown, limits: ResolvedLimits): DecodedTurn | undefined {
  // The turn, its list and each call sit at depths 0, 1 and 2: a depth limit they would pass
  // refuses the arguments at depth 3 first (their copy, or the parse of arguments text).
  if (!isPlainObject(input)) return undefined;
  const keys = Object.keys(input);
  if (keys.length !== 1 || keys[0] !== 'calls') return undefined;
  const items: unknown = input.calls;
  if (!Array.isArray(items)) return undefined;
  const length = (items as readonly unknown[]).length;
  if (length === 0) return undefined;
  // { "calls": [ … ] }: the object, the key and the list, as clonePlainJson counts them.
  let size = 4 + ('calls'.length + 3) + 4 + length;
  const calls: ProposedCall[] = [];
  for (let index = 0; index < length; index++) {
    const item: unknown = (items as readonly unknown[])[index];
    if (!isPlainObject(item)) return undefined;
    size += 4;
    let tool: unknown, version: unknown, shape: unknown, args: unknown;
    for (const key of Object.keys(item)) {
      const value: unknown = item[key];
      size += key.length + 3;
      if (key === 'arguments') {
        // An object, or JSON text (a string copies as itself); decodeFields parses the text.
        const copied = copyPlainJsonCounted(
          value,
          { maxDepth: limits.maxDepth, maxSize: limits.maxBytes - size },
          ARGUMENTS_BASE_DEPTH,
        );
        if (copied === undefined) return undefined;
        size += copied.size;
        args = copied.copy;
        continue;
      }
      // tool and shape hold strings, version a number; anything else is for decodeCopy to name.
      if (typeof value === 'string') size += value.length + 2;
      else if (typeof value === 'number') size += 8;
      else return undefined;
      if (key === 'tool') tool = value;
      else if (key === 'version') version = value;
      else if (key === 'shape') shape = value;
      else return undefined;
    }
    if (size > limits.maxBytes) return undefined;
    const call = decodeFields(tool, version, shape, args, limits);
    if ('why' in call) return undefined;
    calls.push(call);
  }
  return { kind: 'calls', calls };
}

type Parsed = { readonly value: unknown } | { readonly why: string };

/** JSON text => value, within the limits, with no key repeated. */
function parseText(text: string, limits: ResolvedLimits, baseDepth = 0): Parsed {
  if (utf8Length(text, limits.maxBytes) > limits.maxBytes) {
    return { why: `it is larger than the limit of ${limits.maxBytes} bytes` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { why: `it is not valid JSON (${messageOf(error)})` };
  }
  // INVARIANT: what is checked is what is handed on; nobody can change it afterwards.
  const parsedKeys = freezeParsedJson(value, limits.maxDepth - baseDepth);
  if (parsedKeys < 0) {
    return { why: `it is nested deeper than the limit of ${limits.maxDepth} levels` };
  }
  if (parsedKeys !== countJsonKeys(text)) {
    const key = findDuplicateKey(text) ?? '';
    return {
      why: `the key ${JSON.stringify(describeValue(key))} appears twice in one object; send each key once`,
    };
  }
  return { value };
}

/** An already decoded value => a frozen plain-data copy, within the limits. */
function cloneValue(input: unknown, limits: ResolvedLimits): Parsed {
  const cloned = clonePlainJson(input, { maxDepth: limits.maxDepth, maxSize: limits.maxBytes });
  return cloned.ok ? { value: cloned.value } : { why: cloned.problem };
}

function decodeEnvelope(value: unknown, limits: ResolvedLimits): DecodedTurn {
  if (!isPlainObject(value)) {
    return malformed('a turn is an object: { "calls": [...] } or { "answer": "..." }');
  }
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === 'answer') {
    return typeof value.answer === 'string'
      ? { kind: 'answer', answer: value.answer }
      : malformed('"answer" must be a string');
  }
  if (keys.length !== 1 || keys[0] !== 'calls') {
    return malformed(
      'a turn has exactly one key: "calls" (a list of calls) or "answer" (a string)',
    );
  }
  if (!Array.isArray(value.calls) || value.calls.length === 0) {
    return malformed(
      '"calls" must be a non-empty list; send { "answer": "..." } when no tool is needed',
    );
  }
  const calls: ProposedCall[] = [];
  for (const [index, item] of (value.calls as unknown[]).entries()) {
    const call = decodeCall(item, limits);
    if ('why' in call) return malformed(call.why, index);
    calls.push(call);
  }
  return { kind: 'calls', calls };
}

function decodeCall(
  item: unknown,
  limits: ResolvedLimits,
): ProposedCall | { readonly why: string } {
  if (!isPlainObject(item)) {
    return { why: 'a call is an object { "tool", "version", "shape"?, "arguments" }' };
  }
  const unknown = Object.keys(item).find((key) => !CALL_KEYS.has(key));
  if (unknown !== undefined) {
    return {
      why: `a call has no key ${JSON.stringify(describeValue(unknown))}; its keys are tool, version, shape, arguments`,
    };
  }
  // Own properties only: a polluted Object.prototype must not supply a missing shape or arguments.
  const own = (key: string): unknown => (hasOwn(item, key) ? item[key] : undefined);
  return decodeFields(own('tool'), own('version'), own('shape'), own('arguments'), limits);
}

/** A call's four fields, as read from its (copied) object, checked and decoded. */
function decodeFields(
  tool: unknown,
  version: unknown,
  shape: unknown,
  givenArguments: unknown,
  limits: ResolvedLimits,
): ProposedCall | { readonly why: string } {
  if (typeof tool !== 'string' || tool === '')
    return { why: '"tool" must be the tool name, a non-empty string' };
  if (!isToolVersion(version))
    return { why: '"version" must be the tool version, a positive integer such as 1' };
  if (shape !== undefined && (typeof shape !== 'string' || shape === '')) {
    return { why: '"shape" must be a non-empty string, or left out for the default shape' };
  }
  let args = givenArguments;
  let rawArguments: string | undefined;
  if (typeof args === 'string') {
    rawArguments = args;
    const parsed = parseText(args, limits, ARGUMENTS_BASE_DEPTH);
    if ('why' in parsed)
      return { why: `"arguments" is a string that cannot be used: ${parsed.why}` };
    args = parsed.value;
  }
  if (!isPlainObject(args)) {
    return { why: '"arguments" must be an object, or a JSON string holding one' };
  }
  // (rev 2) { path, PATH }: Go's encoding/json would hand the tool the key the gate did not check.
  const variants = findCaseVariantKeys(args);
  if (variants !== undefined) {
    const [first, second] = variants.map((key) => JSON.stringify(describeValue(key)));
    return {
      why: `the keys ${first} and ${second} in one object are equal ignoring case; some decoders would read either, so send only one of them`,
    };
  }
  const ref = `${tool}@${version}`;
  // INVARIANT: args are frozen already, by clonePlainJson or freezeParsedJson.
  return rawArguments === undefined
    ? { tool, version, ref, shape, arguments: args }
    : { tool, version, ref, shape, arguments: args, rawArguments };
}

function malformed(why: string, callIndex?: number): DecodedTurn {
  return callIndex === undefined
    ? { kind: 'malformed', why }
    : { kind: 'malformed', why, callIndex };
}

/**
 * The UTF-8 length of a string, counted only as far as needed to compare it
 * with `limit`: a string of n UTF-16 units takes between n and 3n bytes.
 */
function utf8Length(text: string, limit: number): number {
  if (text.length > limit) return text.length;
  if (text.length * 3 <= limit) return text.length;
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    // A surrogate pair is 4 bytes: 2 counted per unit.
    else if (unit >= 0xd800 && unit <= 0xdfff) bytes += 2;
    else bytes += 3;
  }
  return bytes;
}
