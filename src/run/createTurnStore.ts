import { ToolgateError } from '../errors/ToolgateError.js';
import type { TurnRecord } from './types.js';

/** The turn records a run holds, by turn index. */
export interface TurnStore {
  /** How many turns the run has recorded: the next turn's index. */
  readonly count: () => number;
  /** A turn's record, if the store still holds it. */
  readonly at: (index: number) => TurnRecord | undefined;
  readonly push: (record: TurnRecord) => void;
  /** Replaces a held turn's record (a dispatch or a fire added); a turn no longer held stays gone. */
  readonly replace: (index: number, record: TurnRecord) => void;
  /** Remembers the store as it is now; the function returned puts it back. */
  readonly save: () => () => void;
  /** Every record, in order (`run.records()`, `run.summary()`). */
  readonly all: () => readonly TurnRecord[];
}

/**
 * The records of a run's turns: every one (a run's `records()` and
 * `summary()` read them), or, with `latestOnly` (`toolgate mcp`'s own run,
 * which nothing reads back), only the latest turn's, which its dispatches
 * still need: a proxy that runs for weeks then keeps a few hundred bytes,
 * not a record per call it ever served. Its records are in its record
 * store; `all` throws.
 *
 * // const turns = createTurnStore(false); turns.push(record); turns.at(0) => record
 */
export function createTurnStore(latestOnly: boolean): TurnStore {
  if (!latestOnly) {
    const records: TurnRecord[] = [];
    return {
      count: () => records.length,
      at: (index) => records[index],
      push: (record) => {
        records.push(record);
      },
      replace: (index, record) => {
        records[index] = record;
      },
      save: () => {
        const count = records.length;
        return () => {
          records.length = count;
        };
      },
      all: () => records,
    };
  }
  let count = 0;
  let latest: TurnRecord | undefined;
  return {
    count: () => count,
    at: (index) => (index === count - 1 ? latest : undefined),
    push: (record) => {
      count += 1;
      latest = record;
    },
    replace: (index, record) => {
      if (index === count - 1) latest = record;
    },
    save: () => {
      const saved = { count, latest };
      return () => {
        ({ count, latest } = saved);
      };
    },
    all: () => {
      throw new ToolgateError(
        'invalid_option',
        'this run keeps only its latest turn in memory (toolgate mcp does), so its records are read from its record store, not from records() or summary()',
      );
    },
  };
}
