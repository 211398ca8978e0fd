/** The message of a thrown value, read without ever throwing itself. */
export function messageOf(error: unknown): string {
  try {
    return error instanceof Error ? error.message : 'a non-Error value was thrown';
  } catch {
    return 'an unreadable value was thrown';
  }
}
