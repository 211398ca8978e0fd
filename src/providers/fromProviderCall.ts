import { describeValue } from '../data/describeValue.js';
import { hasOwn } from '../data/hasOwn.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import { compiledGrantOf } from '../grant/compiledGrant.js';
import { isToolName } from '../registry/isToolName.js';
import { buildProviderNames } from './buildProviderNames.js';
import { buildSanitizedNames } from './buildSanitizedNames.js';
import { toSanitizedToolName } from './toSanitizedToolName.js';
import type { CallEnvelope, FromProviderCallOptions, Provider } from './types.js';

const PROVIDERS: readonly Provider[] = ['openai', 'anthropic', 'mcp'];
/** What `toProviderToolName` writes, read back: `a__b_v2` => a/b, 2. */
const MAPPED_NAME = /^([a-z][\w-]*)_v([1-9]\d{0,15})$/i;

/**
 * Maps a provider's tool call back to a toolgate call envelope `{ tool,
 * version, arguments }`, arguments verbatim (OpenAI's JSON string stays a
 * string). Reads an OpenAI Chat Completions tool call (`{ function: { name,
 * arguments } }`) or Responses `function_call` item, an Anthropic `tool_use`
 * block (`{ name, input }`), or MCP `tools/call` params (`{ name,
 * arguments? }`).
 *
 * The name, less `prefix` when given, is looked up in the grant's
 * provider-name table (with `names: 'sanitized'`, its sanitized form in the
 * sanitized table, where a name two refs share is refused). In exact mode a
 * name not in the table is read back by the naming rule when it follows it,
 * so the gate refuses the call with a reason naming the ref; otherwise, and
 * for a call of the wrong shape, the answer is `{ problem }`: untrusted model
 * output never throws. Throws `ToolgateError` only for bad options.
 *
 * // ({ function: { name: 'slack__search_v1', arguments: '{"query":"x"}' } }, { provider: 'openai', grant })
 * //   => { tool: 'slack/search', version: 1, arguments: '{"query":"x"}' }
 * // ({ name: 'fs_read_v1', arguments: '{}' }, { provider: 'openai', grant, names: 'sanitized' })
 * //   => { tool: 'fs-read', version: 1, arguments: '{}' }
 */
export function fromProviderCall(
  call: unknown,
  options: FromProviderCallOptions,
): CallEnvelope | { readonly problem: string } {
  const { names, prefix } = readOptions(options);
  const read = readProviderCall(call, options.provider);
  if ('problem' in read) return read;
  if (!read.name.startsWith(prefix)) {
    return Object.freeze({
      problem: `the provider tool name ${JSON.stringify(describeValue(read.name))} does not start with the prefix ${JSON.stringify(prefix)}`,
    });
  }
  const name = read.name.slice(prefix.length);
  const envelope = (ref: string): CallEnvelope => {
    const at = ref.lastIndexOf('@');
    return Object.freeze({
      tool: ref.slice(0, at),
      version: Number(ref.slice(at + 1)),
      arguments: read.arguments,
    });
  };
  if (names === 'sanitized') {
    const refs = buildSanitizedNames(options.grant).get(toSanitizedToolName(name)) ?? [];
    const [only] = refs;
    if (refs.length === 1 && only !== undefined) return envelope(only);
    return Object.freeze({
      problem:
        refs.length === 0
          ? `the provider tool name ${JSON.stringify(describeValue(read.name))} names no tool of this grant`
          : `the provider tool name ${JSON.stringify(describeValue(read.name))} could name ${refs.join(' or ')} once sanitized; grant only one of them`,
    });
  }
  const ref = buildProviderNames(options.grant).byName.get(name);
  if (ref !== undefined) return envelope(ref);
  const mapped = MAPPED_NAME.exec(name);
  const tool = mapped?.[1]?.replaceAll('__', '/');
  if (isToolName(tool) && mapped?.[2] !== undefined) {
    // Not granted (every granted ref is in the table): the gate refuses it, naming the ref.
    return Object.freeze({ tool, version: Number(mapped[2]), arguments: read.arguments });
  }
  return Object.freeze({
    problem: `the provider tool name ${JSON.stringify(describeValue(read.name))} names no tool of this grant`,
  });
}

/** Checks the options; throws `ToolgateError` for bad ones. */
function readOptions(options: FromProviderCallOptions): {
  readonly names: 'exact' | 'sanitized';
  readonly prefix: string;
} {
  if (!isPlainObject(options) || !PROVIDERS.includes(options.provider)) {
    throw new ToolgateError(
      'invalid_option',
      'fromProviderCall needs { provider: "openai" | "anthropic" | "mcp", grant }',
    );
  }
  if (compiledGrantOf(options.grant) === undefined) {
    throw new ToolgateError(
      'invalid_grant',
      'fromProviderCall needs { grant } made by createGrant(spec)',
    );
  }
  const names: unknown = hasOwn(options, 'names') ? options.names : undefined;
  const prefix: unknown = hasOwn(options, 'prefix') ? options.prefix : undefined;
  if (names !== undefined && names !== 'exact' && names !== 'sanitized') {
    throw new ToolgateError(
      'invalid_option',
      `fromProviderCall: names must be "exact" or "sanitized", not ${describeValue(names)}`,
    );
  }
  if (prefix !== undefined && typeof prefix !== 'string') {
    throw new ToolgateError(
      'invalid_option',
      `fromProviderCall: prefix must be a string, not ${describeValue(prefix)}`,
    );
  }
  return { names: names ?? 'exact', prefix: prefix ?? '' };
}

/** The name and arguments of a provider call, read from own properties only. */
function readProviderCall(
  call: unknown,
  provider: Provider,
): { readonly name: string; readonly arguments: unknown } | { readonly problem: string } {
  if (!isPlainObject(call)) return { problem: 'a provider tool call is an object' };
  const own = (value: Record<string, unknown>, key: string): unknown =>
    hasOwn(value, key) ? value[key] : undefined;
  let name: unknown;
  let args: unknown;
  if (provider === 'openai') {
    const fn = own(call, 'function');
    const source = isPlainObject(fn) ? fn : call;
    name = own(source, 'name');
    args = own(source, 'arguments');
  } else if (provider === 'anthropic') {
    name = own(call, 'name');
    args = own(call, 'input');
  } else {
    name = own(call, 'name');
    // MCP: arguments are optional; none means an empty object.
    args = hasOwn(call, 'arguments') ? call.arguments : {};
  }
  if (typeof name !== 'string' || name === '')
    return { problem: `a ${provider} tool call names its tool in a non-empty "name"` };
  if (args === undefined) return { problem: `the ${provider} tool call carries no arguments` };
  return { name, arguments: args };
}
