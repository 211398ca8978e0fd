import { splitSentences } from './splitSentences.js';

/** Common English words that say little about what a text is about. */
const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have he her his how i if in into is it its ' +
    'just may me more most my no not of on or our out over she so some such than that the their them then there these they ' +
    'this those to too under up us very was we were what when where which while who why will with would you your'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * A deterministic extractive summary: the `maxSentences` sentences whose
 * content words are, on average, the most frequent in the whole text, kept
 * in their original order. Same input, same output; no network, no file
 * system, no locale. Ties go to the earlier sentence. A text with no more
 * sentences than that comes back whole, its white space collapsed.
 *
 * // ('Cats purr. Dogs bark. Cats sleep a lot. Birds sing.', 2) => 'Cats purr. Cats sleep a lot.'
 */
export function summarizeText(text: string, maxSentences = 3): string {
  const sentences = splitSentences(text);
  const limit = Math.max(1, Math.floor(maxSentences));
  if (sentences.length <= limit) return sentences.join(' ');
  const wordsOf = sentences.map((sentence) =>
    (sentence.toLowerCase().match(WORD) ?? []).filter(
      (word) => word.length > 1 && !STOP_WORDS.has(word),
    ),
  );
  const frequency = new Map<string, number>();
  for (const words of wordsOf)
    for (const word of words) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const scored = wordsOf.map((words, index) => ({
    index,
    score:
      words.length === 0
        ? 0
        : words.reduce((sum, word) => sum + (frequency.get(word) ?? 0), 0) / words.length,
  }));
  const chosen = scored
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map(({ index }) => index)
    .sort((a, b) => a - b);
  return chosen.map((index) => sentences[index]).join(' ');
}
