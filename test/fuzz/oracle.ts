import { posix } from 'node:path';
import { braceExpand, minimatch } from 'minimatch';
import { parseStrictJson } from './strictJson.js';

/**
 * The fuzz oracle: what SPEC.md (§5–§7, §9, §13, §14.1) and the README's
 * decisions say a valid proposal is, written again from the text,
 * independently of src/. It shares only two parsers with the gate, each
 * because the SPEC names it: the WHATWG URL parser (§6.2) and minimatch
 * (§5's folder deny globs; the oracle matches with it and expands braces
 * with it, but anchors, depth, folders named and spellings are its own).
 * Symlinks it reads off the fuzz world's fake tree by its own walk. The
 * fuzzer asks it about every proposal the gate allowed (an allow the oracle
 * calls invalid is an escape) and about every proposal it refused (a refusal
 * of a valid one is a false refusal).
 */

/** A network pattern, already canonical: `*`, an exact host, or `*.suffix`, each with an optional port. */
export type OraclePattern =
  | { readonly kind: 'any' }
  | { readonly kind: 'exact'; readonly host: string; readonly port?: number }
  | { readonly kind: 'wildcard'; readonly suffix: string; readonly port?: number };

export interface OracleResource {
  readonly kind: 'path' | 'url' | 'host' | 'secret';
  /** Pointer segments; `*` means every item or value. */
  readonly at: readonly string[];
  readonly access: 'read' | 'write';
}

/** What the oracle knows of one registered tool. */
export interface OracleTool {
  readonly ref: string;
  readonly grantable: boolean;
  readonly shapes: readonly string[];
  readonly network: readonly OraclePattern[];
  readonly secrets: readonly string[];
  readonly resources: readonly OracleResource[];
  /** The tool's inputSchema, written as a hand-made predicate. */
  readonly validArguments: (args: Readonly<Record<string, unknown>>) => boolean;
}

/** What the oracle knows of one context: its grant as plain data, and the rest. */
export interface OracleScope {
  readonly tools: readonly string[];
  readonly roots: readonly { readonly path: string; readonly write: boolean }[];
  readonly network: readonly OraclePattern[];
  /** Exact names, `PREFIX*` entries and `*`. */
  readonly secrets: readonly string[];
  readonly cwd?: string;
  readonly step?: { readonly name: string; readonly tools: readonly string[] };
  readonly visible?: readonly string[];
  /** The grant's folder deny entries as written, `!` included (SPEC §5, §13). */
  readonly denies?: readonly string[];
  /**
   * Present when the gate has `realpath`: the fake tree it resolves over,
   * every symlink by the real path where it sits, to its absolute target;
   * every other path is a plain entry.
   */
  readonly links?: ReadonlyMap<string, string>;
}

/** A call as decoded from a turn, before the default shape is filled in. */
export interface OracleCall {
  readonly tool: string;
  readonly version: number;
  readonly shape: string | undefined;
  readonly arguments: Readonly<Record<string, unknown>>;
  readonly rawArguments?: string;
}

export type OracleTurn =
  | { readonly kind: 'answer'; readonly answer: string }
  | { readonly kind: 'calls'; readonly calls: readonly OracleCall[] }
  | { readonly kind: 'invalid'; readonly why: string };

export const MAX_BYTES = 1024 * 1024;
export const MAX_DEPTH = 64;
const CALL_KEYS = ['tool', 'version', 'shape', 'arguments'];

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** UTF-8 length as an encoder would write it (a lone surrogate becomes U+FFFD: 3 bytes). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** Decodes turn text the way SPEC §7 and the README describe it. */
export function decodeTurnText(text: string): OracleTurn {
  if (utf8Bytes(text) > MAX_BYTES) return { kind: 'invalid', why: 'too large' };
  const parsed = parseStrictJson(text, MAX_DEPTH);
  return parsed.ok ? decodeEnvelope(parsed.value) : { kind: 'invalid', why: parsed.why };
}

/** Decodes an already decoded turn (plain JSON data, as the fuzzer builds it). */
export function decodeTurnValue(value: unknown): OracleTurn {
  const text = JSON.stringify(value) as string | undefined;
  if (text === undefined || !isPlainJson(value, 0))
    return { kind: 'invalid', why: 'not plain JSON data' };
  return decodeEnvelope(value);
}

/** Plain JSON data within the depth limit: the envelope counts, as in the README. */
export function isPlainJson(value: unknown, depth: number): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object' || depth >= MAX_DEPTH) return false;
  if (Array.isArray(value))
    return (value as unknown[]).every((item) => isPlainJson(item, depth + 1));
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value).every((item) => isPlainJson(item, depth + 1));
}

