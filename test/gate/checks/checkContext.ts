import type { CheckContext } from '../../../src/gate/Check.js';
import type { ProposedCall } from '../../../src/gate/decodeTurn.js';
import { compiledGrantOf } from '../../../src/grant/compiledGrant.js';
import { createGrant, type GrantSpec } from '../../../src/index.js';
import { compiledToolsOf } from '../../../src/registry/registryInternals.js';
import type { CompiledTool } from '../../../src/registry/validateDefinition.js';
import { aGateRegistry, FULL_GRANT } from '../fixtures.js';

/** The compiled fixture tool with this ref. */
export function aCompiledTool(ref: string): CompiledTool {
  const tool = compiledToolsOf(aGateRegistry())?.get(ref);
  if (tool === undefined) throw new Error(`no fixture tool ${ref}`);
  return tool;
}

/** A grant made from this spec, with its compiled form, for a check context. */
export function aContextGrant(
  spec: GrantSpec = FULL_GRANT,
): Pick<CheckContext, 'grant' | 'compiledGrant'> {
  const grant = createGrant(spec);
  const compiledGrant = compiledGrantOf(grant);
  if (compiledGrant === undefined) throw new Error('createGrant made no compiled grant');
  return { grant, compiledGrant };
}

/** A check context over the full fixture grant, with no tool unless one is given. */
export function aCheckContext(more: Partial<CheckContext> = {}): CheckContext {
  return {
    ...aContextGrant(),
    tool: undefined,
    step: undefined,
    cwd: '/srv/project',
    visible: undefined,
    realpath: undefined,
    approval: undefined,
    approvalKey: undefined,
    usedApprovals: undefined,
    reading: undefined,
    touched: undefined,
    ...more,
  };
}

/** A decoded call to the fixture tool `tool@1`. */
export function aCall(tool: string, args: Record<string, unknown>, shape?: string): ProposedCall {
  return { tool, version: 1, ref: `${tool}@1`, shape, arguments: args };
}
