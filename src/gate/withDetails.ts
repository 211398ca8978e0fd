import { extend } from '../data/extend.js';
import type { Refusal, RefusalDetail } from './types.js';

/** The refusal with more details after its own; the same refusal when there are none. */
export function withDetails(refusal: Refusal, details: readonly RefusalDetail[]): Refusal {
  if (details.length === 0) return refusal;
  return Object.freeze(
    extend(refusal, {
      details: Object.freeze([
        ...(refusal.details ?? []),
        ...details.map((d) => Object.freeze({ ...d })),
      ]),
    }),
  );
}