/**
 * SPEC §7 rev 2, §13: does some object hold two keys equal under Unicode
 * simple case folding? Written with the engine's own /iu matching (simple
 * folding by ECMAScript's Canonicalize), pair by pair, independent of src/.
 */
function hasKeysEqualIgnoringCase(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const children = Object.values(value);
  if (!Array.isArray(value)) {
    const keys = Object.keys(value);
    for (const [index, key] of keys.entries()) {
      const escaped = Array.from(key, (char) => `\\u{${(char.codePointAt(0) ?? 0).toString(16)}}`);
      const same = new RegExp(`^${escaped.join('')}$`, 'iu');
      if (keys.slice(index + 1).some((other) => same.test(other))) return true;
    }
  }
  return children.some(hasKeysEqualIgnoringCase);
}

function decodeEnvelope(value: unknown): OracleTurn {
  if (!isObject(value)) return { kind: 'invalid', why: 'turn not an object' };
  const keys = Object.keys(value);
  if (keys.length !== 1) return { kind: 'invalid', why: 'turn needs exactly one key' };
  if (keys[0] === 'answer') {
    return typeof value.answer === 'string'
      ? { kind: 'answer', answer: value.answer }
      : { kind: 'invalid', why: 'answer not a string' };
  }
  const calls = value.calls;
  if (keys[0] !== 'calls' || !Array.isArray(calls) || calls.length === 0)
    return { kind: 'invalid', why: 'calls not a non-empty list' };
  const decoded: OracleCall[] = [];
  for (const item of calls as unknown[]) {
    if (!isObject(item) || Object.keys(item).some((key) => !CALL_KEYS.includes(key)))
      return { kind: 'invalid', why: 'bad call keys' };
    const { tool, version, shape } = item;
    let args = item.arguments;
    if (typeof tool !== 'string' || tool === '') return { kind: 'invalid', why: 'bad tool' };
    if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1)
      return { kind: 'invalid', why: 'bad version' };
    if (shape !== undefined && (typeof shape !== 'string' || shape === ''))
      return { kind: 'invalid', why: 'bad shape' };
    let rawArguments: string | undefined;
    if (typeof args === 'string') {
      rawArguments = args;
      // Arguments sent as text are text: the size limit counts their UTF-8 bytes too.
      if (utf8Bytes(args) > MAX_BYTES) return { kind: 'invalid', why: 'arguments text too large' };
      // The arguments sit under the turn, the calls list and the call: three levels already used.
      const parsed = parseStrictJson(args, MAX_DEPTH - 3);
      if (!parsed.ok) return { kind: 'invalid', why: `arguments string: ${parsed.why}` };
      args = parsed.value;
    }
    if (!isObject(args)) return { kind: 'invalid', why: 'arguments not an object' };
    if (hasKeysEqualIgnoringCase(args))
      return { kind: 'invalid', why: 'two keys equal ignoring case' };
    decoded.push({
      tool,
      version,
      shape,
      arguments: args,
      ...(rawArguments === undefined ? {} : { rawArguments }),
    });
  }
  return { kind: 'calls', calls: decoded };
}

/** Checks 1, visibility and 2: why the proposal stage must refuse this call, if it must. */
export function whyProposalInvalid(
  call: OracleCall,
  scope: OracleScope,
  tools: ReadonlyMap<string, OracleTool>,
): string | undefined {
  const ref = `${call.tool}@${call.version}`;
  const tool = tools.get(ref);
  if (tool === undefined || !tool.grantable || !scope.tools.includes(ref)) return 'not granted';
  if (scope.visible !== undefined && !isVisible(call.tool, scope.visible)) return 'hidden';
  return tool.validArguments(call.arguments) ? undefined : 'bad arguments';
}

function isVisible(name: string, visible: readonly string[]): boolean {
  if (visible.includes(name) || visible.includes('*')) return true;
  const segments = name.split('/');
  for (let length = 1; length < segments.length; length++) {
    if (visible.includes(`${segments.slice(0, length).join('/')}/*`)) return true;
  }
  return false;
}

