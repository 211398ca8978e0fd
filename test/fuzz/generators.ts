import type { Random } from './random.js';
import { TOOL_NAMES } from './setup.js';

/**
 * Proposal generators. Each family returns the turn to decide, either JSON
 * text or a decoded value, as a model or a hostile caller might send it.
 * Values are drawn from token lists that mix legitimate values with known
 * bypass forms, so both allows and refusals are common.
 */

const ODD_UNICODE = [
  '\u0000',
  '\u0007',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u00ad',
  '\u034f',
  '\u061c',
  '\u180e',
  '\u200b',
  '\u200d',
  '\u200e',
  '\u202e',
  '\u2028',
  '\u2029',
  '\u2060',
  '\u3000',
  '\u3002',
  '\ufe0f',
  '\ufeff',
  '\ufffd',
  '\uffff',
  '\ud800',
  '\udfff',
  '\ud83d\udca9',
  '\uff0e',
  '\uff0f',
  '\uff20',
  '\uff1a',
  '\u2215',
  '\u2025',
  'e\u0301',
  '\u0130',
  '\u212a',
  '\u0435',
  '\u1d00',
  'ß',
  'ς',
  '①',
  '𝐚',
  '\u{e0041}',
];
const PATH_SEGMENTS = [
  'src',
  'app.ts',
  'docs',
  'project',
  'project2',
  'srv',
  'etc',
  'passwd',
  '.',
  '..',
  '',
  '...',
  '..foo',
  '%2e%2e',
  '..%2f',
  '~',
  '.git',
  'a b',
  'café',
  '\\',
  '..\\..',
  '\u0000',
  'é',
  'PROJECT',
  'node_modules',
  '*',
];
const PATH_STARTS = [
  '/srv/project/',
  '/srv/docs/',
  '/srv/',
  '/',
  '',
  './',
  '../',
  '//srv/project/',
  '/srv/project2/',
  '/etc/',
  '~/',
];
const SCHEMES = [
  'https://',
  'http://',
  'ws://',
  'wss://',
  'HTTPS://',
  'https:/',
  'https:',
  'ftp://',
  'file://',
  '//',
  'javascript:',
  '',
];
const HOSTS = [
  'example.com',
  'a.example.com',
  'a.b.example.com',
  'EXAMPLE.COM',
  'example.com.',
  'example.com..',
  'evil.com',
  'example.com.evil.com',
  'evilexample.com',
  'api.slack.com',
  'files.example.org',
  '[::1]',
  '[0:0::1]',
  '[::ffff:127.0.0.1]',
  '127.0.0.1',
  '0x7f.1',
  '10.0.0.5',
  '012.0.0.5',
  '167772165',
  '010.010.010.010',
  '10.0.0.5.',
  '100.64.0.1',
  '169.254.169.254',
  '[fd00::1]',
  '[::ffff:a00:5]',
  '[64:ff9b::a00:5]',
  'app.localhost',
  'localhost',
  'ｅｘａｍｐｌｅ.com',
  'a。example.com',
  'bücher.de',
  'xn--bcher-kva.de',
  '*.example.com',
  'a..example.com',
  '.example.com',
  'exa%6dple.com',
  'a_b.example.com',
];
const PORTS = [
  '',
  '',
  '',
  ':443',
  ':80',
  ':8443',
  ':8080',
  ':0',
  ':65535',
  ':65536',
  ':08443',
  ':',
  ':+1',
  ':1e3',
];
const AUTHORITY_TRICKS = ['', '', '', '', 'user@', '@', 'example.com@', 'evil.com@', 'a:b@'];
const URL_TAILS = [
  '',
  '/',
  '/x?y=1',
  '#frag',
  '?@evil.com',
  '#@evil.com',
  '/@evil.com',
  '\\@evil.com',
  '\\',
  '/ x',
  '%2f@evil.com',
  '/\t',
];
const SECRETS = [
  'SLACK_TOKEN',
  'APP_KEY',
  'APP_',
  'APP',
  'app_KEY',
  'slack_token',
  'ROOT',
  '',
  '*',
  'APP_*',
  'A'.repeat(129),
  `APP_${'x'.repeat(124)}`,
  'APP_KEY ',
  'APP_KEY\n',
  'APP_é',
  '__proto__',
  'constructor',
  'a/b',
  'db.password',
];

