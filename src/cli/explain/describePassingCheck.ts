import type { AuthorizedCall, GateContext } from '../../gate/types.js';
import { findGrantEntry } from '../../grant/findGrantEntry.js';
import { formatSourcePath } from '../policy/formatSourcePath.js';
import { citeGrantEntry } from './citeGrantEntry.js';
import { collectWants, type Want } from './collectWants.js';
import { findVisibleEntry } from './findVisibleEntry.js';
import type { ExplainScope, MatchedEntry } from './types.js';

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
      const match = citeGrantEntry(
        scope,
        `tool ${ref}`,
        undefined,
        findGrantEntry(context.grant, { kind: 'tool', ref }),
      );
      return { notes: [], matched: [match] };
    }
    case 'proposal.visible': {
      const agent = scope.agent;
      if (agent === undefined)
        return { notes: ['no agent given: every tool is visible'], matched: [] };
      const found = findVisibleEntry(tool, agent.visible);
      if (found === undefined)
        return { notes: [`${tool} is visible to agent ${agent.name}`], matched: [] };
      const path =
        agent.source === 'visible'
          ? ['agents', agent.name, 'visible', found.index]
          : ['agents', agent.name, agent.source];
      const written = {
        source: formatSourcePath(path),
        place: scope.policy.source.place(path, 'key'),
      };
      return {
        notes: [],
        matched: [
          {
            want: `tool ${tool}`,
            scope: 'visible',
            index: found.index,
            entry: found.entry,
            ...written,
          },
        ],
      };
    }
    case 'proposal.arguments':
      return { notes: [`the arguments match the inputSchema of ${ref}`], matched: [] };
    case 'dispatch.step': {
      const step = context.step;
      if (step === undefined)
        return { notes: ['no step given: every granted tool may run'], matched: [] };
      const index = step.tools.indexOf(tool);
      const path = ['steps', step.name, 'tools', index];
      const written = { source: formatSourcePath(path), place: scope.policy.source.place(path) };
      return {
        notes: [],
        matched: [{ want: `tool ${tool}`, scope: 'step', index, entry: tool, ...written }],
      };
    }
    case 'dispatch.shape': {
      const shape = call?.shape ?? entry?.shapes[0] ?? 'call';
      const given = typeof passed.raw.shape === 'string';
      return {
        notes: [
          given
            ? `${ref} declares the shape "${shape}"`
            : `the shape "${shape}", the default of ${ref}`,
        ],
        matched: [],
      };
    }
    case 'dispatch.network':
    case 'dispatch.folder':
    case 'dispatch.secret': {
      if (entry === undefined || call === undefined) return { notes: [], matched: [] };
      const wants = collectWants(entry, call.arguments, context.cwd);
      const list =
        id === 'dispatch.network'
          ? wants.network
          : id === 'dispatch.folder'
            ? wants.folder
            : wants.secret;
      if (list.length === 0) return { notes: [NOTHING[id] ?? 'nothing to check'], matched: [] };
      return { notes: [], matched: list.map((want) => matchWant(want, context, scope)) };
    }
    case 'dispatch.flow':
      return {
        notes: [
          context.grant.flows === undefined
            ? 'the grant has no flow rules'
            : 'no flow rule in force forbids it (a single turn starts with nothing touched)',
        ],
        matched: [],
      };
    case 'dispatch.approval':
      return {
        notes: [
          context.grant.ask?.includes(ref) === true
            ? `${ref} is in the grant's ask: this call was approved`
            : `${ref} is not in the grant's ask: no approval needed`,
        ],
        matched: [],
      };
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
  return citeGrantEntry(scope, want.want, want.pointer, found);
}