/** Checks 3–8: why the dispatch stage must refuse this call (its shape resolved), if it must. */
export function whyDispatchInvalid(
  call: {
    readonly tool: string;
    readonly version: number;
    readonly shape: string;
    readonly arguments: Readonly<Record<string, unknown>>;
  },
  scope: OracleScope,
  tools: ReadonlyMap<string, OracleTool>,
): string | undefined {
  const ref = `${call.tool}@${call.version}`;
  const tool = tools.get(ref);
  if (scope.step !== undefined && !scope.step.tools.includes(call.tool))
    return 'unknown to the step';
  if (tool !== undefined && !tool.shapes.includes(call.shape)) return 'unsupported shape';
  if (tool === undefined || !tool.grantable || !scope.tools.includes(ref)) return 'not granted';
  for (const pattern of tool.network) {
    if (!scope.network.some((outer) => isPatternInside(pattern, outer)))
      return 'tool network outside';
  }
  const kinds = [['url', 'host'], ['path'], ['secret']] as const;
  for (const group of kinds) {
    if (group[0] === 'secret' && tool.secrets.some((name) => !isSecretGranted(name, scope.secrets)))
      return 'tool secret outside';
    for (const resource of tool.resources.filter((item) =>
      (group as readonly string[]).includes(item.kind),
    )) {
      const found = findValues(call.arguments, resource.at);
      if (found === undefined) return 'pointer through a scalar';
      for (const value of found) {
        const why = whyValueOutside(resource, value, scope);
        if (why !== undefined) return why;
      }
    }
  }
  return undefined;
}

/** Every value a pointer names; `undefined` when it runs into a scalar before its last segment. */
function findValues(args: unknown, at: readonly string[]): unknown[] | undefined {
  let found: unknown[] = [args];
  for (const segment of at) {
    const next: unknown[] = [];
    for (const value of found) {
      if (value === null) continue;
      if (typeof value !== 'object') return undefined;
      if (Array.isArray(value)) {
        const items = value as unknown[];
        if (segment === '*') next.push(...items);
        else if (/^(?:0|[1-9]\d*)$/.test(segment) && Number(segment) < items.length)
          next.push(items[Number(segment)]);
      } else if (segment === '*') {
        next.push(...Object.values(value as Record<string, unknown>));
      } else if (Object.hasOwn(value, segment)) {
        next.push((value as Record<string, unknown>)[segment]);
      }
    }
    found = next;
  }
  return found;
}

function whyValueOutside(
  resource: OracleResource,
  value: unknown,
  scope: OracleScope,
): string | undefined {
  switch (resource.kind) {
    case 'path':
      return whyPathOutside(value, resource.access, scope);
    case 'url': {
      const target = readUrl(value);
      return target === undefined ||
        !scope.network.some((pattern) => matches(pattern, target.host, target.port))
        ? 'url outside'
        : undefined;
    }
    case 'host': {
      const target = readHost(value);
      return target === undefined ||
        !scope.network.some((pattern) => matches(pattern, target.host, target.port))
        ? 'host outside'
        : undefined;
    }
    case 'secret':
      return typeof value === 'string' &&
        /^[\w.-]{1,128}$/.test(value) &&
        isSecretGranted(value, scope.secrets)
        ? undefined
        : 'secret outside';
  }
}

/**
 * SPEC §6.1, §13, §14.1: why a path value must be refused for this access,
 * if it must. Every spelling of the absolute path the OS is handed (as
 * written, NFC, NFD) must pass on its own.
 */
function whyPathOutside(
  value: unknown,
  access: 'read' | 'write',
  scope: OracleScope,
): string | undefined {
  const usable = (text: unknown): text is string =>
    typeof text === 'string' && text !== '' && !text.includes('\0') && !text.includes('\\');
  if (!usable(value)) return 'path not usable';
  if (!value.startsWith('/') && !(usable(scope.cwd) && scope.cwd.startsWith('/')))
    return 'relative path without cwd';
  const cwd = scope.cwd as string;
  // What the OS is handed: a relative path joined to cwd, ".." and "//" kept.
  const raw = value.startsWith('/') ? value : `${cwd}${cwd.endsWith('/') ? '' : '/'}${value}`;
  // createGrant reads roots and deny globs in NFC (SPEC §14.1).
  const roots = scope.roots.map((root) => ({ ...root, path: root.path.normalize('NFC') }));
  const denies = (scope.denies ?? []).map(readDeny);
  for (const [form, spelling] of spellingsOf(raw)) {
    const why = whySpellingOutside(spelling, access, roots, denies, scope.links);
    if (why !== undefined) return form === '' ? why : `${why} (${form})`;
  }
  return undefined;
}

