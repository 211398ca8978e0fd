/**
 * Given an absolute path (raw: may contain '.', '..', '//'), return its real path the way the OS would resolve it: every existing prefix resolved through symlinks, a missing tail appended as written; return undefined to refuse.
 *
 * A gate compares the result against the real path of each folder root, so
 * an implementation must never throw and must refuse whenever it is unsure.
 */
export type RealpathFn = (absolutePath: string) => string | undefined;
