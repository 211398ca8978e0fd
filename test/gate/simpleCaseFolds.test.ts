import { describe, expect, it } from 'vitest';
import { SIMPLE_CASE_FOLD_RUNS } from '../../src/gate/simpleCaseFolds.js';
import { computeSimpleCaseFolds, encodeSimpleCaseFolds } from '../../scripts/simpleCaseFoldRuns.js';
import { deadline } from '../helpers/testEnv.js';

describe('the simple case folding table', () => {
  it(
    'is what the running engine folds (else run scripts/generateSimpleCaseFolds.js)',
    () => {
      expect(SIMPLE_CASE_FOLD_RUNS).toBe(encodeSimpleCaseFolds(computeSimpleCaseFolds()));
    },
    deadline(30_000),
  );
});