/** A text as written, its NFC and its NFD forms, each once, with the form's name ('' as written). */
function spellingsOf(text: string): (readonly [string, string])[] {
  const forms: (readonly [string, string])[] = [['', text]];
  for (const form of ['NFC', 'NFD'] as const) {
    const spelled = text.normalize(form);
    if (forms.every(([, seen]) => seen !== spelled)) forms.push([form, spelled]);
  }
  return forms;
}

interface OracleRoot {
  readonly path: string;
  readonly write: boolean;
}

/** One spelling: lexically inside and not denied, then (with a fake tree) the same of its real path. */
function whySpellingOutside(
  spelling: string,
  access: 'read' | 'write',
  roots: readonly OracleRoot[],
  denies: readonly OracleDeny[],
  links: ReadonlyMap<string, string> | undefined,
): string | undefined {
  // posix.resolve is lexical: "//" collapses, "." drops, ".." never climbs above "/".
  const lexical = posix.resolve(spelling);
  const granting = roots.filter((root) => access === 'read' || root.write);
  if (!granting.some((root) => isAtOrBelow(lexical, root.path))) return 'path outside';
  const why = whyDenied(
    lexical,
    roots.map((root) => root.path),
    denies,
    access,
  );
  if (why !== undefined) return `path ${why}`;
  if (links === undefined) return undefined;
  const dotDot = findDotDotAfterLink(spelling, links);
  if (dotDot !== undefined) return dotDot;
  const real = land(spelling, links, 0);
  if (real === undefined) return 'realpath refused';
  // A root whose real path cannot be had covers nothing.
  const realRoots = roots.flatMap((root) => {
    const path = land(root.path, links, 0);
    return path === undefined ? [] : spellingsOf(path).map(([, form]) => ({ ...root, path: form }));
  });
  for (const [, form] of spellingsOf(real)) {
    const inside = realRoots.some(
      (root) => (access === 'read' || root.write) && isAtOrBelow(form, root.path),
    );
    if (!inside) return 'real path outside';
    const denied = whyDenied(
      form,
      realRoots.map((root) => root.path),
      denies,
      access,
    );
    if (denied !== undefined) return `real path ${denied}`;
  }
  return undefined;
}

/** Is this canonical path the folder itself or below it by whole segments? */
function isAtOrBelow(path: string, folder: string): boolean {
  const relative = posix.relative(folder, path);
  return (
    relative === '' ||
    (relative !== '..' && !relative.startsWith('../') && !posix.isAbsolute(relative))
  );
}

/** A folder deny entry as the oracle reads SPEC §13 and §14.1. */
interface OracleDeny {
  /** The glob, NFC, with a name-only glob written out as `**\/name` (any depth). */
  readonly glob: string;
  readonly absolute: boolean;
  /** Per brace alternative, the path before its first wildcard segment ('' = the root). */
  readonly anchors: readonly string[];
}

function readDeny(entry: string): OracleDeny {
  const written = entry.slice(1).normalize('NFC');
  const absolute = written.startsWith('/');
  // .gitignore: no "/" means that name at any depth; with one it is anchored at the root.
  const glob = absolute || written.includes('/') ? written : `**/${written}`;
  const anchors = braceExpand(glob).map((alternative) => {
    const segments = alternative.split('/');
    const wild = segments.findIndex((segment) => /[*?[\]]/.test(segment));
    const literal = (wild === -1 ? segments : segments.slice(0, wild)).join('/');
    return absolute && literal === '' ? '/' : literal;
  });
  return { glob, absolute, anchors };
}

/**
 * Does a deny entry name this canonical path or a folder above it (absolute
 * globs against the path, relative ones against it relative to each root
 * holding it), or, for a write, is the path an entry's anchor or above one?
 */
function whyDenied(
  path: string,
  roots: readonly string[],
  denies: readonly OracleDeny[],
  access: 'read' | 'write',
): string | undefined {
  for (const deny of denies) {
    const targets = deny.absolute
      ? [path]
      : roots
          .filter((root) => root !== path && isAtOrBelow(path, root))
          .map((root) => posix.relative(root, path));
    if (targets.some((target) => namesItOrAbove(deny.glob, target))) return 'denied';
    if (access === 'read') continue;
    const anchors = deny.absolute
      ? deny.anchors
      : deny.anchors.flatMap((anchor) => roots.map((root) => posix.join(root, anchor)));
    if (anchors.some((anchor) => isAtOrBelow(anchor, path))) return 'deny-ancestor';
  }
  return undefined;
}

