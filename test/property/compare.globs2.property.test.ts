import { describe, it } from 'vitest';
import { checkGlobLaw } from './compareGlobsLaw.js';

describe('compareGrants laws, deny globs of every allowed form (SPEC §14.3), second half', () => {
  it('never says subset when after allows a path before refuses; every witness holds', () => {
    checkGlobLaw(20_261_203, 5_000);
  });
});
