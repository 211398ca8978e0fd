/** The message of a thrown value, read without ever throwing itself; always a string. */
export function messageOf(error: unknown): string {
  try {
    if (!(error instanceof Error)) return 'a non-Error value was thrown';
    // `message` is writable: a thrower may have put anything there.
    const message: unknown = error.message;
    return typeof message === 'string' ? message : String(message);
  } catch {
    return 'an unreadable value was thrown';
  }
}