/** Occasionally swaps a string for an odd value: a number, null, a list, an object, or odd Unicode. */
function maybeOdd(random: Random, value: string): unknown {
  if (!random.chance(0.06)) return value;
  return random.pick<unknown>([
    42,
    null,
    true,
    [value],
    { value },
    value + random.pick(ODD_UNICODE),
    random.pick(ODD_UNICODE) + value,
    '',
  ]);
}

/** Values inside the fuzz world's full grant: half of all values, so that allows are common. */
const GOOD_PATHS = [
  'README.md',
  'src/app.ts',
  '/srv/project/a',
  '/srv/docs/guide.md',
  './x/../y',
  '/srv/project/',
  'a b/c',
  '%2e%2e/x',
];
const GOOD_URLS = [
  'https://example.com/',
  'https://a.example.com/x?y=1',
  'http://example.com:8080/',
  'https://files.example.org:8443/f',
  'http://[::1]/',
  'wss://b.example.com/s',
  'https://EXAMPLE.com./',
  'HTTPS://EXAMPLE.COM/',
  'Wss://a.example.com/s',
];
const GOOD_HOSTS = [
  'example.com',
  'a.example.com:443',
  'files.example.org:8443',
  '[::1]',
  '10.0.0.5:8080',
  'api.slack.com',
];
const GOOD_SECRETS = ['SLACK_TOKEN', 'APP_KEY', 'APP_', 'APP_x.y-z'];

/**
 * The fuzz world's fake tree and deny entries (setup.ts), as path parts:
 * its links, the names its denies take away and their other spellings
 * (NFD, KELVIN SIGN), and plain names beside them.
 */
const LINK_SEGMENTS = [
  'x',
  'l2',
  'ok',
  'Kontakte',
  '\u212Aontakte',
  'envlink',
  'gitlink',
  'docslink',
  'dl',
  'vlink',
  'loop',
  'sub',
  'src',
];
const DENY_SEGMENTS = [
  '.git',
  '.env',
  'secrets',
  'key.pem',
  'Vertr\u00e4ge',
  'Vertra\u0308ge',
  '\u212Aeys',
  'Keys',
  'keys',
  'config',
  'prod',
  'stage',
  'private',
  'alt',
  'a',
  '..',
  '..',
  '.',
];
/** Names whose NFC or NFD spelling is another name: denied, a link, or a link's target. */
const SPELLED_SEGMENTS = [
  'Vertra\u0308ge',
  'Vertr\u00e4ge',
  '\u212Aeys',
  '\u212Aontakte',
  'Caf\u00e9',
  'vlink',
  'ok/Vertra\u0308ge',
];
/** Deny anchors, folders above them and beside them: what a write may name or not (SPEC §14.1). */
const ANCHOR_PATHS = [
  '/srv/project',
  '/srv/project/',
  '/srv/project/.git',
  '/srv/project/secrets',
  '/srv/project/config',
  '/srv/project/config/prod',
  '/srv/project/config/dev',
  '/srv/project/gitlink',
  '/srv/project/src',
  '/srv/docs/private',
  '/srv',
  '.',
  '.git',
  'secrets',
  'config/stage',
  'src/lib',
];
/** Paths the deny and realpath contexts allow (reads at least), links and other spellings included. */
const LINKED_GOOD_PATHS = [
  '/srv/project/ok/app.ts',
  '/srv/project/src/x.ts',
  '/srv/project/ok',
  '/srv/project/sub/../src/x.ts',
  '/srv/project/x/file',
  '/srv/project/docslink/guide.md',
  '/srv/docs/guide.md',
  'ok/app.ts',
  '/srv/project/Vertra\u0308ge.txt',
  '/srv/project/keys/a',
  '/srv/project/.git',
  '/srv/project/secrets',
  '/srv/project/a/secrets/x',
  '/srv/project/config/dev/a.yml',
];

