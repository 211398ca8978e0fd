/** The outcome of canonicalizing or parsing untrusted text: a value, or the rule it broke. */
export type ScopeResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

/** Wraps a value as a successful result. */
export const ok = <T>(value: T): ScopeResult<T> => ({ ok: true, value });

/** Wraps the rule an input broke as a failed result. */
export const fail = <T = never>(problem: string): ScopeResult<T> => ({ ok: false, problem });
