import type { ToolHandler } from '../../fire/types.js';
import { readArgument } from './readArgument.js';
import { summarizeText } from './summarizeText.js';

/**
 * The handler of `text-summarize@1`: `summarizeText(text, maxSentences ?? 3)`.
 * Touches no network and no file system.
 *
 * // ({ text: 'A. B. C. D.', maxSentences: 1 }) => 'A.'
 */
export const summarizeTextHandler: ToolHandler = (call, { signal }) => {
  signal.throwIfAborted();
  const text = readArgument(call, 'text', 'string') as string;
  const maxSentences = readArgument(call, 'maxSentences', 'integer', false) as number | undefined;
  if (maxSentences !== undefined && maxSentences < 1)
    throw new Error('text-summarize@1 needs "maxSentences" of at least 1');
  return summarizeText(text, maxSentences ?? 3);
};
