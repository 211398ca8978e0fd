import type { GateContext } from '../../gate/types.js';

/**
 * What the context allows for the question a refused check asked, so the
 * reader sees the refusal next to what would have passed.
 *
 * // dispatch.folder, folders [/workspace (write)] => 'the grant's folders: /workspace (write)'
 * // dispatch.network, no network scope            => 'the grant's hosts: none'
 */
export function describeScope(
  checkId: string,
  context: GateContext,
  agentName: string | undefined,
): string | undefined {
  const list = (items: readonly string[]) => (items.length === 0 ? 'none' : items.join(', '));
  const { grant } = context;
  switch (checkId) {
    case 'proposal.granted':
    case 'dispatch.grant':
      return `the grant's tools: ${list(grant.tools)}`;
    case 'proposal.visible':
      return context.visible === undefined
        ? undefined
        : `agent ${agentName ?? '(given)'} sees: ${list([...context.visible])}`;
    case 'dispatch.step':
      return context.step === undefined
        ? undefined
        : `step ${context.step.name} has: ${list(context.step.tools)}`;
    case 'dispatch.network':
      return `the grant's hosts: ${list(grant.network)}`;
    case 'dispatch.folder':
      return `the grant's folders: ${list(grant.folders.map((folder) => (typeof folder === 'string' ? folder : `${folder.path} (${folder.access})`)))}${context.cwd === undefined ? '; no cwd, so relative paths are refused' : ''}`;
    case 'dispatch.secret':
      return `the grant's secrets: ${list(grant.secrets)}`;
    default:
      return undefined;
  }
}
