import { isMissingEntryError } from './isMissingEntryError.js';

/** The outcome of one file-system call: a value, a missing entry, or a failure that means refuse. */
export type Probe<T> =
  | { readonly kind: 'found'; readonly value: T }
  | { readonly kind: 'missing' }
  | { readonly kind: 'failed' };

/** Runs one file-system call and sorts its outcome into found, missing or failed; never throws. */
export function probe<T>(attempt: () => T): Probe<T> {
  try {
    return { kind: 'found', value: attempt() };
  } catch (error) {
    return isMissingEntryError(error) ? { kind: 'missing' } : { kind: 'failed' };
  }
}
