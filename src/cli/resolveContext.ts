import type { GateContext } from '../gate/types.js';
import { suggestName } from '../kortix/suggestName.js';
import type { Policy, PolicyAgent } from './policy/types.js';

/** What a command or a test case names: a grant, and optionally a step, an agent and a cwd. */
export interface ContextChoice {
  readonly grant?: string | undefined;
  readonly step?: string | undefined;
  readonly agent?: string | undefined;
  readonly cwd?: string | undefined;
}

/** A gate context built from a policy, or what is wrong with the choice and what to change. */
export type ResolvedContext =
  | {
      readonly ok: true;
      readonly context: GateContext;
      readonly grantName: string;
      readonly agent?: PolicyAgent;
    }
  | {
      readonly ok: false;
      readonly key: keyof ContextChoice;
      readonly problem: string;
      readonly fix: string;
    };

/**
 * Builds the gate context a choice names: the grant (the only one when the
 * policy has one and none is named), the step, the agent's `visible` list,
 * and an absolute `cwd`. An unknown name is a problem with the names there are.
 */
export function resolveContext(policy: Policy, choice: ContextChoice): ResolvedContext {
  const grantNames = [...policy.grants.keys()];
  const only = grantNames.length === 1 ? grantNames[0] : undefined;
  const grantName = choice.grant ?? only;
  if (grantName === undefined) {
    return grantNames.length === 0
      ? {
          ok: false,
          key: 'grant',
          problem: `${policy.file} defines no grant`,
          fix: 'add one under grants:',
        }
      : {
          ok: false,
          key: 'grant',
          problem: `${policy.file} has ${grantNames.length} grants, and none was named`,
          fix: `name one of ${grantNames.join(', ')}`,
        };
  }
  const grant = policy.grants.get(grantName);
  if (grant === undefined) return unknown('grant', grantName, policy.file, grantNames);
  let step;
  if (choice.step !== undefined) {
    step = policy.steps.get(choice.step);
    if (step === undefined)
      return unknown('step', choice.step, policy.file, [...policy.steps.keys()]);
  }
  let agent;
  if (choice.agent !== undefined) {
    agent = policy.agents.get(choice.agent);
    if (agent === undefined)
      return unknown('agent', choice.agent, policy.file, [...policy.agents.keys()]);
  }
  if (choice.cwd !== undefined && !choice.cwd.startsWith('/')) {
    return {
      ok: false,
      key: 'cwd',
      problem: `the cwd ${JSON.stringify(choice.cwd)} is not an absolute path`,
      fix: 'write it in full, such as /workspace',
    };
  }
  const context: GateContext = {
    grant,
    ...(step === undefined ? {} : { step }),
    ...(choice.cwd === undefined ? {} : { cwd: choice.cwd }),
    ...(agent === undefined ? {} : { visible: agent.visible }),
  };
  return { ok: true, context, grantName, ...(agent === undefined ? {} : { agent }) };
}

function unknown(
  key: 'grant' | 'step' | 'agent',
  name: string,
  file: string,
  names: readonly string[],
): ResolvedContext {
  const guess = suggestName(name, names);
  const list = names.length === 0 ? `it defines no ${key}` : `its ${key}s are ${names.join(', ')}`;
  return {
    ok: false,
    key,
    problem: `${file} has no ${key} ${JSON.stringify(name)}`,
    fix: `${guess === undefined ? '' : `did you mean ${guess}? `}${list}`,
  };
}
