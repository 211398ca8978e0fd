import { describe, expect, it } from 'vitest';
import type { TurnRecord } from '../../src/index.js';
import { createTurnStore } from '../../src/run/createTurnStore.js';
import { catchToolgateError } from '../helpers/catchToolgateError.js';

const turn = (index: number): TurnRecord =>
  ({ index, settled: 'answer', answer: `a${String(index)}` }) as unknown as TurnRecord;

describe('createTurnStore', () => {
  it('keeps every record, replaces by index, and puts back the count it saved', () => {
    const turns = createTurnStore(false);
    turns.push(turn(0));
    turns.push(turn(1));
    turns.replace(0, turn(10));
    expect(turns.count()).toBe(2);
    expect(turns.at(0)).toEqual(turn(10));
    const restore = turns.save();
    turns.push(turn(2));
    restore();
    expect(turns.count()).toBe(2);
    expect(turns.all()).toEqual([turn(10), turn(1)]);
  });

  it('with latestOnly, holds the latest turn alone, counts every turn, and puts back the latest it saved', () => {
    const turns = createTurnStore(true);
    turns.push(turn(0));
    turns.push(turn(1));
    expect(turns.count()).toBe(2);
    expect(turns.at(0)).toBeUndefined();
    expect(turns.at(1)).toEqual(turn(1));
    // A turn no longer held stays gone; the latest is replaced.
    turns.replace(0, turn(10));
    expect(turns.at(0)).toBeUndefined();
    expect(turns.at(1)).toEqual(turn(1));
    turns.replace(1, turn(11));
    expect(turns.at(1)).toEqual(turn(11));
    const restore = turns.save();
    turns.push(turn(2));
    expect(turns.at(1)).toBeUndefined();
    restore();
    expect(turns.count()).toBe(2);
    expect(turns.at(1)).toEqual(turn(11));
    const error = catchToolgateError(() => turns.all(), 'invalid_option');
    expect(error.message).toBe(
      'this run keeps only its latest turn in memory (toolgate mcp does), so its records are read from its record store, not from records() or summary()',
    );
  });
});
