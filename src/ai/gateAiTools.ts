import { asSchema, jsonSchema, type Tool, type ToolExecutionOptions, type ToolSet } from 'ai';
import { extend } from '../data/extend.js';
import { messageOf } from '../data/messageOf.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import { proposeAndFire } from '../fire/proposeAndFire.js';
import type { ToolReading } from '../gate/toolReadings.js';
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
 * `execute` first parses the input with the tool's own schema, then runs
 * both stages (a turn of one call, of `run` when given) on the input and
 * that reading: a schema that changes a scoped value (trims a path, fills
 * in a default URL, lower-cases a host) or refuses the input is refused
 * `bad_arguments` (SPEC §14.1). Only an allowed call reaches the tool's own
 * `execute`, with exactly the reading the gate compared, and a signal that
 * follows the AI SDK's `abortSignal` and `timeoutMs`.
 *
 * The model sees each tool's registered input schema, and the AI SDK does
 * not validate the input itself: bad arguments reach the gate, which refuses
 * them as `bad_arguments` and records it in the run. A refusal, a throw, a
 * cancel or a deadline is thrown back to the AI SDK, which hands the model a
 * tool error (as MCP's `isError`) holding the text saying why, and goes on
 * with the loop. Calls the AI SDK refuses before any `execute` (a tool name
 * it does not know, input that is not JSON) reach the run through
 * `recordRejectedAiCalls`. Throws
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
    const entry = registry.resolve(ref);
    if (entry?.grantable !== true) continue;
    const execute = tool.execute.bind(tool);
    const own = asSchema(tool.inputSchema);
    const wrapped: Tool = extend(tool, {
      // The gate validates against this schema; the AI SDK must let every input through to it.
      inputSchema: jsonSchema(
        structuredClone(entry.inputSchema) as Parameters<typeof jsonSchema>[0],
        {
          validate: (value: unknown) => ({ success: true, value }),
        },
      ),
      execute: async (input: unknown, execution: ToolExecutionOptions) => {
        // SPEC §14.1: the tool's own schema reads the input first, and the gate checks that
        // reading keeps every scoped value; the tool then gets exactly that reading.
        const reading = await readOwn(own, input);
        const handler: ToolHandler = async (call, { signal }) =>
          finalValue(
            execute(
              reading !== undefined && 'value' in reading ? reading.value : call.arguments,
              extend(execution, {
                abortSignal: signal,
              }),
            ),
          );
        const fireOptions = {
          shapeOutput: shapeOutput ?? NO_TEXT,
          ...(execution.abortSignal === undefined ? {} : { signal: execution.abortSignal }),
          ...(timeoutMs === undefined ? {} : { timeoutMs }),
        };
        const outcome = await proposeAndFire(
          { tool: name, version, arguments: input, ...(reading === undefined ? {} : { reading }) },
          handler,
          fireOptions,
          binding,
        );
        onOutcome?.(outcome, execution.toolCallId);
        // A throw is how an AI SDK tool reports an error: the model gets it as a tool error.
        if (outcome.status !== 'ok') throw new ToolCallRefusedError(outcome.text);
        return shapeOutput === undefined ? outcome.output : outcome.text;
      },
    });
    gated[providerName] = wrapped;
  }
  return gated;
}

/** A refused or failed call, thrown to the AI SDK so the model sees a tool error; the message is the text saying why. */
class ToolCallRefusedError extends Error {
  override readonly name = 'ToolgateToolError';
}

/**
 * How the tool's own schema reads the input (zod defaults, transforms,
 * coercions), before the gate: the parsed value, or why the schema refuses
 * it. A schema that does not validate reads nothing: the tool gets the
 * arguments as the gate checked them. A validator that throws is a refusal.
 */
async function readOwn(
  schema: ReturnType<typeof asSchema>,
  value: unknown,
): Promise<ToolReading | undefined> {
  if (schema.validate === undefined) return undefined;
  try {
    const result = await schema.validate(value);
    return result.success ? { value: result.value } : { problem: result.error.message };
  } catch (error) {
    return { problem: messageOf(error) };
  }
}

/** A streaming `execute` (an async iterable of preliminary values) ends with its last value, as the AI SDK reads it. */
async function finalValue(value: unknown): Promise<unknown> {
  if (typeof value !== 'object' || value === null || !(Symbol.asyncIterator in value)) return value;
  let last: unknown;
  for await (const item of value as AsyncIterable<unknown>) last = item;
  return last;
}
