import { ToolgateError } from '../errors/ToolgateError.js';
import { proposeAndFire } from '../fire/proposeAndFire.js';
import type { OutputShaper, ToolHandler } from '../fire/types.js';
import { buildProviderNames } from '../providers/buildProviderNames.js';
import { buildSanitizedNames } from '../providers/buildSanitizedNames.js';
import { toSanitizedToolName } from '../providers/toSanitizedToolName.js';
import { parseToolRef } from '../registry/parseToolRef.js';
import { isNameVisible } from '../scope/visible/isNameVisible.js';
import { readGateAgentToolsOptions } from './readGateAgentToolsOptions.js';
import type { AgentToolsByRef, AnyFunctionTool, GateAgentToolsOptions } from './types.js';

/** The tool's value goes to the model as is; nothing needs a text. */
const NO_TEXT: OutputShaper = () => '';

/**
 * Wraps OpenAI Agents SDK function tools, keyed by toolgate ref, for `new
 * Agent({ tools })`. Only tools that are granted, visible, in the step and
 * held by the registry as grantable are offered, under the provider name as
 * the SDK would sanitize it (`fs-read@1` => `fs_read_v1`), with the
 * registered input schema (`strict: false`). Every call first runs both
 * stages on the raw argument text the model sent (a turn of one call, of
 * `run` when given); only an allowed call reaches the tool's own `invoke`.
 * A refusal, a throw or a deadline is the tool's output: the text saying
 * why, which the model reads as a failed call while the run goes on. Throws
 * `ToolgateError` for bad options, a key that is not a ref, a value that is
 * not a function tool, or two granted refs the SDK would give one name.
 *
 * // const agent = new Agent({ name, model, tools: gateAgentTools({ 'weather@1': weather }, { registry, gate, grant, run }) });
 * // await run(agent, input, gateAgentRunOptions({ run, grant }))
 */
export function gateAgentTools(
  tools: AgentToolsByRef,
  options: GateAgentToolsOptions,
): AnyFunctionTool[] {
  const binding = readGateAgentToolsOptions(options);
  const { registry, grant, visible, step, timeoutMs, shapeOutput, onOutcome } = options;
  const names = buildProviderNames(grant);
  const sanitized = buildSanitizedNames(grant);
  const gated: AnyFunctionTool[] = [];
  for (const [ref, tool] of Object.entries(tools)) {
    const { name, version } = parseToolRef(ref);
    // Typed as a function tool, but a caller's value may be anything.
    const given: { readonly type?: unknown; readonly invoke?: unknown } = tool;
    if (given.type !== 'function' || typeof given.invoke !== 'function') {
      throw new ToolgateError(
        'invalid_option',
        `gateAgentTools: ${ref} is not a function tool; toolgate can only gate a call it runs`,
      );
    }
    const providerName = names.byRef.get(ref);
    if (providerName === undefined) continue;
    if (step !== undefined && !step.tools.includes(name)) continue;
    if (!isNameVisible(name, visible)) continue;
    const entry = registry.resolve(ref);
    if (entry?.grantable !== true) continue;
    const agentName = toSanitizedToolName(providerName);
    const sharers = sanitized.get(agentName) ?? [];
    if (sharers.length > 1) {
      throw new ToolgateError(
        'invalid_grant',
        `gateAgentTools: ${sharers.join(' and ')} would both be called "${agentName}" by the Agents SDK; grant only one of them`,
      );
    }
    const invoke = tool.invoke.bind(tool);
    gated.push({
      ...tool,
      name: agentName,
      description: entry.description,
      parameters: structuredClone(entry.inputSchema) as typeof tool.parameters,
      strict: false,
      invoke: async (runContext, input, details) => {
        const handler: ToolHandler = (call) =>
          invoke(runContext, call.rawArguments ?? JSON.stringify(call.arguments), details);
        const fireOptions = {
          shapeOutput: shapeOutput ?? NO_TEXT,
          ...(details?.signal === undefined ? {} : { signal: details.signal }),
          ...(timeoutMs === undefined ? {} : { timeoutMs }),
        };
        const outcome = await proposeAndFire(
          { tool: name, version, arguments: input },
          handler,
          fireOptions,
          binding,
        );
        onOutcome?.(outcome, details?.toolCall?.callId);
        if (outcome.status !== 'ok') return outcome.text;
        return shapeOutput === undefined ? outcome.output : outcome.text;
      },
    });
  }
  return gated;
}
