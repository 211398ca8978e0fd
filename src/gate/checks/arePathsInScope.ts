import { describeValue } from '../../data/describeValue.js';
import {
  canonicalizeRoot,
  isPathInside,
  otherSpellings,
  spellingsOfAll,
  toAbsoluteRawPath,
  type CanonicalPath,
} from '../../scope/path/index.js';
import type { RealpathFn } from '../../realpath/RealpathFn.js';
import { findFolderDeny } from '../../scope/folder/findFolderDeny.js';
import { findGuardedDeny, type GuardedDeny } from '../../scope/folder/findGuardedDeny.js';
import type { FolderDeny } from '../../scope/folder/parseFolderDeny.js';
import { normalizeAbsolutePath } from '../../scope/path/normalizeAbsolutePath.js';
import { pass, type Check } from '../Check.js';
import { collectResourceValues } from '../collectResourceValues.js';
import { findLinkBeforeDotDot } from './findLinkBeforeDotDot.js';
import type { RefusalFacts } from '../refusalFacts.js';

/** What the checks of one path value share. */
interface PathCheck {
  /** The canonical path as written: what a refusal names. */
  readonly path: CanonicalPath;
  readonly pointer: string;
  readonly writes: boolean;
}

/** The real paths of a call's roots, each asked of realpath once per path value, when first needed. */
interface RealRoots {
  readonly realpath: RealpathFn;
  /** The NFC real paths of the roots granting the access. */
  granting(): readonly CanonicalPath[];
  /** The real paths of every root, in every spelling: what relative deny globs are read against. */
  all(): ReadonlySet<CanonicalPath>;
}

/**
 * Is every path the call names inside a granted folder whose access covers
 * the resource's access, and taken away by no deny entry? With `realpath`,
 * its real path must also sit inside the real path of such a folder, so a
 * symlink cannot lead outside, and no deny entry may name the real path
 * either (relative ones against the real paths of the roots), so a link
 * cannot lead into a denied file.
 *
 * SPEC §14.1: each Unicode spelling of the path (as written, NFC, NFD) must
 * pass every deny entry and, with `realpath`, lead inside; a write may not
 * name a deny entry's anchor or a folder above it; and with `realpath` a
 * `..` may not follow a symlink.
 */
export const arePathsInScope: Check = (call, ctx) => {
  const tool = ctx.tool;
  // INVARIANT: dispatch.grant refused a call with no tool; refuse again rather than pass.
  if (tool === undefined) return { code: 'not_granted', ref: call.ref };
  for (const resource of tool.pathResources) {
    const found = collectResourceValues(resource.segments, call.arguments, resource.written);
    if ('problem' in found) {
      return {
        code: 'folder_out_of_scope',
        path: describeValue(found.value),
        details: [found.problem],
      };
    }
    const grant = ctx.compiledGrant;
    const reads = resource.access === 'read';
    const roots = reads ? grant.readRoots : grant.writeRoots;
    const matcher = reads ? grant.readable : grant.writable;
    for (const { pointer, value } of found.values) {
      const raw = toAbsoluteRawPath(value, ctx.cwd);
      if (!raw.ok) {
        return {
          code: 'folder_out_of_scope',
          path: describeValue(value),
          details: [{ pointer, message: raw.problem }],
        };
      }
      // Canonical as canonicalizePath makes it; the raw form stays for the OS's reading of "..".
      const path = normalizeAbsolutePath(raw.value);
      // ASCII (the common case) has no other spelling and allocates nothing here.
      const others = otherSpellings(raw.value);
      // Roots are NFC (createGrant): a path is inside one when its NFC spelling is.
      const nfc = others.length === 0 ? path : normalizeAbsolutePath(raw.value.normalize('NFC'));
      if (!matcher.covers(nfc)) {
        const message = `no granted folder allows ${resource.access === 'read' ? 'reading' : 'writing'} here`;
        return { code: 'folder_out_of_scope', path, details: [{ pointer, message }] };
      }
      const check: PathCheck = { path, pointer, writes: !reads };
      const denies = grant.folderDenies;
      // A grant without deny entries pays one property read here.
      if (denies !== undefined) {
        const refusal =
          others.length === 0
            ? checkDenies(check, path, grant.readRoots, denies, 'it')
            : checkSpellings(check, [raw.value, ...others], grant.readRoots, denies);
        if (refusal !== undefined) return refusal;
      }
      if (ctx.realpath !== undefined) {
        const real = createRealRoots(ctx.realpath, roots, grant.readRoots);
        for (const spelling of [raw.value, ...others]) {
          const refusal = checkRealPath(check, spelling, real, denies);
          if (refusal !== undefined) return refusal;
        }
      }
    }
  }
  return pass;
};

/** Does a deny entry take this canonical path away, or (for a write) guard it? */
function checkDenies(
  check: PathCheck,
  at: CanonicalPath,
  roots: ReadonlySet<CanonicalPath>,
  denies: readonly FolderDeny[],
  what: string,
): RefusalFacts | undefined {
  const deny = findFolderDeny(at, roots, denies);
  if (deny !== undefined) return refuseDenied(check, deny, what);
  if (!check.writes) return undefined;
  const guarded = findGuardedDeny(at, roots, denies);
  return guarded === undefined ? undefined : refuseAncestor(check, guarded, what);
}

