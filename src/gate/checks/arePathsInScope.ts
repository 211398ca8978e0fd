import { describeValue } from '../../data/describeValue.js';
import {
  canonicalizePath,
  canonicalizeRoot,
  isPathInside,
  toAbsoluteRawPath,
  type CanonicalPath,
} from '../../scope/path/index.js';
import type { RealpathFn } from '../../realpath/RealpathFn.js';
import { findFolderDeny } from '../../scope/folder/findFolderDeny.js';
import { findGuardedDeny, type GuardedDeny } from '../../scope/folder/findGuardedDeny.js';
import type { FolderDeny } from '../../scope/folder/parseFolderDeny.js';
import { pass, type Check } from '../Check.js';
import { collectResourceValues } from '../collectResourceValues.js';
import { findLinkBeforeDotDot } from './findLinkBeforeDotDot.js';
import type { RefusalFacts } from '../refusalFacts.js';

/**
 * Is every path the call names inside a granted folder whose access covers
 * the resource's access, and taken away by no deny entry? With `realpath`,
 * its real path must also sit inside the real path of such a folder, so a
 * symlink cannot lead outside, and no deny entry may name the real path
 * either (relative ones against the real paths of the roots), so a link
 * cannot lead into a denied file.
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
      if (!canonical.ok) {
        return {
          code: 'folder_out_of_scope',
          path: describeValue(value),
          details: [{ pointer, message: canonical.problem }],
        };
      }
      const path = canonical.value;
      if (!matcher.covers(path)) {
        const message = `no granted folder allows ${resource.access === 'read' ? 'reading' : 'writing'} here`;
        return { code: 'folder_out_of_scope', path, details: [{ pointer, message }] };
      }
      const denies = grant.folderDenies;
      // A grant without deny entries pays one property read here.
      if (denies !== undefined) {
        const deny = findFolderDeny(path, grant.readRoots, denies);
        if (deny !== undefined) return refuseDenied(path, pointer, deny, 'it');
        if (!reads) {
          const guarded = findGuardedDeny(path, grant.readRoots, denies);
          if (guarded !== undefined) return refuseAncestor(path, pointer, guarded, 'it');
        }
      }
      if (ctx.realpath !== undefined) {
        const refusal = checkRealPath(value, path, pointer, roots, ctx.cwd, ctx.realpath, {
          denies,
          allRoots: grant.readRoots,
          writes: !reads,
        });
        if (refusal !== undefined) return refusal;
      }
    }
  }
  return pass;
};

/** The refusal for a path a deny entry takes away; details name the entry as written. */
function refuseDenied(path: string, pointer: string, deny: FolderDeny, what: string): RefusalFacts {
  return {
    code: 'folder_out_of_scope',
    path,
    details: [
      { pointer, message: `the deny entry ${deny.entry} takes ${what} away`, entry: deny.entry },
    ],
  };
}

/**
 * Does the real path of `value` sit inside the real path of one of `roots`,
 * and does no deny entry name it?
 */
function checkRealPath(
  value: unknown,
  path: CanonicalPath,
  pointer: string,
  roots: ReadonlySet<string>,
  cwd: string | undefined,
  realpath: RealpathFn,
  deny: {
    readonly denies: readonly FolderDeny[] | undefined;
    readonly allRoots: ReadonlySet<CanonicalPath>;
    readonly writes: boolean;
  },
): RefusalFacts | undefined {
  const refuse = (message: string): RefusalFacts => ({
    code: 'folder_out_of_scope',
    path,
    details: [{ pointer, message }],
  });
  // The OS resolves "link/.." physically, so resolve the path as written, not its lexical form.
  const raw = toAbsoluteRawPath(value, cwd);
  if (raw.ok) {
    const dotDot = findLinkBeforeDotDot(raw.value, realpath);
    if (dotDot.kind === 'unresolved') return refuse('its real path could not be resolved safely');
    if (dotDot.kind === 'link') {
      const message = `".." follows the symlink ${describeValue(dotDot.link)}: the OS reads it through the link, a server that normalizes the path first does not (SPEC §14.1); name the target without ".."`;
      return {
        code: 'folder_out_of_scope',
        path,
        details: [{ pointer, message, reading: 'symlink-dotdot' }],
      };
    }
  }
  const real = raw.ok ? realOf(raw.value, realpath) : undefined;
  if (real === undefined) return refuse('its real path could not be resolved safely');
  let inside = false;
  for (const root of roots) {
    const realRoot = realOf(root, realpath);
    if (realRoot !== undefined && isPathInside(real, realRoot)) {
      inside = true;
      break;
    }
  }
  if (!inside)
    return refuse(
      `its real path ${describeValue(real)} is outside every granted folder's real path`,
    );
  if (deny.denies === undefined) return undefined;
  // A root whose real path cannot be had covers nothing here; the lexical check above still ran.
  const realRoots = [...deny.allRoots].flatMap((root) => realOf(root, realpath) ?? []);
  const found = findFolderDeny(real, realRoots, deny.denies);
  if (found !== undefined)
    return refuseDenied(path, pointer, found, `its real path ${describeValue(real)}`);
  if (!deny.writes) return undefined;
  // The filesystem server moves the real path (it resolves links first): guard it too.
  const guarded = findGuardedDeny(real, realRoots, deny.denies);
  return guarded === undefined
    ? undefined
    : refuseAncestor(path, pointer, guarded, `its real path ${describeValue(real)}`);
}

/** The refusal for a write to a folder that holds what a deny entry takes away (SPEC §14.1). */
function refuseAncestor(
  path: string,
  pointer: string,
  guarded: GuardedDeny,
  what: string,
): RefusalFacts {
  const message = `writing ${what} could move or delete ${describeValue(guarded.anchor)}, which the deny entry ${guarded.deny.entry} guards; write below it, outside what the entry takes away`;
  return {
    code: 'folder_out_of_scope',
    path,
    details: [{ pointer, message, entry: guarded.deny.entry, reading: 'deny-ancestor' }],
  };
}

/** The canonical real path of an absolute path, or undefined when it cannot be had. */
function realOf(path: string, realpath: RealpathFn): CanonicalPath | undefined {
  // canonicalizeRoot refuses anything but a string, so a realpath returning garbage gives undefined.
  const canonical = canonicalizeRoot(realpath(path));
  return canonical.ok ? canonical.value : undefined;
}
