import { braceExpand, minimatch } from '../deps/minimatch.js';
import { FOLDER_GLOB_OPTIONS } from '../scope/folder/parseFolderDeny.js';

/** Most samples of the cross product of a glob's variants (each `*` and `**` doubles them). */
const MAX_CROSS = 32;

/** Most code points taken from one range of a class (`[a-z]`: 26). */
const MAX_RANGE = 256;

/** Most samples of the joint product of every position of one brace alternative. */
const MAX_JOINT = 4096;

/** What the samples are drawn from, besides the glob itself. */
export interface SampleContext {
  /** A name no glob or root of either grant mentions. */
  readonly fresh: string;
  /** Characters a `?` or a class is tried with: every one either grant mentions, both cases, spares. */
  readonly alphabet: readonly string[];
  /** Canonical roots of either grant: where an absolute glob's `**` may lead. */
  readonly roots: readonly string[];
  /**
   * (rev 3) The most single-character positions (`?`, a class, a literal
   * character) in one segment of any glob of either grant: a `*` is also
   * tried as 1 to this many spare characters, so a glob that takes only
   * some lengths (`b`, `b?`, `b??*`) cannot hide the length it leaves out.
   */
  readonly longest: number;
}

type Token =
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'star' }
  | { readonly kind: 'one'; readonly choices: readonly string[] };

type Segment = { readonly kind: 'globstar' } | { readonly kind: 'part'; readonly tokens: Token[] };

/**
 * Strings a glob matches, for building candidate paths (SPEC §14.3): the
 * cross product of each `*` as `fresh` or empty and each `**` as `fresh` or
 * nothing (at most 32), and then, one position at a time, every character a
 * `?` or a class admits out of the alphabet (a class's own members, ranges
 * expanded, included), and, in an absolute glob, each root where a `**` may
 * lead; and the joint product of every position (`jointProduct`). Only samples: every candidate is decided by the gate, so a sample
 * that does not match costs nothing but time. `exact` says whether the
 * samples hold every combination of every position (false when a brace
 * alternative has more than MAX_JOINT of them with each `*` tried at every
 * length: a path the glob matches may then differ from every sample in
 * several positions at once).
 *
 * // ('**\/*.pem', …) => { samples: ['x.pem', '.pem', 'x/x.pem', 'x/.pem', …], exact: true }
 * // ('**\/[Ss]ecrets', …) => { samples: ['Secrets', 'secrets', …], exact: true }
 */
export function sampleGlob(
  glob: string,
  context: SampleContext,
): { readonly samples: string[]; readonly exact: boolean } {
  let exact = true;
  const samples = new Set<string>();
  for (const expanded of braceExpand(glob)) {
    // An absolute glob keeps its leading "/": /a/*.pem => /a/x.pem
    const lead = expanded.startsWith('/') ? '/' : '';
    const segments = expanded
      .slice(lead.length)
      .split('/')
      .map((text): Segment =>
        text === '**'
          ? { kind: 'globstar' }
          : { kind: 'part', tokens: tokenize(text, context.alphabet) },
      );
    for (const sample of crossProduct(segments, context.fresh)) samples.add(lead + sample);
    for (const sample of oneAtATime(segments, lead, context)) samples.add(lead + sample);
    const joint = jointProduct(segments, context);
    if (!joint.full) exact = false;
    for (const sample of joint.samples) samples.add(lead + sample);
  }
  return { samples: [...samples], exact };
}

/** Each `*` once as `fresh` and once empty, each `**` as `fresh` or nothing; classes and `?` at their first choice. */
function crossProduct(segments: readonly Segment[], fresh: string): string[] {
  let partials: string[][] = [[]];
  for (const segment of segments) {
    const variants: (string | undefined)[] =
      segment.kind === 'globstar'
        ? [undefined, fresh]
        : [...new Set([render(segment.tokens, fresh), render(segment.tokens, '')])];
    const next: string[][] = [];
    for (const partial of partials)
      for (const variant of variants)
        next.push(variant === undefined ? partial : [...partial, variant]);
    partials = next.slice(0, MAX_CROSS);
  }
  return partials.map((parts) => parts.join('/'));
}

/**
 * From a base (each `*` as `fresh`, each `**` as nothing, each `?` and class
 * at its first choice), one position changed at a time: a `?` or a class to
 * each of its choices, a `**` to `fresh` or (absolute globs) to the way down
 * to a root.
 */
function oneAtATime(segments: readonly Segment[], lead: string, context: SampleContext): string[] {
  const base = segments.map((segment) =>
    segment.kind === 'globstar' ? undefined : render(segment.tokens, context.fresh),
  );
  const join = (parts: readonly (string | undefined)[]) =>
    parts.filter((part): part is string => part !== undefined).join('/');
  const out = [join(base)];
  segments.forEach((segment, index) => {
    const replace = (variant: string | undefined) => {
      const parts = [...base];
      parts[index] = variant;
      out.push(join(parts));
    };
    if (segment.kind === 'globstar') {
      replace(context.fresh);
      if (lead === '') return;
      const prefix = `/${join(base.slice(0, index))}`;
      const above = prefix === '/' ? '/' : `${prefix}/`;
      for (const root of context.roots) {
        if (!root.startsWith(above) || root === prefix) continue;
        const way = root.slice(above.length);
        replace(way);
        replace(`${way}/${context.fresh}`);
      }
      return;
    }
    segment.tokens.forEach((token, at) => {
      if (token.kind !== 'one') return;
      for (const choice of token.choices.slice(1)) {
        const tokens = [...segment.tokens];
        tokens[at] = { kind: 'literal', text: choice };
        replace(render(tokens, context.fresh));
      }
    });
  });
  return out;
}

