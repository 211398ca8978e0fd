import { describeValue } from '../../data/describeValue.js';
import {
  canonicalizePath,
  canonicalizeRoot,
  isPathInside,
  spellingsOfAll,
  toAbsoluteRawPath,
  unicodeSpellings,
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
  readonly denies: readonly FolderDeny[] | undefined;
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
      const canonical = canonicalizePath(value, ctx.cwd);
      // INVARIANT: canonicalizePath validates as toAbsoluteRawPath does, so raw is ok when canonical is.
      const raw = toAbsoluteRawPath(value, ctx.cwd);
      if (!canonical.ok || !raw.ok) {
        return {
          code: 'folder_out_of_scope',
          path: describeValue(value),
          details: [
            { pointer, message: canonical.ok ? 'the path cannot be read' : canonical.problem },
          ],
        };
      }
      const path = canonical.value;
      const spellings = unicodeSpellings(raw.value);
      // Roots are NFC (createGrant): a path is inside one when its NFC spelling is.
      const nfc = spellings.length === 1 ? path : normalizeAbsolutePath(raw.value.normalize('NFC'));
      if (!matcher.covers(nfc)) {
        const message = `no granted folder allows ${resource.access === 'read' ? 'reading' : 'writing'} here`;
        return { code: 'folder_out_of_scope', path, details: [{ pointer, message }] };
      }
      const check: PathCheck = { path, pointer, writes: !reads, denies: grant.folderDenies };
      // A grant without deny entries pays one property read here.
      if (check.denies !== undefined) {
        const rootSpellings =
          spellings.length === 1 ? grant.readRoots : spellingsOfAll(grant.readRoots);
        for (const spelling of spellings) {
          const at = spelling === raw.value ? path : normalizeAbsolutePath(spelling);
          const refusal = checkDenies(check, at, rootSpellings, 'it', spelling !== raw.value);
          if (refusal !== undefined) return refusal;
        }
      }
      if (ctx.realpath !== undefined) {
        for (const spelling of spellings) {
          const refusal = checkRealPath(check, spelling, roots, grant.readRoots, ctx.realpath);
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
  what: string,
  respelled: boolean,
): RefusalFacts | undefined {
  // INVARIANT: only called with denies.
  const denies = check.denies ?? [];
  const named = respelled ? `${what} (spelled ${describeValue(at)})` : what;
  const deny = findFolderDeny(at, roots, denies);
  if (deny !== undefined) return refuseDenied(check, deny, named);
  if (!check.writes) return undefined;
  const guarded = findGuardedDeny(at, roots, denies);
  return guarded === undefined ? undefined : refuseAncestor(check, guarded, named);
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
 * Does the real path of this spelling sit inside the real path of one of
 * `roots`, with no `..` after a symlink on the way, and does no deny entry
 * name it (or, for a write, guard it)?
 */
function checkRealPath(
  check: PathCheck,
  spelling: string,
  roots: ReadonlySet<CanonicalPath>,
  allRoots: ReadonlySet<CanonicalPath>,
  realpath: RealpathFn,
): RefusalFacts | undefined {
  const refuse = (message: string): RefusalFacts => ({
    code: 'folder_out_of_scope',
    path: check.path,
    details: [{ pointer: check.pointer, message }],
  });
  // The OS resolves "link/.." physically, so resolve the path as written, not its lexical form.
  const dotDot = findLinkBeforeDotDot(spelling, realpath);
  if (dotDot.kind === 'unresolved') return refuse('its real path could not be resolved safely');
  if (dotDot.kind === 'link') {
    const message = `".." follows the symlink ${describeValue(dotDot.link)}: the OS reads it through the link, a server that normalizes the path first does not (SPEC §14.1); name the target without ".."`;
    return {
      code: 'folder_out_of_scope',
      path: check.path,
      details: [{ pointer: check.pointer, message, reading: 'symlink-dotdot' }],
    };
  }
  const real = realOf(spelling, realpath);
  if (real === undefined) return refuse('its real path could not be resolved safely');
  // Compared in NFC, as the roots are: a root's real path may be spelled either way on disk.
  const realNfc = real.normalize('NFC') as CanonicalPath;
  let inside = false;
  for (const root of spellingsOfAll(roots)) {
    const realRoot = realOf(root, realpath);
    if (
      realRoot !== undefined &&
      isPathInside(realNfc, realRoot.normalize('NFC') as CanonicalPath)
    ) {
      inside = true;
      break;
    }
  }
  if (!inside)
    return refuse(
      `its real path ${describeValue(real)} is outside every granted folder's real path`,
    );
  if (check.denies === undefined) return undefined;
  // A root whose real path cannot be had covers nothing here; the lexical check above still ran.
  const realRoots = spellingsOfAll(
    new Set([...spellingsOfAll(allRoots)].flatMap((root) => realOf(root, realpath) ?? [])),
  );
  for (const spelling of unicodeSpellings(real)) {
    const at = spelling as CanonicalPath;
    const refusal = checkDenies(
      check,
      at,
      realRoots,
      `its real path ${describeValue(real)}`,
      spelling !== real,
    );
    if (refusal !== undefined) return refusal;
  }
  return undefined;
}

/** The canonical real path of an absolute path, or undefined when it cannot be had. */
function realOf(path: string, realpath: RealpathFn): CanonicalPath | undefined {
  // canonicalizeRoot refuses anything but a string, so a realpath returning garbage gives undefined.
  const canonical = canonicalizeRoot(realpath(path));
  return canonical.ok ? canonical.value : undefined;
}
