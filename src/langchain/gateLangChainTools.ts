import { ToolMessage, type ToolCall } from '@langchain/core/messages';
import { StructuredTool, type StructuredToolInterface } from '@langchain/core/tools';
import type { RunnableConfig } from '@langchain/core/runnables';
import { interopSafeParseAsync, isInteropZodSchema } from '@langchain/core/utils/types';
import { extend } from '../data/extend.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { messageOf } from '../data/messageOf.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import { proposeAndFire, type FireBinding } from '../fire/proposeAndFire.js';
import type { OutputShaper, ToolHandler } from '../fire/types.js';
import type { ToolReading } from '../gate/toolReadings.js';
import { buildProviderNames } from '../providers/buildProviderNames.js';
import type { ToolInputSchema } from '../providers/types.js';
import { parseToolRef } from '../registry/parseToolRef.js';
import { isNameVisible } from '../scope/visible/isNameVisible.js';
import { readGateLangChainToolsOptions } from './readGateLangChainToolsOptions.js';
import type { GateLangChainToolsOptions, LangChainToolsByRef } from './types.js';

/** The tool's value goes to the model as is; nothing needs a text. */
const NO_TEXT: OutputShaper = () => '';

/** Is this a LangChain tool call (`{ name, args, id?, type: 'tool_call' }`)? */
const isToolCall = (value: unknown): value is ToolCall =>
  isPlainObject(value) && value.type === 'tool_call' && typeof value.name === 'string';

/** What one gated tool needs to decide and run a call. */
interface GatedToolSpec {
  readonly tool: string;
  readonly version: number;
  readonly inner: StructuredToolInterface;
  readonly binding: FireBinding;
  readonly options: GateLangChainToolsOptions;
}

/**
 * How a LangChain tool's zod schema reads the arguments (defaults, trims,
 * transforms), as LangChain's own `call` parses them; nothing for a tool
 * with a JSON Schema, which LangChain passes on unchanged. A parse that fails
 * or throws is a refusal.
 */
async function readOwn(
  inner: StructuredToolInterface,
  args: unknown,
): Promise<ToolReading | undefined> {
  const schema: unknown = (inner as { readonly schema?: unknown }).schema;
  if (!isInteropZodSchema(schema)) return undefined;
  try {
    const result = await interopSafeParseAsync(schema, args);
    if (result.success) return { value: result.data };
    const issues = result.error.issues.map(
      (issue) => `${issue.path.length === 0 ? '' : `${issue.path.join('.')}: `}${issue.message}`,
    );
    return { problem: issues.join('; ') || 'the arguments do not match' };
  } catch (error) {
    return { problem: messageOf(error) };
  }
}

/**
 * A LangChain tool whose every call the gate decides first. LangChain's own
 * input check is skipped (`invoke` is replaced), so bad arguments reach the
 * gate and are refused as `bad_arguments`. The tool's zod schema reads the
 * arguments first, and a reading that changes a scoped value is refused too
 * (SPEC §14.1); an allowed call runs the wrapped tool, which parses the same
 * arguments with the same schema again.
 */
class GatedTool extends StructuredTool {
  readonly name: string;
  readonly description: string;
  readonly schema: ToolInputSchema;
  readonly #spec: GatedToolSpec;

  constructor(name: string, description: string, schema: ToolInputSchema, spec: GatedToolSpec) {
    super();
    this.name = name;
    this.description = description;
    this.schema = schema;
    this.#spec = spec;
  }

  override async invoke(input: unknown, config?: RunnableConfig): Promise<unknown> {
    const { tool, version, inner, binding, options } = this.#spec;
    const toolCall = isToolCall(input) ? input : undefined;
    const args: unknown = toolCall === undefined ? input : toolCall.args;
    // SPEC §14.1: how the tool's own schema will read the arguments, checked by the gate.
    const reading = await readOwn(inner, args);
    const handler: ToolHandler = (call) =>
      inner.invoke(
        toolCall === undefined
          ? (call.arguments as never)
          : (extend(toolCall, { args: call.arguments }) as never),
        config,
      );
    const outcome = await proposeAndFire(
      { tool, version, arguments: args, ...(reading === undefined ? {} : { reading }) },
      handler,
      {
        shapeOutput: options.shapeOutput ?? NO_TEXT,
        ...(config?.signal === undefined ? {} : { signal: config.signal }),
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      },
      binding,
    );
    options.onOutcome?.(outcome, toolCall?.id);
    const ok = outcome.status === 'ok';
    if (ok && options.shapeOutput === undefined) return outcome.output;
    if (toolCall === undefined) return outcome.text;
    return new ToolMessage({
      content: outcome.text,
      tool_call_id: toolCall.id ?? '',
      name: this.name,
      status: ok ? 'success' : 'error',
    });
  }

  /** Unused: `invoke` is the only way in. Runs the same gated path. */
  protected override async _call(arg: unknown): Promise<string> {
    return String(await this.invoke(arg));
  }
}

/**
 * Wraps LangChain tools, keyed by toolgate ref, for `model.bindTools(…)`
 * and a tool loop (`ToolNode`, `createAgent`, or `runLangChainToolCalls`).
 * Only tools that are granted, visible, in the step and held by the
 * registry as grantable are offered, under their provider names
 * (`fs-read@1` => `fs-read_v1`) with a fresh copy of the registered input
 * schema, which LangChain may change freely. Every call first runs both
 * stages (a turn of one call, of `run` when given); only an allowed call
 * reaches the wrapped tool. A refusal, a throw or a deadline comes back as
 * an error `ToolMessage` (status `error`, the text saying why) for a tool
 * call, or that text for a plain `invoke(args)`; nothing is thrown at the
 * loop. Throws `ToolgateError` for bad options, a key that is not a ref, or
 * a value that is not a tool.
 *
 * // const tools = gateLangChainTools({ 'weather@1': weather }, { registry, gate, grant, run });
 * // const ai = await model.bindTools(tools).invoke(messages);
 * // messages.push(ai, ...(await runLangChainToolCalls(ai.tool_calls ?? [], tools, { grant, run })));
 */
export function gateLangChainTools(
  tools: LangChainToolsByRef,
  options: GateLangChainToolsOptions,
): StructuredTool[] {
  const binding = readGateLangChainToolsOptions(options);
  const { registry, grant, visible, step } = options;
  const names = buildProviderNames(grant);
  const gated: StructuredTool[] = [];
  for (const [ref, inner] of Object.entries(tools)) {
    const { name, version } = parseToolRef(ref);
    const given: { readonly invoke?: unknown } = inner;
    if (typeof given.invoke !== 'function') {
      throw new ToolgateError(
        'invalid_option',
        `gateLangChainTools: ${ref} is not a LangChain tool; toolgate can only gate a call it runs`,
      );
    }
    const providerName = names.byRef.get(ref);
    if (providerName === undefined) continue;
    if (step !== undefined && !step.tools.includes(name)) continue;
    if (!isNameVisible(name, visible)) continue;
    const entry = registry.resolve(ref);
    if (entry?.grantable !== true) continue;
    gated.push(
      new GatedTool(
        providerName,
        entry.description,
        structuredClone(entry.inputSchema) as ToolInputSchema,
        { tool: name, version, inner, binding, options },
      ),
    );
  }
  return gated;
}
