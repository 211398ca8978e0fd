import type { AuthorizedCall } from '../gate/types.js';
import type { ReadFireOptions } from './readFireOptions.js';
import { thrownMessage } from './thrownMessage.js';
import type { HandlerContext, ToolHandler } from './types.js';

/** How a handler ended, before its output is shaped. */
export type Executed =
  | { readonly status: 'ok'; readonly output: unknown }
  | { readonly status: 'error' | 'aborted' | 'timed_out'; readonly message: string };

/** The authority a handler runs under: `HandlerContext` without the signal. */
export type HandlerScope = Omit<HandlerContext, 'signal'>;

/**
 * Runs a handler on an authorized call with a signal of its own, which
 * aborts when the caller's signal does or when the deadline passes. The
 * first of these wins: the handler's value or throw, the caller's abort,
 * the deadline. An abort or a deadline settles at once, even when the
 * handler ignores its signal; what the handler does later is dropped.
 * Never rejects.
 *
 * // handler throws Error('no such city') => { status: 'error', message: 'no such city' }
 * // timeoutMs 50, handler never settles  => { status: 'timed_out', message: 'the call to x@1 did not finish within 50 ms' } after 50 ms
 */
export function executeHandler(
  call: AuthorizedCall,
  handler: ToolHandler,
  options: ReadFireOptions,
  scope: HandlerScope,
): Promise<Executed> {
  const { signal, timeoutMs } = options;
  const controller = new AbortController();
  return new Promise<Executed>((resolve) => {
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (result: Executed) => {
      if (settled) return;
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(Object.freeze(result));
    };
    // Settle first, then abort: the handler reacting to its signal cannot turn a cancel into an error.
    const onAbort = () => {
      finish({
        status: 'aborted',
        message: `the call to ${call.ref} was cancelled before it finished`,
      });
      controller.abort(signal?.reason);
    };
    if (signal?.aborted === true) {
      onAbort();
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    if (timeoutMs !== undefined) {
      timer = setTimeout(() => {
        const message = `the call to ${call.ref} did not finish within ${timeoutMs} ms`;
        finish({ status: 'timed_out', message });
        controller.abort(new DOMException(message, 'TimeoutError'));
      }, timeoutMs);
    }
    const failed = (error: unknown) => {
      finish({
        status: 'error',
        message: thrownMessage(error, `the tool ${call.ref} failed without a message`),
      });
    };
    try {
      const context: HandlerContext = { signal: controller.signal, ...scope };
      Promise.resolve(handler(call, Object.freeze(context))).then((output) => {
        finish({ status: 'ok', output });
      }, failed);
    } catch (error) {
      failed(error);
    }
  });
}