/** Does the glob match the path or one of its leading folders (a folder named is denied with all below it)? */
function namesItOrAbove(glob: string, path: string): boolean {
  const parts = path.split('/');
  for (let length = 1; length <= parts.length; length++) {
    const prefix = parts.slice(0, length).join('/');
    if (prefix !== '' && minimatch(prefix, glob, { dot: true, nocase: false })) return true;
  }
  return false;
}

/** Links followed on one resolution before the OS gives up, as Linux does. */
const MAX_LINKS = 40;

/**
 * The kernel's landing for a raw absolute path over the fake tree: each
 * segment taken in the folder reached so far, `..` to that folder's parent,
 * a link replaced by where its target lands; `undefined` on a loop.
 */
function land(raw: string, links: ReadonlyMap<string, string>, depth: number): string | undefined {
  if (depth > MAX_LINKS) return undefined;
  let folder = '/';
  for (const segment of raw.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      folder = posix.dirname(folder);
      continue;
    }
    const entry = folder === '/' ? `/${segment}` : `${folder}/${segment}`;
    const target = links.get(entry);
    if (target === undefined) {
      folder = entry;
      continue;
    }
    const landed = land(target, links, depth + 1);
    if (landed === undefined) return undefined;
    folder = landed;
  }
  return folder;
}

/**
 * SPEC §14.1: does a `..` cancel (in the lexical reading) a segment that is
 * a symlink on disk? Each cancelled name is looked up in the folder the
 * kernel reaches by the path written before it; a loop on the way cannot be
 * told, so it is refused too.
 */
function findDotDotAfterLink(
  raw: string,
  links: ReadonlyMap<string, string>,
): 'symlink-dotdot' | 'realpath refused' | undefined {
  const segments = raw.split('/');
  // The names a lexical reading keeps, each with the text written before it.
  const kept: { readonly name: string; readonly before: string }[] = [];
  for (const [index, segment] of segments.entries()) {
    if (segment === '' || segment === '.') continue;
    if (segment !== '..') {
      kept.push({ name: segment, before: segments.slice(0, index).join('/') });
      continue;
    }
    const cancelled = kept.pop();
    if (cancelled === undefined) continue;
    const folder = land(cancelled.before, links, 0);
    if (folder === undefined) return 'realpath refused';
    if (links.has(posix.join(folder, cancelled.name))) return 'symlink-dotdot';
  }
  return undefined;
}

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
// eslint-disable-next-line no-control-regex -- ASCII controls are exactly what SPEC §6.2 bans
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f]/;

