/** A `tools` entry of a grant: the ref, and the digest it pins the definition to, if any. */
export interface ToolEntrySplit {
  readonly ref: string;
  /** `sha256:` and 64 lower-case hex digits, when the entry pins the definition. */
  readonly digest: string | undefined;
}

/**
 * Splits a `tools` entry of a grant into its ref and its pin (SPEC §5 rev 2).
 * Reads an entry `createGrant` accepted; a ref never holds `#`, so the first
 * `#` starts the pin.
 *
 * // slack/search@1                 => { ref: 'slack/search@1', digest: undefined }
 * // slack/search@1#sha256:ab…(64)  => { ref: 'slack/search@1', digest: 'sha256:ab…' }
 */
export function splitToolEntry(entry: string): ToolEntrySplit {
  const hash = entry.indexOf('#');
  return hash === -1
    ? { ref: entry, digest: undefined }
    : { ref: entry.slice(0, hash), digest: entry.slice(hash + 1) };
}
