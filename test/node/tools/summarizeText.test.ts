import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { summarizeText } from '../../../src/node/index.js';
import { splitSentences } from '../../../src/node/tools/splitSentences.js';
import { runs } from '../../helpers/testEnv.js';

describe('splitSentences', () => {
  it('ends a sentence at . ! ? … with closing quotes, before white space, and at a blank line', () => {
    expect(splitSentences('One. Two!  "Three?" Four')).toEqual([
      'One.',
      'Two!',
      '"Three?"',
      'Four',
    ]);
    expect(splitSentences('Title\n\nBody  text.\r\nMore text')).toEqual([
      'Title',
      'Body text.',
      'More text',
    ]);
    expect(splitSentences('v1.2 is out. Yes')).toEqual(['v1.2 is out.', 'Yes']);
    expect(splitSentences('  \n\n ')).toEqual([]);
  });
});

describe('summarizeText', () => {
  it("keeps the sentences richest in the text's frequent words, in their original order", () => {
    const text =
      'Budget talks resumed. The weather was fine. The budget gap is the budget issue. Lunch was served.';
    expect(summarizeText(text, 2)).toBe(
      'Budget talks resumed. The budget gap is the budget issue.',
    );
  });

  it('returns a short text whole, white space collapsed', () => {
    expect(summarizeText('Just   one\nsentence.', 3)).toBe('Just one sentence.');
    expect(summarizeText('', 3)).toBe('');
  });

  it('is deterministic and never longer than asked (law)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.integer({ min: 1, max: 5 }), (text, max) => {
        const summary = summarizeText(text, max);
        expect(summarizeText(text, max)).toBe(summary);
        expect(splitSentences(summary).length).toBeLessThanOrEqual(max);
      }),
      { numRuns: runs(200) },
    );
  });
});
