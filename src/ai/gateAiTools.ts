import type { Tool, ToolExecutionOptions, ToolSet } from 'ai';
import { ToolgateError } from '../errors/ToolgateError.js';
import { proposeAndFire } from '../fire/proposeAndFire.js';
import type { OutputShaper, ToolHandler } from '../fire/types.js';
import { buildProviderNames } from '../providers/buildProviderNames.js';
import { parseToolRef } from '../registry/parseToolRef.js';
import { isNameVisible } from '../scope/visible/isNameVisible.js';
import { readGateAiToolsOptions } from './readGateAiToolsOptions.js';
import type { AiToolsByRef, GateAiToolsOptions } from './types.js';

/** The tool's value goes to the model as is; nothing needs a text. */
const NO_TEXT: OutputShaper = () => '';

/**
 * Wraps an AI SDK tool set, keyed by toolgate ref, for `generateText` or
 * `streamText`. Only tools that are granted, visible, in the step and held
 * by the registry as grantable are offered, under their provider names
 * (`weather@1` => `weather_v1`, as `toOpenAITools` names them). Every
 * `execute` first runs both stages (a turn of one call, of `run` when
 * given); only an allowed call reaches the tool's own `execute`, with the
 * arguments as the gate checked them and a signal that follows the AI SDK's
 * `abortSignal` and `timeoutMs`. A refusal, a throw, a cancel or a deadline
 * is returned to the model as the tool result: a text saying why. Throws
 * `ToolgateError` for bad options, a key that is not a ref, or a tool
 * without `execute` (a call toolgate does not run, it cannot gate).
 *
 * // const tools = gateAiTools({ 'weather@1': weatherTool, 'fs-write@1': writeTool }, { registry, gate, grant });
 * // await generateText({ model, tools, stopWhen: stepCountIs(5), prompt })
 */
export function gateAiTools(tools: AiToolsByRef, options: GateAiToolsOptions): ToolSet {
  const binding = readGateAiToolsOptions(options);
  const { registry, grant, visible, step, timeoutMs, shapeOutput, onOutcome } = options;
  const names = buildProviderNames(grant);
  const gated: ToolSet = {};
  for (const [ref, tool] of Object.entries(tools)) {
    const { name, version } = parseToolRef(ref);
    if (typeof tool.execute !== 'function') {
      throw new ToolgateError(
        'invalid_option',
        `gateAiTools: ${ref} has no execute; toolgate can only gate a call it runs`,
      );
    }
    const providerName = names.byRef.get(ref);
    if (providerName === undefined) continue;
    if (step !== undefined && !step.tools.includes(name)) continue;
    if (!isNameVisible(name, visible)) continue;
    if (registry.resolve(ref)?.grantable !== true) continue;
    const execute = tool.execute.bind(tool);
    const wrapped: Tool = {
      ...tool,
      execute: async (input: unknown, execution: ToolExecutionOptions) => {
        const handler: ToolHandler = (call, { signal }) =>
          finalValue(execute(call.arguments, { ...execution, abortSignal: signal }));
        const fireOptions = {
          shapeOutput: shapeOutput ?? NO_TEXT,
          ...(execution.abortSignal === undefined ? {} : { signal: execution.abortSignal }),
          ...(timeoutMs === undefined ? {} : { timeoutMs }),
        };
        const outcome = await proposeAndFire(
          { tool: name, version, arguments: input },
          handler,
          fireOptions,
          binding,
        );
        onOutcome?.(outcome, execution.toolCallId);
        if (outcome.status !== 'ok') return outcome.text;
        return shapeOutput === undefined ? outcome.output : outcome.text;
      },
    };
    gated[providerName] = wrapped;
  }
  return gated;
}

/** A streaming `execute` (an async iterable of preliminary values) ends with its last value, as the AI SDK reads it. */
async function finalValue(value: unknown): Promise<unknown> {
  if (typeof value !== 'object' || value === null || !(Symbol.asyncIterator in value)) return value;
  let last: unknown;
  for await (const item of value as AsyncIterable<unknown>) last = item;
  return last;
}
