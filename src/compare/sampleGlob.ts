import { braceExpand } from 'minimatch';

/** Most samples taken from one glob: its variants multiply with each `*` and `**`. */
const MAX_SAMPLES = 32;

/**
 * Strings a glob matches, for building candidate paths: each `*` once as
 * `fresh` and once empty, `**` once as `fresh` and once as nothing, `?` as
 * one letter, a class as its first member, braces expanded. Only samples:
 * every candidate is decided by the gate, so a sample that does not match
 * costs nothing but time.
 *
 * // ('**\/*.pem', 'x') => ['x.pem', '.pem', 'x/x.pem', 'x/.pem']
 */
export function sampleGlob(glob: string, fresh: string): string[] {
  const samples = new Set<string>();
  for (const expanded of braceExpand(glob)) {
    // An absolute glob keeps its leading "/": /a/*.pem => /a/x.pem
    const lead = expanded.startsWith('/') ? '/' : '';
    let partials = [''];
    for (const segment of expanded.slice(lead.length).split('/')) {
      const variants = segment === '**' ? [undefined, fresh] : sampleSegment(segment, fresh);
      const next: string[] = [];
      for (const partial of partials)
        for (const variant of variants)
          next.push(
            variant === undefined ? partial : partial === '' ? variant : `${partial}/${variant}`,
          );
      partials = next.slice(0, MAX_SAMPLES);
    }
    for (const partial of partials) samples.add(lead + partial);
    if (samples.size >= MAX_SAMPLES) break;
  }
  return [...samples];
}

// '*.pem' => ['x.pem', '.pem']; 'a?c' => ['axc']; '[ab]c' => ['ac']; '\*' => ['*']
function sampleSegment(segment: string, fresh: string): string[] {
  let full = '';
  let empty = '';
  for (let index = 0; index < segment.length; index++) {
    const char = segment.charAt(index);
    if (char === '\\' && index + 1 < segment.length) {
      index++;
      full += segment.charAt(index);
      empty += segment.charAt(index);
    } else if (char === '*') {
      full += fresh;
    } else if (char === '?') {
      full += 'x';
      empty += 'x';
    } else if (char === '[') {
      const close = segment.indexOf(']', index + 2);
      if (close === -1) {
        full += char;
        empty += char;
        continue;
      }
      const body = segment.slice(index + 1, close).replace(/^[!^]/, '');
      const first = body.startsWith('[:') ? 'a' : body.charAt(0) || 'x';
      full += first;
      empty += first;
      index = close;
    } else {
      full += char;
      empty += char;
    }
  }
  return full === empty ? [full] : [full, empty];
}
