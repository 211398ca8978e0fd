import { ToolMessage, type ToolCall } from '@langchain/core/messages';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { extend } from '../data/extend.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import { compiledGrantOf } from '../grant/compiledGrant.js';
import { fromProviderCall } from '../providers/fromProviderCall.js';
import { formatReprompt } from '../run/formatReprompt.js';
import type { RunLangChainToolCallsOptions } from './types.js';

/**
 * Runs a model's `tool_calls` through tools from `gateLangChainTools`, in
 * order, and answers one `ToolMessage` per call to append to the
 * conversation. A call naming no offered tool runs nothing: with `run`, it
 * becomes a turn the gate refuses (`not_granted`, `malformed_proposal`, …),
 * counted in the run's records and summary; the model gets an error message
 * saying why. Throws `ToolgateError` for bad options.
 *
 * // messages.push(...(await runLangChainToolCalls(ai.tool_calls ?? [], tools, { grant, run })))
 */
export async function runLangChainToolCalls(
  toolCalls: readonly ToolCall[],
  tools: readonly StructuredToolInterface[],
  options: RunLangChainToolCallsOptions,
): Promise<ToolMessage[]> {
  if (compiledGrantOf(options.grant) === undefined) {
    throw new ToolgateError(
      'invalid_option',
      'runLangChainToolCalls needs { grant } made by createGrant(spec), the grant the tools were gated with',
    );
  }
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const messages: ToolMessage[] = [];
  for (const toolCall of toolCalls) {
    const tool = byName.get(toolCall.name);
    if (tool !== undefined) {
      const answer: unknown = await tool.invoke(extend(toolCall, { type: 'tool_call' }) as never);
      messages.push(
        answer instanceof ToolMessage
          ? answer
          : new ToolMessage({
              content: typeof answer === 'string' ? answer : JSON.stringify(answer),
              tool_call_id: toolCall.id ?? '',
              name: toolCall.name,
            }),
      );
      continue;
    }
    let content = `the tool ${JSON.stringify(toolCall.name)} is not offered to this agent`;
    if (options.run !== undefined) {
      const envelope = fromProviderCall(
        { name: toolCall.name, arguments: toolCall.args },
        { provider: 'mcp', grant: options.grant },
      );
      const call =
        'problem' in envelope ? { tool: toolCall.name, arguments: toolCall.args } : envelope;
      const record = options.run.propose({ calls: [call] });
      options.onRecord?.(record, toolCall.id);
      if (record.refusal !== undefined) content = formatReprompt(record.refusal);
    }
    messages.push(
      new ToolMessage({
        content,
        tool_call_id: toolCall.id ?? '',
        name: toolCall.name,
        status: 'error',
      }),
    );
  }
  return messages;
}
