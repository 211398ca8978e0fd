import { compiledGrantOf, type WrittenFolderEntry } from '../grant/compiledGrant.js';
import { createGrant } from '../grant/createGrant.js';
import type { FolderGrant, Grant } from '../grant/types.js';
import { allowsOnly, type Probe, type ProbeKind } from './createProbe.js';
import { parseHostResource } from '../scope/host/parseHostResource.js';
import { folderCandidates } from './folderCandidates.js';
import { hostCandidates } from './hostCandidates.js';
import { secretCandidates } from './secretCandidates.js';
import type { Widening } from './types.js';

type Scope = 'folders' | 'network' | 'secrets';

/**
 * The folder, network and secret widenings: every candidate value `after`
 * allows and `before` refuses, through the gate, one witness per
 * responsible entry (and, for folders, per access).
 */
export function scopeWidenings(gateProbe: Probe, before: Grant, after: Grant): Widening[] {
  const probe = remembering(gateProbe, before, after);
  const widenings: Widening[] = [];
  const seen = new Set<string>();
  const blame = createBlame(probe, before, after);
  const written = createWritten(before, after);
  const quick = createQuickCheck(before, after);
  const consider = (kind: ProbeKind, value: string) => {
    if (!quick(kind, value)) return;
    if (!probe.allows(after, kind, value) || probe.allows(before, kind, value)) return;
    const entry = blame(kind, value);
    const key = JSON.stringify([kind, entry]);
    if (seen.has(key)) return;
    seen.add(key);
    if (kind === 'read' || kind === 'write')
      widenings.push({
        kind: 'folder',
        entry: written.folder(entry),
        witness: { path: value, access: kind },
      });
    else if (kind === 'host')
      widenings.push({ kind: 'network', entry: written.host(entry as string), witness: value });
    else widenings.push({ kind: 'secret', entry: entry as string, witness: value });
  };
  // A write `before` refused where it allowed the read (a read-only root, a folder above a deny
  // entry's anchor: SPEC §14.1) is asked after the rest, so that a widening's witness is a path
  // the entry itself names when there is one.
  const later: string[] = [];
  const folders = folderCandidates(before, after);
  for (const path of folders.paths) {
    consider('read', path);
    if (probe.allows(before, 'read', path)) later.push(path);
    else consider('write', path);
  }
  for (const path of later) consider('write', path);
  // SPEC §14.3: a deny entry after drops that could not be decided exactly is a widening.
  for (const { entry, witness } of folders.undecided) {
    const named = widenings.some(
      (widening) => widening.kind === 'folder' && widening.entry === entry,
    );
    if (!named)
      widenings.push({
        kind: 'folder',
        entry,
        witness: { path: witness, access: 'read' },
        undecided: true,
      });
  }
  for (const host of hostCandidates(before, after)) consider('host', host);
  for (const name of secretCandidates(before, after)) consider('secret', name);
  return widenings;
}

/**
 * The probe, answering each question about `before` or `after` once per
 * comparison (a path is asked about under `before` both to find widenings
 * and to order the writes); other grants (the blame's) go to the gate.
 */
function remembering(probe: Probe, before: Grant, after: Grant): Probe {
  const answers = [new Map<string, boolean>(), new Map<string, boolean>()] as const;
  return {
    allows: (grant, kind, value) => {
      const memo = grant === before ? answers[0] : grant === after ? answers[1] : undefined;
      if (memo === undefined) return probe.allows(grant, kind, value);
      const key = `${kind} ${value}`;
      let answer = memo.get(key);
      if (answer === undefined) memo.set(key, (answer = probe.allows(grant, kind, value)));
      return answer;
    },
  };
}

/**
 * The entry as its grant's spec wrote it (SPEC §14.3): an `after` root as
 * written (`'/srv/app'`, not `{ path, access }`), a host pattern in its first
 * spelling (`'API.Example.com'`); a deny entry is kept as written already.
 */
function createWritten(before: Grant, after: Grant) {
  const [was, now] = [compiledGrantOf(before), compiledGrantOf(after)];
  return {
    folder(entry: FolderGrant | string): WrittenFolderEntry {
      if (typeof entry === 'string') return entry;
      return now?.written.folders[after.folders.indexOf(entry)] ?? entry;
    },
    host(entry: string): string {
      const grant = entry.startsWith('!') ? was : now;
      return grant?.written.network.get(entry) ?? entry;
    },
  };
}

/**
 * Which entry is responsible for a widening? When `before`'s allow entries
 * alone let the value through, `before` refused it by a deny that `after`
 * dropped: that deny entry. Otherwise the first `after` allow entry that
 * lets it through on its own. Both decided through the gate.
 */
function createBlame(probe: Probe, before: Grant, after: Grant) {
  const beforeAllows = allowsOnly(before);
  const single = new Map<string, Grant>();
  const grantOf = (scope: Scope, entries: readonly (string | FolderGrant)[]) => {
    const key = JSON.stringify([scope, entries]);
    let grant = single.get(key);
    if (grant === undefined) {
      grant = createGrant({ [scope]: entries });
      single.set(key, grant);
    }
    return grant;
  };
  return (kind: ProbeKind, value: string): FolderGrant | string => {
    const scope: Scope = kind === 'host' ? 'network' : kind === 'secret' ? 'secrets' : 'folders';
    const allowsOf = (grant: Grant) =>
      (grant[scope] as readonly (string | FolderGrant)[]).filter(
        (entry) => typeof entry !== 'string' || !entry.startsWith('!'),
      );
    if (probe.allows(beforeAllows, kind, value)) {
      const denies = (before[scope] as readonly (string | FolderGrant)[]).filter(
        (entry): entry is string => typeof entry === 'string' && entry.startsWith('!'),
      );
      const deny = denies.find(
        (entry) => !probe.allows(grantOf(scope, [...allowsOf(before), entry]), kind, value),
      );
      if (deny !== undefined) return deny;
    }
    const allow = allowsOf(after).find((entry) =>
      probe.allows(grantOf(scope, [entry]), kind, value),
    );
    // INVARIANT: after allows the value, so one of its allow entries does on its own.
    return allow ?? '';
  };
}

/**
 * A first pass over the many host and secret candidates with the grants'
 * compiled matchers, the ones the gate's checks call after the same parse:
 * only a value `after` matches and `before` does not goes on to the gate.
 */
function createQuickCheck(before: Grant, after: Grant) {
  const [was, now] = [compiledGrantOf(before), compiledGrantOf(after)];
  return (kind: ProbeKind, value: string): boolean => {
    if (was === undefined || now === undefined) return true;
    if (kind === 'secret') return now.secrets.matches(value) && !was.secrets.matches(value);
    // Folders go straight to the gate: a copy of its path rules here saved nothing measurable
    // (89 ms vs 85 ms on a nine-glob pair) and would hide a widening once the rules move on.
    if (kind === 'read' || kind === 'write') return true;
    const parsed = parseHostResource(value);
    if (!parsed.ok) return false;
    const { host, port } = parsed.value;
    return now.hosts.matches(host, port) && !was.hosts.matches(host, port);
  };
}
