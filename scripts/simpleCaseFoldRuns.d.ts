/** Every non-ASCII code point whose folding class has a smaller member => that smallest member. */
export function computeSimpleCaseFolds(): Map<number, number>;
/** Map => 'FROM.COUNT.STEP.DELTA …' runs in base 36. */
export function encodeSimpleCaseFolds(folds: ReadonlyMap<number, number>): string;
