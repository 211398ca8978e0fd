import { describeValue } from '../data/describeValue.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import { compiledGrantOf } from '../grant/compiledGrant.js';
import { fromProviderCall } from '../providers/fromProviderCall.js';
import type { Grant } from '../grant/types.js';
import type { Run, TurnRecord } from '../run/types.js';

/** What `recordRejectedAiCalls` takes. */
export interface RecordRejectedAiCallsOptions {
  /** The run the gated tools decide in: the rejected calls become its turns. */
  readonly run: Run;
  /** The grant the tools were gated with: its refs define the provider names. */
  readonly grant: Grant;
  /** Told of each turn recorded, with the AI SDK's tool call id. */
  readonly onRecord?: (record: TurnRecord, toolCallId: string) => void;
}

/** The part of the AI SDK's repair-function argument this reads. */
interface RejectedToolCall {
  readonly toolCall: {
    readonly toolCallId: string;
    readonly toolName: string;
    readonly input: string;
  };
}

/**
 * Makes an AI SDK `experimental_repairToolCall` function that repairs
 * nothing but puts every call the AI SDK rejects before any `execute` (a
 * tool name it does not know, input that is not JSON) into the run, so its
 * records and summary count it: the name is mapped back as
 * `fromProviderCall` does and the call proposed as a turn, which the gate
 * refuses (`not_granted`, `hidden_tool`, `malformed_proposal`,
 * `bad_arguments`, …). It always answers `null`, so the AI SDK hands the
 * model its own tool error and nothing runs. Throws `ToolgateError` for bad
 * options.
 *
 * // generateText({ model, tools: gateAiTools(tools, options),
 * //   experimental_repairToolCall: recordRejectedAiCalls({ run, grant }), … })
 */
export function recordRejectedAiCalls(
  options: RecordRejectedAiCallsOptions,
): (rejected: RejectedToolCall) => Promise<null> {
  const { run, grant, onRecord } = isPlainObject(options)
    ? (options as Partial<RecordRejectedAiCallsOptions>)
    : {};
  if (
    typeof run !== 'object' ||
    typeof run.propose !== 'function' ||
    compiledGrantOf(grant) === undefined ||
    grant === undefined
  ) {
    throw new ToolgateError(
      'invalid_option',
      'recordRejectedAiCalls needs { run, grant }: run made by createRun, grant by createGrant',
    );
  }
  if (onRecord !== undefined && typeof onRecord !== 'function') {
    throw new ToolgateError(
      'invalid_option',
      `recordRejectedAiCalls: onRecord must be a function (record, toolCallId) => void, not ${describeValue(onRecord)}`,
    );
  }
  return ({ toolCall }) => {
    const name: unknown = toolCall.toolName;
    const input: unknown = toolCall.input;
    const envelope = fromProviderCall({ name, arguments: input }, { provider: 'mcp', grant });
    // A name that maps to no ref still becomes a turn: the gate refuses it as malformed.
    const turn = { calls: ['problem' in envelope ? { tool: name, arguments: input } : envelope] };
    const record = run.propose(turn);
    onRecord?.(record, toolCall.toolCallId);
    return Promise.resolve(null);
  };
}
