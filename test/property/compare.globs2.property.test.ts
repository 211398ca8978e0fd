import { describe, it } from 'vitest';
import { deadline } from '../helpers/testEnv.js';
import { checkGlobLaw } from './compareGlobsLaw.js';

describe('compareGrants laws, deny globs of every allowed form (SPEC §14.3), second half', () => {
  // 66-74 s each on a slow 2-core machine under the full suite: more than the default 60 s.
  it(
    'never says subset when after allows a path before refuses; every witness holds',
    () => {
      checkGlobLaw(20_261_203, 5_000);
    },
    deadline(180_000),
  );
});
