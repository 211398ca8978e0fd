import { hasOwn } from '../data/hasOwn.js';
import type { AuthorizedCall, Refusal } from '../gate/types.js';
import { truncateToolOutput } from '../output/truncateToolOutput.js';
import { executeHandler, type HandlerScope } from './executeHandler.js';
import type { ReadFireOptions } from './readFireOptions.js';
import { thrownMessage } from './thrownMessage.js';
import type { FireOutcome, ToolHandler, ToolHandlers } from './types.js';

/**
 * Fires a call the dispatch stage has just allowed: finds its handler, runs
 * it under the signal and deadline, and shapes its output into the model's
 * text. Never rejects: a missing handler, a throw, an abort, a deadline or
 * a shaper that fails each end as an outcome whose `text` says so.
 *
 * // handler returns { temp: 21 } => { status: 'ok', call, output: { temp: 21 }, text: '{\n  "temp": 21\n}' }
 */
export async function settleFire(
  call: AuthorizedCall,
  handlers: ToolHandlers,
  options: ReadFireOptions,
  scope: HandlerScope,
): Promise<FireOutcome> {
  const handler = pickHandler(handlers, call.ref);
  if (handler === undefined)
    return failed(call, 'error', `no handler is installed for ${call.ref}`);
  const executed = await executeHandler(call, handler, options, scope);
  if (executed.status !== 'ok') return failed(call, executed.status, executed.message);
  let text: unknown;
  try {
    text = await (options.shapeOutput ?? truncateToolOutput)(executed.output, call);
  } catch (error) {
    return failed(
      call,
      'error',
      thrownMessage(error, `the output of ${call.ref} could not be shaped`),
    );
  }
  if (typeof text !== 'string')
    return failed(call, 'error', `the output shaper gave no text for ${call.ref}`);
  return Object.freeze({ status: 'ok', call, output: executed.output, text });
}

/** The outcome of a call the gate refused: the handler never ran; the model reads the reason. */
export function refusedOutcome(refusal: Refusal): FireOutcome {
  return Object.freeze({ status: 'refused', refusal, text: refusal.reason });
}

function failed(
  call: AuthorizedCall,
  status: 'error' | 'aborted' | 'timed_out',
  message: string,
): FireOutcome {
  return Object.freeze({ status, call, message, text: message });
}

// Own properties only: a polluted Object.prototype must not supply a handler.
function pickHandler(handlers: ToolHandlers, ref: string): ToolHandler | undefined {
  if (typeof handlers === 'function') return handlers;
  return hasOwn(handlers, ref) ? handlers[ref] : undefined;
}
