import type { ToolErrorFormatterArgs, ToolNotFoundBehavior } from '@openai/agents';
import { describeValue } from '../data/describeValue.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import { compiledGrantOf } from '../grant/compiledGrant.js';
import { fromProviderCall } from '../providers/fromProviderCall.js';
import { formatReprompt } from '../run/formatReprompt.js';
import type { GateAgentRunOptions } from './types.js';

/** The run options `gateAgentRunOptions` gives, to spread into the SDK's `run(agent, input, options)`. */
export interface AgentRunGateOptions {
  readonly toolNotFoundBehavior: ToolNotFoundBehavior;
  readonly toolErrorFormatter: (args: ToolErrorFormatterArgs) => string | undefined;
}

/**
 * The OpenAI Agents SDK run options that keep a call to a tool the agent
 * does not have from aborting the run: `toolNotFoundBehavior:
 * 'return_error_to_model'`, and a `toolErrorFormatter` that puts each such
 * call into the toolgate run (the name mapped back as the SDK sanitizes it,
 * else read back exactly, `fs_write_v1` => `fs_write@1`, which then names
 * no granted ref; the gate refuses it, `not_granted` or `malformed_proposal`, and its
 * records and summary count it) and hands the model the refusal's reprompt.
 * Other tool errors keep the SDK's message. Throws `ToolgateError` for bad
 * options.
 *
 * // await run(agent, 'Weather in Oslo?', { ...gateAgentRunOptions({ run, grant }), maxTurns: 5 })
 */
export function gateAgentRunOptions(options: GateAgentRunOptions): AgentRunGateOptions {
  const { run, grant, onRecord } = isPlainObject(options)
    ? (options as Partial<GateAgentRunOptions>)
    : {};
  if (
    typeof run?.propose !== 'function' ||
    grant === undefined ||
    compiledGrantOf(grant) === undefined
  ) {
    throw new ToolgateError(
      'invalid_option',
      'gateAgentRunOptions needs { run, grant }: run made by createRun, grant by createGrant',
    );
  }
  if (onRecord !== undefined && typeof onRecord !== 'function') {
    throw new ToolgateError(
      'invalid_option',
      `gateAgentRunOptions: onRecord must be a function (record, callId) => void, not ${describeValue(onRecord)}`,
    );
  }
  return Object.freeze({
    toolNotFoundBehavior: 'return_error_to_model',
    toolErrorFormatter: (args: ToolErrorFormatterArgs): string | undefined => {
      if (args.kind !== 'tool_not_found') return undefined;
      // The SDK says which name was called, not with what: the arguments are left empty.
      const sent = { name: args.toolName, arguments: {} };
      const granted = fromProviderCall(sent, { provider: 'mcp', grant, names: 'sanitized' });
      // No granted ref sanitizes to this name, so reading it back exactly names an ungranted ref: refused by ref.
      const envelope =
        'problem' in granted ? fromProviderCall(sent, { provider: 'mcp', grant }) : granted;
      const call = 'problem' in envelope ? { tool: args.toolName, arguments: {} } : envelope;
      const record = run.propose({ calls: [call] });
      onRecord?.(record, args.callId);
      return record.refusal === undefined ? args.defaultMessage : formatReprompt(record.refusal);
    },
  });
}