/** Reads a URL value the way SPEC §6.2 demands, or undefined when it must be refused. */
export function readUrl(
  value: unknown,
): { readonly host: string; readonly port: number } | undefined {
  if (typeof value !== 'string') return undefined;
  // SPEC §6.2: the scheme is matched case-insensitively (HTTPS:// is https://)
  const scheme = ['http://', 'https://', 'ws://', 'wss://'].find(
    (prefix) => value.slice(0, prefix.length).toLowerCase() === prefix,
  );
  if (scheme === undefined || CONTROL_OR_SPACE.test(value) || value.includes('\\'))
    return undefined;
  const rest = value.slice(scheme.length);
  const end = rest.search(/[#/?]/);
  const authority = end === -1 ? rest : rest.slice(0, end);
  if (
    authority === '' ||
    authority.includes('@') ||
    authority.includes('%') ||
    IGNORABLE.test(authority)
  )
    return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const port =
    url.port === '' ? (scheme === 'https://' || scheme === 'wss://' ? 443 : 80) : Number(url.port);
  const host = finishHost(url.hostname);
  if (host === undefined || port === 0) return undefined;
  // SPEC §6.2 rev 2: an IPv4 host is written exactly as its dotted-decimal form
  if (isIpv4(host) && authority.replace(/:\d*$/, '') !== host) return undefined;
  // A differential of our own: an all-ASCII name authority must read as the same host by plain
  // splitting. Not for IPv4 forms: a last label of digits or 0x-hex makes the host an address.
  const plain = authority.replace(/:\d*$/, '').toLowerCase().replace(/\.$/, '');
  const lastLabel = plain.slice(plain.lastIndexOf('.') + 1);
  if (/^[\w.-]+$/.test(plain) && !/^(?:\d+|0x[\da-f]*)$/.test(lastLabel) && plain !== host)
    return undefined;
  return { host, port };
}

/** Reads a `host` or `host:port` value (SPEC §6.2), or undefined when it must be refused. */
export function readHost(
  value: unknown,
): { readonly host: string; readonly port: number | undefined } | undefined {
  if (
    typeof value !== 'string' ||
    value === '' ||
    CONTROL_OR_SPACE.test(value) ||
    /[#%/?@\\]/.test(value)
  )
    return undefined;
  let hostText = value;
  let portText: string | undefined;
  if (value.startsWith('[')) {
    const close = value.indexOf(']');
    if (close === -1) return undefined;
    hostText = value.slice(0, close + 1);
    const rest = value.slice(close + 1);
    if (rest !== '') {
      if (!rest.startsWith(':')) return undefined;
      portText = rest.slice(1);
    }
  } else if (value.includes(':')) {
    hostText = value.slice(0, value.lastIndexOf(':'));
    portText = value.slice(value.lastIndexOf(':') + 1);
    if (hostText.includes(':')) return undefined;
  }
  if (portText !== undefined && (!/^[1-9]\d{0,4}$/.test(portText) || Number(portText) > 65535))
    return undefined;
  if (hostText === '' || IGNORABLE.test(hostText)) return undefined;
  let hostname: string;
  try {
    hostname = new URL(`http://${hostText}/`).hostname;
  } catch {
    return undefined;
  }
  const host = finishHost(hostname);
  return host === undefined || (isIpv4(host) && hostText !== host)
    ? undefined
    : { host, port: portText === undefined ? undefined : Number(portText) };
}

/** One trailing dot dropped; no empty label; no "*". */
function finishHost(hostname: string): string | undefined {
  const host = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  if (host === '' || host.includes('*')) return undefined;
  if (!host.startsWith('[') && host.split('.').includes('')) return undefined;
  return host;
}

const isIpv4 = (host: string) => /^\d+\.\d+\.\d+\.\d+$/.test(host);
const isIp = (host: string) => host.startsWith('[') || isIpv4(host);

/**
 * SPEC §13's private addresses, by plain arithmetic on the parts: `*` never covers them.
 * [first address as a.b.c.d, prefix length]
 */
const PRIVATE_V4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const v4Number = (text: string) =>
  text.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
const isPrivateV4Number = (value: number) =>
  PRIVATE_V4.some(
    ([first, prefix]) =>
      Math.floor(value / 2 ** (32 - prefix)) === Math.floor(v4Number(first) / 2 ** (32 - prefix)),
  );

/** The eight 16-bit groups of a bracketed IPv6 address. */
function v6Groups(host: string): number[] {
  const [head = '', tail] = host.slice(1, -1).split('::');
  const read = (text: string) => (text === '' ? [] : text.split(':').map((g) => parseInt(g, 16)));
  const left = read(head);
  const right = tail === undefined ? [] : read(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

export function isPrivateOracle(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIpv4(host)) return isPrivateV4Number(v4Number(host));
  if (!host.startsWith('[')) return false;
  const g = v6Groups(host);
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  if (g.slice(0, 7).every((x) => x === 0) && (g7 === 0 || g7 === 1)) return true;
  if (g0 >= 0xfc00 && g0 <= 0xfdff) return true; // fc00::/7
  if (g0 >= 0xfe80 && g0 <= 0xfebf) return true; // fe80::/10
  if (g0 >= 0xff00) return true; // ff00::/8
  const mapped = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff;
  const nat64 = g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0;
  return (mapped || nat64) && isPrivateV4Number(g6 * 65536 + g7);
}

function matches(pattern: OraclePattern, host: string, port: number | undefined): boolean {
  if (pattern.kind === 'any') return !isPrivateOracle(host);
  const portOk = pattern.port === undefined || pattern.port === port;
  if (pattern.kind === 'exact') return portOk && pattern.host === host;
  return portOk && !isIp(host) && host.endsWith(`.${pattern.suffix}`);
}

function isPatternInside(inner: OraclePattern, outer: OraclePattern): boolean {
  if (outer.kind === 'any') return true;
  if (inner.kind === 'any') return false;
  if (outer.port !== undefined && inner.port !== outer.port) return false;
  if (outer.kind === 'exact') return inner.kind === 'exact' && inner.host === outer.host;
  const name = inner.kind === 'exact' ? inner.host : inner.suffix;
  return (
    !isIp(name) &&
    (name === outer.suffix ? inner.kind === 'wildcard' : name.endsWith(`.${outer.suffix}`))
  );
}

function isSecretGranted(name: string, granted: readonly string[]): boolean {
  return granted.some((entry) =>
    entry.endsWith('*') ? name.startsWith(entry.slice(0, -1)) : entry === name,
  );
}