/** A path aimed at the folder deny and realpath rules: links, `..` after them, spellings, anchors. */
function aLinkedPath(random: Random): string {
  switch (random.int(5)) {
    case 0:
      return random.pick(LINKED_GOOD_PATHS);
    case 1:
      return random.pick(ANCHOR_PATHS);
    case 2: {
      const parts = Array.from({ length: 1 + random.int(4) }, () =>
        random.pick(random.chance(0.5) ? LINK_SEGMENTS : DENY_SEGMENTS),
      );
      return (
        random.pick(['/srv/project/', '', '/srv/docs/', '/srv/project/src/']) + parts.join('/')
      );
    }
    case 3: {
      const tail = random.pick(['', '/a', '/alt', '/alt/passwd', '/id.pem', '/x/../f']);
      return `/srv/project/${random.pick(SPELLED_SEGMENTS)}${tail}`;
    }
    default: {
      // ".." right after a link, or after a name below one.
      const below = random.chance(0.3) ? `/${random.pick(DENY_SEGMENTS)}` : '';
      const tail = random.pick(['', '/f', '/.env', '/passwd', '/src/x.ts']);
      return `/srv/project/${random.pick(LINK_SEGMENTS)}${below}/../${random.pick(LINK_SEGMENTS)}${tail}`;
    }
  }
}

export function aPath(random: Random): unknown {
  if (random.chance(0.45)) return random.pick(GOOD_PATHS);
  if (random.chance(0.5)) return maybeOdd(random, aLinkedPath(random));
  const parts = Array.from({ length: random.int(5) }, () => random.pick(PATH_SEGMENTS));
  return maybeOdd(random, random.pick(PATH_STARTS) + parts.join('/'));
}

export function aUrl(random: Random): unknown {
  if (random.chance(0.5)) return random.pick(GOOD_URLS);
  const url =
    random.pick(SCHEMES) +
    random.pick(AUTHORITY_TRICKS) +
    random.pick(HOSTS) +
    random.pick(PORTS) +
    random.pick(URL_TAILS);
  return maybeOdd(random, url);
}

export function aHost(random: Random): unknown {
  if (random.chance(0.5)) return random.pick(GOOD_HOSTS);
  return maybeOdd(random, random.pick(HOSTS) + random.pick(PORTS));
}

export function aSecret(random: Random): unknown {
  if (random.chance(0.5)) return random.pick(GOOD_SECRETS);
  return maybeOdd(random, random.pick(SECRETS));
}

/**
 * One call of a tool that reads or writes paths, its paths mostly aimed at
 * the folder deny and realpath rules: for the contexts that have them.
 */
export function aPathTurn(random: Random): Record<string, unknown> {
  const path = () => (random.chance(0.8) ? maybeOdd(random, aLinkedPath(random)) : aPath(random));
  const tool = random.pick(['fs-read', 'fs-write', 'fs-write', 'files/copy', 'sync/all']);
  const args = argumentsFor(random, tool);
  if (tool === 'files/copy') {
    args.files = Array.from({ length: 1 + random.int(2) }, () => ({ path: path() }));
    args.dest = path();
  } else {
    args.path = path();
  }
  return {
    calls: [{ tool, version: 1, arguments: random.chance(0.2) ? JSON.stringify(args) : args }],
  };
}

