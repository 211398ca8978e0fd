import {
  prepareFunctionToolInput,
  setFunctionToolPreparedInput,
  type FunctionToolPreparedInput,
} from '@openai/agents-core/utils/internal';
import { extend } from '../data/extend.js';
import { messageOf } from '../data/messageOf.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import { proposeAndFire } from '../fire/proposeAndFire.js';
import type { OutputShaper, ToolHandler } from '../fire/types.js';
import type { ToolReading } from '../gate/toolReadings.js';
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
 * `run` when given) and on the tool's own parse of it: a schema that changes
 * a scoped value (a trimmed path, a default URL) or refuses the text is
 * refused `bad_arguments` (SPEC §14.1). Only an allowed call reaches the
 * tool's own `invoke`, which runs on that same parse.
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
    gated.push(
      extend(tool, {
        name: agentName,
        description: entry.description,
        parameters: structuredClone(entry.inputSchema) as typeof tool.parameters,
        strict: false,
        invoke: async (
          runContext: Parameters<AnyFunctionTool['invoke']>[0],
          input: string,
          details: Parameters<AnyFunctionTool['invoke']>[2],
        ) => {
          // SPEC §14.1: the tool's own parser reads the input once, the gate checks that reading,
          // and the tool runs on exactly that parse (the SDK's prepared input), not a second one.
          const prepared = prepareOwn(tool, input);
          const reading = readingOf(prepared);
          const callDetails = details ?? {};
          const handler: ToolHandler = (call) => {
            const raw = call.rawArguments ?? JSON.stringify(call.arguments);
            if (prepared !== undefined && 'input' in prepared && prepared.input === raw)
              setFunctionToolPreparedInput(callDetails, prepared);
            return invoke(runContext, raw, callDetails);
          };
          const fireOptions = {
            shapeOutput: shapeOutput ?? NO_TEXT,
            ...(details?.signal === undefined ? {} : { signal: details.signal }),
            ...(timeoutMs === undefined ? {} : { timeoutMs }),
          };
          const outcome = await proposeAndFire(
            {
              tool: name,
              version,
              arguments: input,
              ...(reading === undefined ? {} : { reading }),
            },
            handler,
            fireOptions,
            binding,
          );
          onOutcome?.(outcome, details?.toolCall?.callId);
          if (outcome.status !== 'ok') return outcome.text;
          return shapeOutput === undefined ? outcome.output : outcome.text;
        },
      }),
    );
  }
  return gated;
}

/**
 * The tool's own parse of the argument text, as the SDK's runner prepares it
 * (zod defaults and transforms included); nothing for a function tool not
 * made by `tool()`, whose `invoke` reads the text its own way. A parser that
 * throws is a failed reading.
 */
function prepareOwn(
  tool: AnyFunctionTool,
  input: unknown,
): FunctionToolPreparedInput | { readonly thrown: unknown } | undefined {
  if (typeof input !== 'string') return undefined;
  try {
    return prepareFunctionToolInput(tool, input);
  } catch (error) {
    return { thrown: error };
  }
}

/** The reading the gate checks: the parsed value, or why the tool's own schema refused the text. */
function readingOf(
  prepared: FunctionToolPreparedInput | { readonly thrown: unknown } | undefined,
): ToolReading | undefined {
  if (prepared === undefined) return undefined;
  if ('thrown' in prepared) return { problem: messageOf(prepared.thrown) };
  return prepared.result.success
    ? { value: prepared.result.value as unknown }
    : { problem: messageOf(prepared.result.error) };
}
