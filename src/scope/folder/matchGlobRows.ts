import { GLOBSTAR, type Minimatch } from '../../deps/minimatch.js';

/** One alternative of a compiled glob, as minimatch's `set` holds it. */
type GlobRow = Minimatch['set'][number];

/** The reach rows `matchGlobRows` reuses, grown to the longest path seen. */
let scratch: [Uint8Array, Uint8Array] = [
  /* @__PURE__ */ new Uint8Array(32),
  /* @__PURE__ */ new Uint8Array(32),
];

/**
 * Does a compiled glob (minimatch's `set`: one row per brace alternative,
 * each a literal string, a segment matcher or GLOBSTAR per segment) match
 * this canonical path? The same answer as `Minimatch.match` for the folder
 * glob options (dot files matched, case kept, `/` only), checked against it
 * by a differential property test, but in O(segments × parts) steps with no
 * recursion, and reading no array index past an end: minimatch's own
 * globstar matching reads `Array.prototype` through holes, so a polluted
 * `Array.prototype[0]` made it throw (a refusal where there should be none).
 *
 * `**` matches zero or more segments other than `.` and `..`, except at
 * the end of the glob, where it needs one (`dir/**` does not name `dir`).
 *
 * // (set of '**\/.env', '.env') => true;  (set of 'dir/**', 'dir') => false
 */
export function matchGlobRows(rows: readonly GlobRow[], path: string): boolean {
  return matchGlobSegments(rows, path.split('/'));
}

/** `matchGlobRows` over a path already split at `/`, for a caller that tries several globs on it. */
export function matchGlobSegments(rows: readonly GlobRow[], segments: readonly string[]): boolean {
  // Two rows of reach flags, reused for every part of every alternative (and every call: the
  // match is synchronous and calls nothing that could call back into it).
  if (scratch[0].length <= segments.length) {
    const size = Math.max(segments.length + 1, scratch[0].length * 2);
    scratch = [new Uint8Array(size), new Uint8Array(size)];
  }
  for (let row = 0; row < rows.length; row++) {
    if (matchRow(rows[row] as GlobRow, segments, scratch[0], scratch[1])) return true;
  }
  return false;
}

/** `reach[j] === 1`: the parts so far match exactly the first j segments. */
function matchRow(
  parts: GlobRow,
  segments: readonly string[],
  first: Uint8Array,
  second: Uint8Array,
): boolean {
  const n = segments.length;
  // A part other than ** takes one segment: the glob's last part must take the path's last
  // segment, its first part the first one. Checking those first answers most paths at once.
  if (parts.length === 0 || n === 0) return false;
  const tail = parts[parts.length - 1] as GlobRow[number];
  if (tail !== GLOBSTAR && !matchesSegment(tail, segments[n - 1] as string)) return false;
  const head = parts[0] as GlobRow[number];
  if (head !== GLOBSTAR && !matchesSegment(head, segments[0] as string)) return false;
  let reach = first;
  let next = second;
  reach.fill(0, 0, n + 1);
  reach[0] = 1;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as GlobRow[number];
    next.fill(0, 0, n + 1);
    let any = false;
    if (part === GLOBSTAR) {
      const last = i === parts.length - 1;
      // Some j <= k reached, with segments j..k-1 none of them "." or "..".
      let open = false;
      for (let k = 0; k <= n; k++) {
        if (k > 0) {
          const before = segments[k - 1] as string;
          if (before === '.' || before === '..') open = false;
          else if (open) {
            next[k] = 1;
            any = true;
          }
        }
        if (reach[k] === 1) {
          open = true;
          if (!last) {
            next[k] = 1;
            any = true;
          }
        }
      }
    } else {
      for (let j = 0; j < n; j++) {
        if (reach[j] !== 1) continue;
        if (matchesSegment(part, segments[j] as string)) {
          next[j + 1] = 1;
          any = true;
        }
      }
    }
    if (!any) return false;
    const done = reach;
    reach = next;
    next = done;
  }
  return reach[n] === 1;
}

/** Does one part other than ** match one segment? A wildcard never matches an empty one (the "" before a leading "/"). */
function matchesSegment(part: Exclude<GlobRow[number], typeof GLOBSTAR>, segment: string): boolean {
  return typeof part === 'string' ? segment === part : segment !== '' && part.test(segment);
}