/** Plausible arguments for a tool name, sometimes with an extra or missing key. */
export function argumentsFor(random: Random, tool: string): Record<string, unknown> {
  let args: Record<string, unknown>;
  switch (tool) {
    case 'fs-read':
      args = { path: aPath(random) };
      break;
    case 'fs-write':
      args = { path: aPath(random), content: 'x' };
      break;
    case 'text-summarize':
      args = random.chance(0.5)
        ? { text: 'A long text.' }
        : { text: 'A long text.', maxSentences: random.pick<unknown>([1, 3, 0, 2.5, '3']) };
      break;
    case 'slack/search':
      args = random.chance(0.7)
        ? { query: 'budget' }
        : { query: 'q', limit: random.pick<unknown>([1, 10, 0, -1, 1.5, '5']) };
      break;
    case 'http/get':
      args = { url: aUrl(random) };
      break;
    case 'net/ping':
      args = { hosts: Array.from({ length: random.int(4) }, () => aHost(random)) };
      break;
    case 'vault/use':
      args = { secret: aSecret(random) };
      break;
    case 'sync/all':
      args = { url: aUrl(random), path: aPath(random), secret: aSecret(random) };
      break;
    case 'files/copy':
      args = {
        files: Array.from({ length: random.int(4) }, () => ({ path: aPath(random) })),
        dest: aPath(random),
      };
      break;
    default:
      args = { query: 'x' };
  }
  if (random.chance(0.04))
    args[
      random.pick(['extra', '__proto__', 'constructor', 'path', 'url', 'PATH', 'Url', 'p\u212ath'])
    ] = random.pick<unknown>([aPath(random), { path: '/etc/passwd' }, 1]);
  if (random.chance(0.03)) {
    const keys = Object.keys(args);
    if (keys.length > 0) Reflect.deleteProperty(args, random.pick(keys));
  }
  return args;
}

/** One call: mostly well formed, sometimes with a wrong version, an odd shape, or arguments as a string. */
export function aCall(random: Random): Record<string, unknown> {
  const tool = random.chance(0.9) ? random.pick(TOOL_NAMES.slice(0, 9)) : random.pick(TOOL_NAMES);
  const args = argumentsFor(random, tool);
  const call: Record<string, unknown> = {
    tool,
    version: random.chance(0.95) ? 1 : random.pick<unknown>([2, 0, -1, 1.5, '1', 1e21]),
  };
  if (random.chance(0.15))
    call.shape = random.pick(['call', 'read', 'overwrite', 'stream', 'append', '', 'CALL']);
  call.arguments = random.chance(0.2)
    ? JSON.stringify(args, null, random.chance(0.5) ? 1 : undefined)
    : args;
  if (random.chance(0.01)) call[random.pick(['ref', 'extra', 'rawArguments'])] = 'x';
  return call;
}

/** A turn of 1–3 calls (rarely none), as a value. */
export function aTurnValue(random: Random): Record<string, unknown> {
  if (random.chance(0.03)) return { answer: random.pick<unknown>(['done', '', 42]) };
  const count = random.chance(0.02) ? 0 : random.chance(0.6) ? 1 : 2 + random.int(2);
  return { calls: Array.from({ length: count }, () => aCall(random)) };
}

/** Turn text with 1–4 byte-level edits: inserts, deletes, duplicated runs and replaced characters. */
export function aMutatedText(random: Random): string {
  let text = JSON.stringify(aTurnValue(random));
  const alphabet = [
    '"',
    '\\',
    '{',
    '}',
    '[',
    ']',
    ',',
    ':',
    '0',
    '1',
    '-',
    'e',
    '.',
    ' ',
    '/',
    'u',
    'n',
    '\n',
    ...ODD_UNICODE,
  ];
  for (let edits = 1 + random.int(4); edits > 0; edits--) {
    const at = random.int(text.length + 1);
    switch (random.int(5)) {
      case 0:
        text = text.slice(0, at) + random.pick(alphabet) + text.slice(at);
        break;
      case 1:
        text = text.slice(0, at) + text.slice(at + 1 + random.int(4));
        break;
      case 2: {
        const length = 1 + random.int(12);
        text = text.slice(0, at + length) + text.slice(at, at + length) + text.slice(at + length);
        break;
      }
      case 3:
        text = text.slice(0, at) + random.pick(alphabet) + text.slice(at + 1);
        break;
      default: {
        // Repeat a key: ',"path":"/etc/passwd"' right after an opening brace.
        const brace = text.indexOf('{', at);
        if (brace !== -1)
          text = `${text.slice(0, brace + 1)}"${random.pick(['path', 'url', 'tool', 'secret', 'calls'])}":${JSON.stringify(random.pick(['/etc/passwd', 'https://evil.com/', 'ROOT', 'fs-read']))},${text.slice(brace + 1)}`;
      }
    }
  }
  return text;
}

