import { SpanKind, SpanStatusCode, trace, type Attributes, type Tracer } from '@opentelemetry/api';
import { parseToolRef } from '../registry/parseToolRef.js';
import type { RecordSink, RunEntry } from '../run/types.js';

/** What the OpenTelemetry sink needs. */
export interface OtelSinkOptions {
  /** Default: `trace.getTracer('toolgate')` from the global provider. */
  readonly tracer?: Tracer;
}

/** The attributes of a span about one call of a turn. */
function callAttributes(entry: RunEntry, ref: string, callIndex: number, turn: number): Attributes {
  const name = parseToolRef(ref).name;
  return {
    // GenAI semantic conventions, tool execution.
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': name,
    'gen_ai.tool.type': 'function',
    'gen_ai.tool.call.id': `${entry.run === undefined ? '' : `${entry.run}:`}${String(turn)}:${String(callIndex)}`,
    // toolgate's own, for the decision.
    'toolgate.ref': ref,
    'toolgate.turn': turn,
    'toolgate.call.index': callIndex,
    ...(entry.run === undefined ? {} : { 'toolgate.run.id': entry.run }),
  };
}

/**
 * Creates a sink that emits an OpenTelemetry span per dispatch and per
 * fire, following the GenAI semantic conventions for tool execution: span
 * `execute_tool NAME` (kind INTERNAL) with `gen_ai.operation.name`
 * `execute_tool`, `gen_ai.tool.name`, `gen_ai.tool.type` and
 * `gen_ai.tool.call.id` (`RUN:TURN:CALL`, or `TURN:CALL` without a run id), plus `toolgate.*` attributes for
 * the decision. A refused dispatch has status ERROR, `error.type` its code
 * and `toolgate.refusal.check`; a fire that did not end `ok` has status
 * ERROR and `error.type` its status. Turn entries emit nothing. Spans hold
 * no arguments and no output (they may hold secrets). Combine it with a
 * durable sink when records must be kept: tracing is best effort.
 *
 * // createRun({ gate, grant, id: 'run-42', sink: createOtelSink() })
 */
export function createOtelSink(options: OtelSinkOptions = {}): RecordSink {
  const tracer = options.tracer ?? trace.getTracer('toolgate');
  return Object.freeze({
    write: (entry: RunEntry) => {
      if (entry.type === 'turn') return;
      const { ref, callIndex } = entry.type === 'dispatch' ? entry.dispatch : entry.fire;
      const attributes = callAttributes(entry, ref, callIndex, entry.turn);
      const span = tracer.startSpan(`execute_tool ${parseToolRef(ref).name}`, {
        kind: SpanKind.INTERNAL,
        attributes,
      });
      if (entry.type === 'dispatch') {
        const { dispatch } = entry;
        span.setAttribute('toolgate.stage', 'dispatch');
        span.setAttribute('toolgate.allowed', dispatch.allowed);
        if (dispatch.refusal !== undefined) {
          span.setAttributes({
            'error.type': dispatch.refusal.code,
            'toolgate.refusal.check': dispatch.refusal.check,
          });
          span.setStatus({ code: SpanStatusCode.ERROR, message: dispatch.refusal.reason });
        }
      } else {
        span.setAttribute('toolgate.stage', 'fire');
        span.setAttribute('toolgate.fire.status', entry.fire.status);
        if (entry.fire.status !== 'ok') {
          span.setAttribute('error.type', entry.fire.status);
          span.setStatus({ code: SpanStatusCode.ERROR });
        }
      }
      span.end();
    },
  });
}
