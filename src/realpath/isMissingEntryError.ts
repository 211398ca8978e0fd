/**
 * Does this error mean "no such entry" (ENOENT, ENOTDIR) rather than a real failure?
 *
 * Only these two let the resolver strip a segment and retry; anything else
 * (EACCES, ELOOP, ENAMETOOLONG, a non-errno throw) means refuse.
 */
export function isMissingEntryError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === 'ENOENT' || error.code === 'ENOTDIR';
}
