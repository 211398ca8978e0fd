import type { AuthorizedCall, GateContext } from '../../gate/types.js';
import { findGrantEntry, type GrantEntryMatch } from '../../grant/findGrantEntry.js';
import { parseHostPattern } from '../../scope/host/index.js';
import type { Place } from '../diagnostics.js';
import { formatSourcePath } from '../policy/formatSourcePath.js';
import type { Policy, PolicyAgent } from '../policy/types.js';
import { collectWants, type Want } from './collectWants.js';
import { findVisibleEntry } from './findVisibleEntry.js';
import type { MatchedEntry } from './types.js';

/** Which policy entries a context came from, so an explanation can cite them. */
export interface ExplainScope {
  readonly policy: Policy;
  readonly grantName: string;
  readonly agent?: PolicyAgent;
}

/** The call a check passed: its ref, the call as proposed, and as authorized once the proposal stage passed. */
export interface PassedCall {
  readonly ref: string;
  readonly raw: Readonly<Record<string, unknown>>;
  readonly call: AuthorizedCall | undefined;
}

/**
 * What let a call through one check: notes for people, and the grant (or
 * agent, or step) entries that matched, each with its place in the policy.
 */
export function describePassingCheck(
  id: string,
  passed: PassedCall,
  context: GateContext,
  scope: ExplainScope,
): { readonly notes: readonly string[]; readonly matched: readonly MatchedEntry[] } {
  const { ref, call } = passed;
  const tool = typeof passed.raw.tool === 'string' ? passed.raw.tool : ref;
  const entry = scope.policy.registry.resolve(ref);
  switch (id) {
    case 'proposal.granted':
    case 'dispatch.grant': {
      const match = cite(scope, `tool ${ref}`, undefined, findGrantEntry(context.grant, { kind: 'tool', ref }));
      return { notes: [], matched: [match] };
    }
    case 'proposal.visible': {
      const agent = scope.agent;
      if (agent === undefined) return { notes: ['no agent given: every tool is visible'], matched: [] };
      const found = findVisibleEntry(tool, agent.visible);
      if (found === undefined) return { notes: [`${tool} is visible to agent ${agent.name}`], matched: [] };
      const path = agent.source === 'visible' ? ['agents', agent.name, 'visible', found.index] : ['agents', agent.name, agent.source];
      const written = { source: formatSourcePath(path), place: scope.policy.source.place(path, 'key') };
      return { notes: [], matched: [{ want: `tool ${tool}`, scope: 'visible', index: found.index, entry: found.entry, ...written }] };
    }
    case 'proposal.arguments':
      return { notes: [`the arguments match the inputSchema of ${ref}`], matched: [] };
    case 'dispatch.step': {
      const step = context.step;
      if (step === undefined) return { notes: ['no step given: every granted tool may run'], matched: [] };
      const index = step.tools.indexOf(tool);
      const path = ['steps', step.name, 'tools', index];
      const written = { source: formatSourcePath(path), place: scope.policy.source.place(path) };
      return { notes: [], matched: [{ want: `tool ${tool}`, scope: 'step', index, entry: tool, ...written }] };
    }
    case 'dispatch.shape': {
      const shape = call?.shape ?? entry?.shapes[0] ?? 'call';
      const given = typeof passed.raw.shape === 'string';
      return { notes: [given ? `${ref} declares the shape "${shape}"` : `the shape "${shape}", the default of ${ref}`], matched: [] };
    }
    case 'dispatch.network':
    case 'dispatch.folder':
    case 'dispatch.secret': {
      if (entry === undefined || call === undefined) return { notes: [], matched: [] };
      const wants = collectWants(entry, call.arguments, context.cwd);
      const list = id === 'dispatch.network' ? wants.network : id === 'dispatch.folder' ? wants.folder : wants.secret;
      if (list.length === 0) return { notes: [NOTHING[id] ?? 'nothing to check'], matched: [] };
      return { notes: [], matched: list.map((want) => matchWant(want, context, scope)) };
    }
    default:
      return { notes: [], matched: [] };
  }
}

const NOTHING: Readonly<Record<string, string>> = {
  'dispatch.network': 'the call reaches no host',
  'dispatch.folder': 'the call names no path',
  'dispatch.secret': 'the call uses no secret',
};

function matchWant(want: Want, context: GateContext, scope: ExplainScope): MatchedEntry {
  const found = want.query === undefined ? undefined : findGrantEntry(context.grant, want.query);
  return cite(scope, want.want, want.pointer, found);
}

/** A matched grant entry with its place in the policy file (where the grant writes it). */
function cite(scope: ExplainScope, want: string, pointer: string | undefined, found: GrantEntryMatch | undefined): MatchedEntry {
  const at = pointer === undefined ? {} : { pointer };
  // INVARIANT: only passing checks are described, so an entry matched; say so plainly if not.
  if (found === undefined) return { want, ...at, scope: 'tools', index: -1, entry: '(no entry found: please report this)' };
  return {
    want,
    ...at,
    scope: found.scope,
    index: found.index,
    entry: found.entry,
    ...(found.access === undefined ? {} : { access: found.access }),
    ...writtenAt(scope, found),
  };
}

/** Where the policy writes a grant entry; the grant is canonical and deduplicated, the file is as written. */
function writtenAt(scope: ExplainScope, found: GrantEntryMatch): { readonly source?: string; readonly place?: Place } {
  const written = scope.policy.grantSpecs.get(scope.grantName)?.[found.scope];
  if (!Array.isArray(written)) return {};
  const items = written as readonly unknown[];
  const index =
    found.scope === 'folders'
      ? found.index // createGrant keeps folders one for one
      : found.scope === 'network'
        ? items.findIndex((item) => {
            const pattern = parseHostPattern(item);
            return pattern.ok && pattern.value.text === found.entry;
          })
        : items.indexOf(found.entry);
  if (index === -1) return {};
  const path = ['grants', scope.grantName, found.scope, index];
  return { source: formatSourcePath(path), place: scope.policy.source.place(path) };
}
