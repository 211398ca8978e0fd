/** The CLI's exit codes (SPEC §10). */
export const EXIT = Object.freeze({
  /** Allowed; clean; every test passed. */
  ok: 0,
  /** Refused; problems found; a test failed. */
  refused: 1,
  /** Bad input: usage, an unreadable file, a policy or test file with errors. */
  badInput: 2,
});
