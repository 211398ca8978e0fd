/** Runs async tasks one at a time, in the order they were queued. */
export type Queue = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * Creates a queue: each task starts once the one before it settled, whether
 * it resolved or rejected. A run's async forms share one, so two
 * `proposeAsync` calls never interleave their steps.
 *
 * // const queue = createQueue(); queue(() => a()); queue(() => b()) // b starts after a settles
 */
export function createQueue(): Queue {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const result = tail.then(task, task);
    tail = result.catch(() => undefined);
    return result;
  };
}
