import { doHostPatternsOverlap } from '../../scope/host/doHostPatternsOverlap.js';
import { isHostInPattern } from '../../scope/host/isHostInPattern.js';
import { parseHostResource, parseUrlHost } from '../../scope/host/index.js';
import { findFolderDeny } from '../../scope/folder/findFolderDeny.js';
import {
  canonicalizeRoot,
  otherSpellings,
  spellingsOfAll,
  toAbsoluteRawPath,
  type CanonicalPath,
} from '../../scope/path/index.js';
import { normalizeAbsolutePath } from '../../scope/path/normalizeAbsolutePath.js';
import type { CompiledLabel } from '../../grant/readFlowRules.js';
import type { CheckContext } from '../Check.js';
import { collectResourceValues } from '../collectResourceValues.js';
import type { ProposedCall } from '../decodeTurn.js';

/** How a call touches a label: the value that matched it, and where in the arguments. */
export interface LabelTouch {
  readonly value: string;
  readonly pointer: string;
}

/**
 * Which of these labels does the call touch, and by what? A call touches a
 * label when it calls one of the label's tools, or when a path, host or
 * secret it names matches one of the label's patterns. Every reading counts,
 * so nothing slips by on a spelling: each Unicode spelling of a path and,
 * with `realpath`, its real path (against the real paths of the roots too);
 * a host read as deny entries read it (an IPv4 address inside IPv6, `*` over
 * every host); the tool's own `network` patterns and `secrets` as well as
 * its resources. Values the other checks would refuse are skipped: the flow
 * check runs only on calls they passed.
 *
 * // (gmail/read@1 call, [private: { tools: [gmail/read@1] }]) => Map { private => { value: 'gmail/read@1', pointer: '' } }
 */
export function findLabelTouches(
  call: ProposedCall,
  ctx: CheckContext,
  labels: Iterable<CompiledLabel>,
): ReadonlyMap<string, LabelTouch> {
  const touches = new Map<string, LabelTouch>();
  const tool = ctx.tool;
  const wanted = [...labels];
  const touch = (label: CompiledLabel, value: string, pointer: string) => {
    if (!touches.has(label.name)) touches.set(label.name, { value, pointer });
  };
  for (const label of wanted) if (label.tools.has(call.ref)) touch(label, call.ref, '');
  if (tool === undefined) return touches;

  const hostLabels = wanted.filter((label) => label.hosts.length > 0);
  if (hostLabels.length > 0) {
    for (const pattern of tool.networkPatterns) {
      for (const label of hostLabels) {
        if (label.hosts.some((entry) => doHostPatternsOverlap(pattern, entry)))
          touch(label, pattern.text, '');
      }
    }
    for (const resource of tool.networkResources) {
      for (const { pointer, value } of valuesAt(resource, call)) {
        const parsed =
          resource.spec.kind === 'url' ? parseUrlHost(value) : parseHostResource(value);
        if (!parsed.ok) continue;
        const { host, port } = parsed.value;
        for (const label of hostLabels) {
          if (label.hosts.some((entry) => isHostInPattern(entry, host, port, true)))
            touch(label, value, pointer);
        }
      }
    }
  }

  const secretLabels = wanted.filter((label) => label.secrets !== undefined);
  if (secretLabels.length > 0) {
    for (const secret of tool.entry.secrets) {
      for (const label of secretLabels)
        if (label.secrets?.matches(secret) === true) touch(label, secret, '');
    }
    for (const resource of tool.secretResources) {
      for (const { pointer, value } of valuesAt(resource, call)) {
        for (const label of secretLabels)
          if (label.secrets?.matches(value) === true) touch(label, value, pointer);
      }
    }
  }

  const folderLabels = wanted.filter((label) => label.folders.length > 0);
  if (folderLabels.length > 0 && tool.pathResources.length > 0) {
    const roots = rootsFor(ctx);
    for (const resource of tool.pathResources) {
      for (const { pointer, value } of valuesAt(resource, call)) {
        for (const reading of pathReadings(value, ctx)) {
          for (const label of folderLabels) {
            if (
              !touches.has(label.name) &&
              findFolderDeny(reading, roots, label.folders) !== undefined
            )
              touch(label, value, pointer);
          }
        }
      }
    }
  }
  return touches;
}

/** The string values at a resource's pointer (the other checks refused anything else). */
function valuesAt(
  resource: {
    readonly segments: Parameters<typeof collectResourceValues>[0];
    readonly written: string | undefined;
  },
  call: ProposedCall,
): readonly { readonly pointer: string; readonly value: string }[] {
  const found = collectResourceValues(resource.segments, call.arguments, resource.written);
  if ('problem' in found) return [];
  return found.values.flatMap((item) =>
    typeof item.value === 'string' ? [{ pointer: item.pointer, value: item.value }] : [],
  );
}

/** Every reading of a path value: each Unicode spelling, and each one's real path when the gate resolves links. */
function pathReadings(value: string, ctx: CheckContext): readonly CanonicalPath[] {
  const raw = toAbsoluteRawPath(value, ctx.cwd);
  if (!raw.ok) return [];
  const spellings = [raw.value, ...otherSpellings(raw.value)];
  const readings = spellings.map((spelling) => normalizeAbsolutePath(spelling));
  if (ctx.realpath !== undefined) {
    for (const spelling of spellings) {
      const real = canonicalizeRoot(ctx.realpath(spelling));
      if (real.ok)
        readings.push(
          real.value,
          ...otherSpellings(real.value).map((other) => normalizeAbsolutePath(other)),
        );
    }
  }
  return readings;
}

/** What relative label globs are read against: the granted roots, in every spelling, and their real paths. */
function rootsFor(ctx: CheckContext): ReadonlySet<CanonicalPath> {
  const roots = new Set(spellingsOfAll(ctx.compiledGrant.readRoots));
  if (ctx.realpath !== undefined) {
    for (const root of [...roots]) {
      const real = canonicalizeRoot(ctx.realpath(root));
      if (real.ok)
        for (const spelling of spellingsOfAll(new Set([real.value]))) roots.add(spelling);
    }
  }
  return roots;
}
