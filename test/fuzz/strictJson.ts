/**
 * The fuzz oracle's own JSON reader, written from RFC 8259 and independent
 * of `JSON.parse` and of the gate's key counter: it refuses a key repeated
 * in one object (compared after unescaping) and nesting deeper than a limit.
 *
 * // ('{"a":[1]}', 64)      => { ok: true, value: { a: [1] } }
 * // ('{"a":1,"\\u0061":2}') => { ok: false, why: 'repeated key "a"' }
 */
export type StrictJson =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly why: string };

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:e[+-]?\d+)?/iy;
const HEX4 = /^[\dA-F]{4}$/i;
// eslint-disable-next-line no-control-regex -- control characters end a run: RFC 8259 forbids them unescaped
const SPECIAL = /["\\\u0000-\u001f]/g;
const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

class Refused extends Error {}

export function parseStrictJson(text: string, maxDepth: number): StrictJson {
  let at = 0;
  const refuse = (why: string): never => {
    throw new Refused(`${why} at ${at}`);
  };
  const skipSpace = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at] as string)) at++;
  };
  const expectChar = (char: string) => {
    if (text[at] !== char) refuse(`expected ${char}`);
    at++;
  };
  const readString = (): string => {
    expectChar('"');
    let out = '';
    for (;;) {
      // Copy the run up to the next quote, backslash or control character in one slice.
      SPECIAL.lastIndex = at;
      const found = SPECIAL.exec(text);
      if (found === null) refuse('unterminated string');
      const stop = (found as RegExpExecArray).index;
      out += text.slice(at, stop);
      at = stop + 1;
      const char = text[stop] as string;
      if (char === '"') return out;
      if (char !== '\\') refuse('control character in a string');
      const escape = text[at] ?? '';
      at++;
      if (escape === 'u') {
        const hex = text.slice(at, at + 4);
        if (!HEX4.test(hex)) refuse('bad \\u escape');
        out += String.fromCharCode(parseInt(hex, 16));
        at += 4;
      } else if (Object.hasOwn(ESCAPES, escape)) {
        out += ESCAPES[escape] as string;
      } else {
        refuse('bad escape');
      }
    }
  };
  const readValue = (depth: number): unknown => {
    skipSpace();
    const char = text[at];
    if (char === '{' || char === '[') {
      if (depth >= maxDepth) refuse('too deep');
      at++;
      skipSpace();
      if (char === '[') {
        const items: unknown[] = [];
        if (text[at] === ']') {
          at++;
          return items;
        }
        for (;;) {
          items.push(readValue(depth + 1));
          skipSpace();
          if (text[at] === ']') {
            at++;
            return items;
          }
          expectChar(',');
        }
      }
      const object: Record<string, unknown> = {};
      const seen = new Set<string>();
      if (text[at] === '}') {
        at++;
        return object;
      }
      for (;;) {
        skipSpace();
        const key = readString();
        if (seen.has(key)) refuse(`repeated key ${JSON.stringify(key)}`);
        seen.add(key);
        skipSpace();
        expectChar(':');
        // defineProperty: a "__proto__" key stays an own data property.
        Object.defineProperty(object, key, {
          value: readValue(depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
        skipSpace();
        if (text[at] === '}') {
          at++;
          return object;
        }
        expectChar(',');
      }
    }
    if (char === '"') return readString();
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return value;
      }
    }
    NUMBER.lastIndex = at;
    const number = NUMBER.exec(text);
    if (number === null) refuse('unexpected character');
    at += (number as RegExpExecArray)[0].length;
    return Number((number as RegExpExecArray)[0]);
  };
  try {
    const value = readValue(0);
    skipSpace();
    if (at !== text.length) refuse('text after the value');
    return { ok: true, value };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, why: error.message };
    throw error;
  }
}