/** The deny checks of every spelling (the one written first), against every spelling of the roots. */
function checkSpellings(
  check: PathCheck,
  spellings: readonly string[],
  roots: ReadonlySet<CanonicalPath>,
  denies: readonly FolderDeny[],
): RefusalFacts | undefined {
  const rootSpellings = spellingsOfAll(roots);
  for (const [index, spelling] of spellings.entries()) {
    const at = index === 0 ? check.path : normalizeAbsolutePath(spelling);
    const refusal = checkDenies(
      check,
      at,
      rootSpellings,
      denies,
      index === 0 ? 'it' : spelled('it', at),
    );
    if (refusal !== undefined) return refusal;
  }
  return undefined;
}

/** What a refusal calls a spelling other than the one written. */
function spelled(what: string, at: string): string {
  return `${what} (spelled ${describeValue(at)})`;
}

/** The refusal for a path a deny entry takes away; details name the entry as written. */
function refuseDenied(check: PathCheck, deny: FolderDeny, what: string): RefusalFacts {
  return {
    code: 'folder_out_of_scope',
    path: check.path,
    details: [
      {
        pointer: check.pointer,
        message: `the deny entry ${deny.entry} takes ${what} away`,
        entry: deny.entry,
      },
    ],
  };
}

/** The refusal for a write to a folder that holds what a deny entry takes away (SPEC §14.1). */
function refuseAncestor(check: PathCheck, guarded: GuardedDeny, what: string): RefusalFacts {
  const message = `writing ${what} could move or delete ${describeValue(guarded.anchor)}, which the deny entry ${guarded.deny.entry} guards; write below it, outside what the entry takes away`;
  return {
    code: 'folder_out_of_scope',
    path: check.path,
    details: [
      { pointer: check.pointer, message, entry: guarded.deny.entry, reading: 'deny-ancestor' },
    ],
  };
}

/**
 * Does the real path of this spelling sit inside the real path of a root
 * granting the access, with no `..` after a symlink on the way, and does no
 * deny entry name it (or, for a write, guard it)?
 */
function checkRealPath(
  check: PathCheck,
  spelling: string,
  roots: RealRoots,
  denies: readonly FolderDeny[] | undefined,
): RefusalFacts | undefined {
  const refuse = (message: string): RefusalFacts => ({
    code: 'folder_out_of_scope',
    path: check.path,
    details: [{ pointer: check.pointer, message }],
  });
  // The OS resolves "link/.." physically, so resolve the path as written, not its lexical form.
  const dotDot = findLinkBeforeDotDot(spelling, roots.realpath);
  if (dotDot.kind === 'unresolved') return refuse('its real path could not be resolved safely');
  if (dotDot.kind === 'link') {
    const message = `".." follows the symlink ${describeValue(dotDot.link)}: the OS reads it through the link, a server that normalizes the path first does not; name the target without ".."`;
    return {
      code: 'folder_out_of_scope',
      path: check.path,
      details: [{ pointer: check.pointer, message, reading: 'symlink-dotdot' }],
    };
  }
  const real = realOf(spelling, roots.realpath);
  if (real === undefined) return refuse('its real path could not be resolved safely');
  // Compared in NFC, as the roots are: a root's real path may be spelled either way on disk.
  const realNfc = real.normalize('NFC') as CanonicalPath;
  if (!roots.granting().some((root) => isPathInside(realNfc, root)))
    return refuse(
      `its real path ${describeValue(real)} is outside every granted folder's real path`,
    );
  if (denies === undefined) return undefined;
  // A root whose real path cannot be had covers nothing here; the lexical check above still ran.
  const what = `its real path ${describeValue(real)}`;
  const refusal = checkDenies(check, real, roots.all(), denies, what);
  if (refusal !== undefined) return refusal;
  for (const other of otherSpellings(real)) {
    const at = other as CanonicalPath;
    const found = checkDenies(check, at, roots.all(), denies, spelled(what, at));
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The real paths of the roots, computed once for the spellings of one value. */
function createRealRoots(
  realpath: RealpathFn,
  granting: ReadonlySet<CanonicalPath>,
  every: ReadonlySet<CanonicalPath>,
): RealRoots {
  let grantingReal: readonly CanonicalPath[] | undefined;
  let everyReal: ReadonlySet<CanonicalPath> | undefined;
  return {
    realpath,
    granting: () =>
      (grantingReal ??= [...spellingsOfAll(granting)].flatMap((root): CanonicalPath[] => {
        const real = realOf(root, realpath);
        return real === undefined ? [] : [real.normalize('NFC') as CanonicalPath];
      })),
    all: () =>
      (everyReal ??= spellingsOfAll(
        new Set([...spellingsOfAll(every)].flatMap((root) => realOf(root, realpath) ?? [])),
      )),
  };
}

/** The canonical real path of an absolute path, or undefined when it cannot be had. */
function realOf(path: string, realpath: RealpathFn): CanonicalPath | undefined {
  // canonicalizeRoot refuses anything but a string, so a realpath returning garbage gives undefined.
  const canonical = canonicalizeRoot(realpath(path));
  return canonical.ok ? canonical.value : undefined;
}
