import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalizePath } from '../../src/scope/path/canonicalizePath.js';
import { canonicalizeRoot } from '../../src/scope/path/canonicalizeRoot.js';
import { isPathInside } from '../../src/scope/path/isPathInside.js';
import { toAbsoluteRawPath } from '../../src/scope/path/toAbsoluteRawPath.js';
import type { CanonicalPath } from '../../src/scope/path/types.js';
import { enough, runs } from '../helpers/testEnv.js';

// Fixed seed: the same 10 000 cases on every run, so a failure always reproduces.
const params = { numRuns: runs(10_000), seed: 20_240_611 } as const;

/** The CanonicalPath invariant, checked independently of the implementation. */
function isCanonicalShape(value: string): boolean {
  if (value === '/') return true;
  if (!value.startsWith('/') || value.endsWith('/')) return false;
  if (value.includes('\0') || value.includes('\\')) return false;
  return value
    .slice(1)
    .split('/')
    .every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** Inside by an independent oracle: path.posix.relative never climbs out of the root. */
function isInsideByOracle(root: string, target: string): boolean {
  const rel = path.posix.relative(root, target);
  if (rel === '') return true;
  // A segment literally named '..foo' starts with '..' but stays inside.
  return !(rel === '..' || rel.startsWith('../')) && !path.posix.isAbsolute(rel);
}

const canonicalOrThrow = (value: string): CanonicalPath => {
  const result = canonicalizeRoot(value);
  if (!result.ok) throw new Error(result.problem);
  return result.value;
};

// Segment names that stress the rules: dots, empties, encodings, home, lookalike prefixes, Unicode.
const trickySegment = fc.oneof(
  fc.constantFrom(
    '.',
    '..',
    '',
    '%2e%2e',
    '%2E%2E',
    '..%2f',
    '~',
    '...',
    '..foo',
    '.a',
    'a',
    'b',
    'ab',
    'É',
    'e\u0301',
  ),
  fc.string({ unit: 'binary', maxLength: 6 }).filter((s) => !/[/\\\0]/u.test(s)),
);
const segments = fc.array(trickySegment, { maxLength: 8 });
const absoluteCwd = segments.map((parts) => `/${parts.join('/')}`);
const pathValue = fc
  .tuple(fc.boolean(), segments)
  .map(([absolute, parts]) => (absolute ? '/' : '') + parts.join('/'));

// A small alphabet so that a path and a root often share prefixes.
const shortSegment = fc.constantFrom('a', 'b', 'ab', 'a.b', '..a', '%2e%2e', '.', '..', '');
const canonicalFromShort = fc
  .array(shortSegment, { maxLength: 5 })
  .map((parts) => canonicalOrThrow(`/${parts.join('/')}`));

// Traversal building blocks, raw and encoded.
const attackToken = fc.constantFrom(
  '..',
  '.',
  '',
  '/',
  '//',
  '\\',
  '..\\',
  '\0',
  '%00',
  '%2e%2e%2f',
  '..%2f',
  '%2e%2e',
  '....//',
  '.../',
  'etc',
  'passwd',
  'a',
);
const attack = fc
  .array(attackToken, { minLength: 1, maxLength: 12 })
  .map((tokens) => tokens.join('/'));

describe('path canonicalization laws', () => {
  it('is idempotent: canonicalizing a canonical path returns it unchanged', () => {
    fc.assert(
      fc.property(pathValue, absoluteCwd, (value, cwd) => {
        const once = canonicalizePath(value, cwd);
        if (!once.ok) return;
        expect(canonicalizePath(once.value)).toEqual(once);
        expect(canonicalizePath(once.value, cwd)).toEqual(once);
        expect(canonicalizeRoot(once.value)).toEqual(once);
      }),
      params,
    );
  });

  it('always yields a value satisfying the CanonicalPath invariant', () => {
    fc.assert(
      fc.property(fc.oneof(pathValue, fc.string({ unit: 'binary' })), absoluteCwd, (value, cwd) => {
        const result = canonicalizePath(value, cwd);
        if (result.ok) expect(isCanonicalShape(result.value)).toBe(true);
      }),
      params,
    );
  });

  it('agrees with path.posix.resolve(cwd, value) for every non-empty value', () => {
    fc.assert(
      fc.property(pathValue, absoluteCwd, (value, cwd) => {
        const result = canonicalizePath(value, cwd);
        if (value === '') {
          expect(result.ok).toBe(false);
        } else {
          expect(result).toEqual({ ok: true, value: path.posix.resolve(cwd, value) });
        }
      }),
      params,
    );
  });

  it('refuses a relative value whenever the cwd is missing or not absolute', () => {
    fc.assert(
      fc.property(
        pathValue.filter((v) => !v.startsWith('/')),
        fc.oneof(
          fc.constant(undefined),
          pathValue.filter((c) => !c.startsWith('/')),
          fc.anything(),
        ),
        (value, cwd) => {
          if (typeof cwd === 'string' && cwd.startsWith('/')) return;
          expect(canonicalizePath(value, cwd).ok).toBe(false);
        },
      ),
      params,
    );
  });

  it('matches normalizing the raw absolute path the OS would be handed', () => {
    fc.assert(
      fc.property(pathValue, absoluteCwd, (value, cwd) => {
        const raw = toAbsoluteRawPath(value, cwd);
        const canonical = canonicalizePath(value, cwd);
        expect(raw.ok).toBe(canonical.ok);
        if (raw.ok && canonical.ok) {
          expect(raw.value.startsWith('/')).toBe(true);
          expect(path.posix.resolve(raw.value)).toBe(canonical.value);
        }
      }),
      params,
    );
  });
});

describe('isPathInside laws', () => {
  it('agrees with an oracle built on path.posix.relative', () => {
    let insideCount = 0;
    let outsideCount = 0;
    fc.assert(
      fc.property(canonicalFromShort, canonicalFromShort, (target, root) => {
        const expected = isInsideByOracle(root, target);
        if (expected) insideCount += 1;
        else outsideCount += 1;
        expect(isPathInside(target, root)).toBe(expected);
      }),
      params,
    );
    // Both answers must actually be exercised for the law to mean anything.
    expect(insideCount).toBeGreaterThan(enough(1_000, 10_000));
    expect(outsideCount).toBeGreaterThan(enough(1_000, 10_000));
  });

  it('counts every path as inside the root "/" and every root as inside itself', () => {
    fc.assert(
      fc.property(canonicalFromShort, (target) => {
        expect(isPathInside(target, canonicalOrThrow('/'))).toBe(true);
        expect(isPathInside(target, target)).toBe(true);
      }),
      params,
    );
  });
});

describe('traversal attack laws', () => {
  it('never lands outside the root unless the oracle says so, and always refuses "\\" or NUL', () => {
    fc.assert(
      fc.property(canonicalFromShort, attack, fc.boolean(), (root, tail, relative) => {
        const value = relative ? tail : `${root}/${tail}`;
        const result = canonicalizePath(value, root);
        if (value.includes('\\') || value.includes('\0')) {
          expect(result.ok).toBe(false);
          return;
        }
        if (value === '') {
          expect(result.ok).toBe(false);
          return;
        }
        const oracle = path.posix.resolve(root, value);
        expect(result).toEqual({ ok: true, value: oracle });
        if (result.ok)
          expect(isPathInside(result.value, root)).toBe(isInsideByOracle(root, oracle));
      }),
      params,
    );
  });

  it('keeps encoded traversals (%2e%2e%2f, ..%2f, %00) as literal names inside the root', () => {
    const encoded = fc.array(
      fc.constantFrom('%2e%2e%2f', '..%2f', '%2e%2e', '%00', '%2E%2E', 'a'),
      {
        minLength: 1,
        maxLength: 6,
      },
    );
    fc.assert(
      fc.property(canonicalFromShort, encoded, (root, parts) => {
        const result = canonicalizePath(`${root}/${parts.join('/')}`);
        expect(result.ok && isPathInside(result.value, root)).toBe(true);
      }),
      params,
    );
  });
});

describe('junk input laws', () => {
  it('never throws on anything, and always returns a value or a problem sentence', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (value, cwd) => {
        for (const result of [
          canonicalizePath(value, cwd),
          canonicalizeRoot(value),
          toAbsoluteRawPath(value, cwd),
        ]) {
          if (result.ok) expect(typeof result.value).toBe('string');
          else expect(result.problem.length).toBeGreaterThan(20);
        }
      }),
      params,
    );
  });

  it('never throws on arbitrary Unicode, and refuses any value holding "\\" or NUL', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (value, cwd) => {
        const result = canonicalizePath(value, cwd);
        if (value.includes('\\') || value.includes('\0')) expect(result.ok).toBe(false);
        if (result.ok) expect(isCanonicalShape(result.value)).toBe(true);
        expect(canonicalizeRoot(value).ok).toBe(value.startsWith('/') && !/[\\\0]/u.test(value));
      }),
      params,
    );
  });
});