/**
 * Every combination of every position at once, when there are at most
 * MAX_JOINT: each `?` and class through all its choices, each `*` empty,
 * `fresh`, or 1 to `longest` spare characters (only empty or `fresh` when
 * that would be too many), each `**` as nothing or `fresh`. One position
 * at a time misses what two globs leave out only jointly: `[ab][cd]`
 * against `{ac,ad,bc}` leaves out just `bd`.
 *
 * // ('[ab][cd]', …) => ['ac', 'ad', 'bc', 'bd', …]
 */
function jointProduct(
  segments: readonly Segment[],
  context: SampleContext,
): { readonly samples: string[]; readonly full: boolean } {
  const spare = context.alphabet[0] ?? 'x';
  const lengths = Array.from({ length: Math.min(context.longest, 16) }, (_, n) =>
    spare.repeat(n + 1),
  );
  const tiers = [[...new Set(['', context.fresh, ...lengths])], ['', context.fresh]];
  for (const [tier, stars] of tiers.entries()) {
    let total = 1;
    for (const segment of segments) {
      if (segment.kind === 'globstar') total *= 2;
      else
        for (const token of segment.tokens)
          total *=
            token.kind === 'star' ? stars.length : token.kind === 'one' ? token.choices.length : 1;
      if (total > MAX_JOINT) break;
    }
    if (total <= MAX_JOINT)
      return { samples: enumerate(segments, stars, context.fresh), full: tier === 0 };
  }
  return { samples: [], full: false };
}

/** The joint product itself: each segment's variants, then the paths they join into. */
function enumerate(
  segments: readonly Segment[],
  stars: readonly string[],
  fresh: string,
): string[] {
  let partials: string[][] = [[]];
  for (const segment of segments) {
    const variants: (string | undefined)[] =
      segment.kind === 'globstar' ? [undefined, fresh] : segmentVariants(segment.tokens, stars);
    const next: string[][] = [];
    for (const partial of partials)
      for (const variant of variants)
        next.push(variant === undefined ? partial : [...partial, variant]);
    partials = next;
  }
  return partials.map((parts) => parts.join('/'));
}

/** Every text one segment's tokens give: literals as written, the rest through their choices. */
function segmentVariants(tokens: readonly Token[], stars: readonly string[]): string[] {
  let texts = [''];
  for (const token of tokens) {
    const choices =
      token.kind === 'literal' ? [token.text] : token.kind === 'star' ? stars : token.choices;
    texts = texts.flatMap((text) => choices.map((choice) => text + choice));
  }
  return [...new Set(texts)];
}

/** A segment's text with each `*` as `star` and each `?` or class at its first choice. */
function render(tokens: readonly Token[], star: string): string {
  return tokens
    .map((token) =>
      token.kind === 'literal'
        ? token.text
        : token.kind === 'star'
          ? star
          : (token.choices[0] ?? ''),
    )
    .join('');
}

// '*.pem' => star, '.pem'; 'a?c' => 'a', one(alphabet), 'c'; '[ab]c' => one(a, b), 'c'; '\*' => '*'
function tokenize(segment: string, alphabet: readonly string[]): Token[] {
  const tokens: Token[] = [];
  for (let index = 0; index < segment.length; index++) {
    const char = segment.charAt(index);
    if (char === '\\' && index + 1 < segment.length) {
      index++;
      tokens.push({ kind: 'literal', text: segment.charAt(index) });
    } else if (char === '*') {
      if (tokens.at(-1)?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (char === '?') {
      tokens.push({ kind: 'one', choices: alphabet.filter((letter) => letter !== '/') });
    } else if (char === '[') {
      const close = segment.indexOf(']', index + 2);
      const choices = close === -1 ? [] : classChoices(segment.slice(index, close + 1), alphabet);
      if (close === -1 || choices.length === 0) {
        // Not a class minimatch would read (or one nothing matches): the "[" is sampled as written.
        tokens.push({ kind: 'literal', text: char });
        continue;
      }
      tokens.push({ kind: 'one', choices });
      index = close;
    } else {
      tokens.push({ kind: 'literal', text: char });
    }
  }
  return tokens;
}

/** The characters a class matches, as minimatch reads it, out of its own members and the alphabet. */
function classChoices(text: string, alphabet: readonly string[]): string[] {
  const body = text.slice(1, -1);
  const members = new Set<string>();
  for (let index = 0; index < body.length; index++) {
    const char = body.charAt(index);
    if (char === '\\' && index + 1 < body.length) {
      index++;
      members.add(body.charAt(index));
    } else if (body.charAt(index + 1) === '-' && index + 2 < body.length) {
      const from = char.codePointAt(0) ?? 0;
      const to = body.codePointAt(index + 2) ?? 0;
      for (let point = from; point <= to && point - from < MAX_RANGE; point++)
        members.add(String.fromCodePoint(point));
      index += 2;
    } else {
      members.add(char);
    }
  }
  for (const letter of alphabet) members.add(letter);
  return [...members].filter(
    (letter) => letter !== '/' && minimatch(letter, text, FOLDER_GLOB_OPTIONS),
  );
}
