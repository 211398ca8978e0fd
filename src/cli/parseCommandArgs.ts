import { messageOf } from '../data/messageOf.js';

/**
 * Runs `parseArgs` and turns its usage errors into one sentence.
 *
 * // Unknown option '--grnt'. To specify a positional argument … => Unknown option '--grnt'
 */
export function parseCommandArgs<T>(
  parse: () => T,
): { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string } {
  try {
    return { ok: true, value: parse() };
  } catch (error) {
    const message = messageOf(error);
    const sentence = message.split('. ')[0] ?? message;
    return { ok: false, problem: sentence.endsWith('.') ? sentence.slice(0, -1) : sentence };
  }
}
