import type { ApprovalQueue, ApprovalStatus, PendingApproval } from '../approvals/types.js';

/** How often a waiting call reads its pending approval. */
const POLL_MS = 200;

/**
 * Puts one exact call in the record store as a pending approval and waits
 * for a person to answer it on a channel the agent cannot reach
 * (`toolgate approvals approve ID`, `toolgate ui`): resolves `approved`,
 * `denied`, or `timed_out` after `timeoutMs` or when `signal` aborts (the
 * pending approval then ends as `timed_out`, unless an answer came first).
 * Never rejects: a store that fails ends the wait as `timed_out`.
 *
 * // (queue, { run, ref: 'fs/write_file@1', … }, 120000, signal, log) => 'approved' once someone ran toolgate approvals approve ID
 */
export async function askLocally(
  queue: ApprovalQueue,
  pending: Omit<PendingApproval, 'id' | 'createdAt'>,
  timeoutMs: number,
  signal: AbortSignal,
  log: (line: string) => void,
): Promise<ApprovalStatus> {
  let id: string;
  try {
    id = (await queue.add(pending)).id;
  } catch (error) {
    log(
      `toolgate mcp: the approval of ${pending.ref} could not be stored, so it is refused: ${String(error)}`,
    );
    return 'timed_out';
  }
  log(
    `toolgate mcp: ${pending.ref} waits for a person: toolgate approvals approve ${id} (or deny ${id}); it is refused in ${String(Math.round(timeoutMs / 1000))} s`,
  );
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const status = (await queue.get(id))?.status;
      if (status !== undefined && status !== 'pending') return status;
      if (signal.aborted || Date.now() >= deadline) return (await queue.expire(id)) ?? 'timed_out';
      // One listener at a time: each pause takes its own off again, however long the wait.
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', wake);
          resolve();
        };
        const timer = setTimeout(wake, Math.min(POLL_MS, Math.max(0, deadline - Date.now())));
        signal.addEventListener('abort', wake, { once: true });
      });
    }
  } catch {
    try {
      return (await queue.expire(id)) === 'approved' ? 'approved' : 'timed_out';
    } catch {
      return 'timed_out';
    }
  }
}