/** A call whose arguments (or the envelope) nest around the depth limit. */
export function aDeepTurn(random: Random): unknown {
  const depth = 55 + random.int(16);
  let inner: unknown = random.pick<unknown>(['/srv/project/a', 1, null]);
  for (let level = 0; level < depth; level++) inner = random.chance(0.5) ? [inner] : { k: inner };
  const turn = {
    calls: [
      {
        tool: random.pick(['net/ping', 'http/get', 'text-summarize']),
        version: 1,
        arguments: { url: 'https://example.com/', hosts: [], text: 't', deep: inner },
      },
    ],
  };
  return random.chance(0.5) ? JSON.stringify(turn) : turn;
}

/** A turn with one huge string, sized around the 1 MiB limit, sometimes in arguments sent as a string. */
export function aHugeTurn(random: Random): unknown {
  const unit = random.pick(['a', 'é', '€', '\ud83d\udca9', '\ud800']);
  const target = random.pick([
    1024,
    64 * 1024,
    1024 * 1024 - 200,
    1024 * 1024 + 10,
    1024 * 1024 - 40,
  ]);
  const huge = unit.repeat(
    Math.max(
      1,
      Math.floor(target / (unit === 'a' ? 1 : unit.length === 2 ? 4 : unit === 'é' ? 2 : 3)),
    ),
  );
  const args = { text: huge };
  const turn = random.chance(0.3)
    ? { answer: huge }
    : {
        calls: [
          {
            tool: 'text-summarize',
            version: 1,
            arguments: random.chance(0.5) ? JSON.stringify(args) : args,
          },
        ],
      };
  return random.chance(0.7) ? JSON.stringify(turn) : turn;
}

/** Many calls in one turn. */
export function aWideTurn(random: Random): unknown {
  const calls = Array.from({ length: 20 + random.int(80) }, () => ({
    tool: 'fs-read',
    version: 1,
    arguments: { path: random.chance(0.999) ? 'a.md' : '/etc/passwd' },
  }));
  return random.chance(0.5) ? JSON.stringify({ calls }) : { calls };
}

/** A random JSON-ish value or random text: anything at all. */
export function anything(random: Random): unknown {
  const pick = random.int(8);
  if (pick === 0)
    return Array.from({ length: random.int(40) }, () =>
      random.pick(['{', '}', '"', 'calls', ':', '[', ']', ',', 'a', '1', ...ODD_UNICODE]),
    ).join('');
  if (pick === 1)
    return random.pick<unknown>([
      null,
      undefined,
      0,
      -0,
      Number.NaN,
      Infinity,
      true,
      '',
      [],
      {},
      'null',
      '[]',
      '{}',
      '""',
      '{"calls":null}',
    ]);
  if (pick === 2)
    return { calls: [random.pick<unknown>([null, 1, 'x', [], {}, { tool: 'fs-read' }])] };
  if (pick === 3) return { calls: aTurnValue(random).calls, answer: 'both' };
  if (pick === 4)
    return JSON.stringify(aTurnValue(random)).replaceAll(
      random.pick(['"', ':', ',', '1']),
      random.pick(["'", '=', ';', '01']),
    );
  if (pick === 5)
    return {
      calls: [
        {
          tool: 'fs-read',
          version: 1,
          arguments: { path: 'a' },
          get shape() {
            return 'read';
          },
        },
      ],
    };
  if (pick === 6)
    return { calls: [{ tool: 'fs-read', version: 1, arguments: new Map([['path', 'a']]) }] };
  return Object.assign(
    Object.create({
      calls: [{ tool: 'fs-read', version: 1, arguments: { path: '/etc/passwd' } }],
    }) as object,
    {},
  );
}
