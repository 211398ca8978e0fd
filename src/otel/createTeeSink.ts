import { isThenable } from '../run/runEffects.js';
import type { RecordSink, RunEntry } from '../run/types.js';

/**
 * Combines sinks: each entry goes to every sink, in order; the result is
 * async when any sink is. A sink that throws (or rejects) fails the write,
 * so the run does not commit it.
 *
 * // createRun({ gate, grant, sink: createTeeSink(createSqliteSink('records.db'), createOtelSink()) })
 */
export function createTeeSink(...sinks: readonly RecordSink[]): RecordSink {
  const async = sinks.some((sink) => sink.async === true);
  return Object.freeze({
    async,
    write: (entry: RunEntry) => {
      if (!async) {
        for (const sink of sinks) {
          const result = sink.write(entry);
          if (isThenable(result)) throw new Error('a sink without async: true returned a promise');
        }
        return undefined;
      }
      return sinks.reduce<Promise<void>>(
        (previous, sink) => previous.then(() => sink.write(entry)),
        Promise.resolve(),
      );
    },
  });
}
