import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeShapedOutput, shapeToolOutput } from '../../src/index.js';
import { countLines } from '../../src/output/countLines.js';
import { runs } from '../helpers/testEnv.js';

const RUNS = { numRuns: runs(2000), seed: 20_261_207 } as const;
const encoder = new TextEncoder();

/** Text with many short lines and some multi-byte characters, near small limits. */
const text = fc
  .array(fc.oneof(fc.constantFrom('\n', 'a', 'é', '€', '😀', ' '), fc.string({ maxLength: 4 })), {
    maxLength: 80,
  })
  .map((parts) => parts.join(''));
const limits = fc.record({
  maxBytes: fc.integer({ min: 1, max: 60 }),
  maxLines: fc.integer({ min: 1, max: 12 }),
  headBytes: fc.integer({ min: 1, max: 30 }),
  headLines: fc.integer({ min: 1, max: 6 }),
});

describe('output shaping laws', () => {
  it('shows text whole exactly when it is within both limits', () => {
    fc.assert(
      fc.property(text, limits, (value, limit) => {
        const shaped = shapeToolOutput(value, limit);
        const within =
          encoder.encode(value).length <= limit.maxBytes && countLines(value) <= limit.maxLines;
        expect(shaped.kind).toBe(within ? 'inline' : 'save');
        if (shaped.kind === 'inline') expect(describeShapedOutput(shaped)).toBe(value);
      }),
      RUNS,
    );
  });

  it('saves the whole output, and shows a prefix within the head limits, cut after a newline, never empty when a character fits', () => {
    fc.assert(
      fc.property(text, limits, (value, limit) => {
        const shaped = shapeToolOutput(value, limit);
        if (shaped.kind !== 'save') return;
        expect(new TextDecoder().decode(shaped.data)).toBe(value);
        expect(value.startsWith(shaped.head)).toBe(true);
        expect(encoder.encode(shaped.head).length).toBeLessThanOrEqual(limit.headBytes);
        expect(countLines(shaped.head)).toBeLessThanOrEqual(limit.headLines);
        // Not empty when its first character fits (an empty head passes every check above),
        // and cut after a newline where one fits: it ends at one, holds none, or is all the text.
        const first = String.fromCodePoint(value.codePointAt(0) ?? 0);
        if (value !== '' && encoder.encode(first).length <= limit.headBytes)
          expect(shaped.head.length).toBeGreaterThan(0);
        const { head } = shaped;
        expect(head.endsWith('\n') || !head.includes('\n') || head === value).toBe(true);
        expect(describeShapedOutput(shaped, '/tmp/x')).toContain(`${shaped.bytes} bytes`);
      }),
      RUNS,
    );
  });

  it('is deterministic and never throws, for any value', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(shapeToolOutput(value)).toEqual(shapeToolOutput(value));
      }),
      { numRuns: runs(500), seed: 20_261_207 },
    );
  });
});
