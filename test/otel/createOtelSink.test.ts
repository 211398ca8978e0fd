import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import type { AuthorizedCall, TurnRecord } from '../../src/index.js';
import { createOtelSink, createTeeSink } from '../../src/otel/index.js';
import { createMemorySink } from '../../src/index.js';
import { SEARCH_TURN, aCall, aRun, callsTurn } from '../helpers/runBuilders.js';

function callsOf(record: TurnRecord): readonly AuthorizedCall[] {
  if (record.calls === undefined)
    throw new Error(`expected a tool turn: ${JSON.stringify(record)}`);
  return record.calls;
}

function aTracer() {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  return { exporter, tracer: provider.getTracer('toolgate-test') };
}

describe('createOtelSink', () => {
  it('emits an execute_tool span per dispatch and per fire, with the GenAI attributes', async () => {
    const { exporter, tracer } = aTracer();
    const { run } = aRun({ run: { sink: createOtelSink({ tracer }), id: 'run-9' } });
    const [call] = callsOf(run.propose(SEARCH_TURN));
    await run.fire(call, { 'search@1': () => ({ hits: 0 }) });
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => [span.name, span.kind, span.status.code])).toEqual([
      ['execute_tool search', SpanKind.INTERNAL, SpanStatusCode.UNSET],
      ['execute_tool search', SpanKind.INTERNAL, SpanStatusCode.UNSET],
    ]);
    expect(spans[0]?.attributes).toEqual({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'search',
      'gen_ai.tool.type': 'function',
      'gen_ai.tool.call.id': 'run-9:0:0',
      'toolgate.ref': 'search@1',
      'toolgate.turn': 0,
      'toolgate.call.index': 0,
      'toolgate.run.id': 'run-9',
      'toolgate.stage': 'dispatch',
      'toolgate.allowed': true,
    });
    expect(spans[1]?.attributes).toMatchObject({
      'gen_ai.tool.call.id': 'run-9:0:0',
      'toolgate.stage': 'fire',
      'toolgate.fire.status': 'ok',
    });
  });

  it('marks a refused dispatch and a failed fire as errors, with error.type, and no arguments', async () => {
    const { exporter, tracer } = aTracer();
    const { run } = aRun({ run: { sink: createOtelSink({ tracer }) } });
    const [secret, search] = callsOf(
      run.propose(
        callsTurn(aCall('vault/use', { secret: 'sk-live-42' }), aCall('search', { query: 'q' })),
      ),
    );
    run.dispatch(secret);
    await run.fire(search, {
      'search@1': () => {
        throw new Error('boom');
      },
    });
    const [refused, allowed, fired] = exporter.getFinishedSpans();
    expect(allowed?.attributes['gen_ai.tool.call.id']).toBe('0:1');
    expect(refused?.status).toEqual({
      code: SpanStatusCode.ERROR,
      message: 'the secret [redacted] is outside the granted secret scope',
    });
    expect(refused?.attributes).toMatchObject({
      'gen_ai.tool.name': 'vault/use',
      'error.type': 'secret_out_of_scope',
      'toolgate.refusal.check': 'dispatch.secret',
      'toolgate.allowed': false,
    });
    expect(fired?.attributes).toMatchObject({
      'error.type': 'error',
      'toolgate.fire.status': 'error',
    });
    expect(fired?.status.code).toBe(SpanStatusCode.ERROR);
    expect(
      JSON.stringify(exporter.getFinishedSpans().map((span) => span.attributes)),
    ).not.toContain('sk-live-42');
  });

  it('emits nothing for turns', () => {
    const { exporter, tracer } = aTracer();
    aRun({ run: { sink: createOtelSink({ tracer }) } }).run.propose(SEARCH_TURN);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});

describe('createTeeSink', () => {
  it('sends each entry to every sink, and fails the write when one sink throws', () => {
    const memory = createMemorySink();
    const { run } = aRun({
      run: {
        sink: createTeeSink(memory, {
          write: () => {
            throw new Error('tracing down');
          },
        }),
      },
    });
    expect(() => run.propose(SEARCH_TURN)).toThrow('tracing down');
    expect(memory.entries()).toHaveLength(1);
    expect(run.records()).toEqual([]);
  });

  it('is async when one of its sinks is, and awaits each', async () => {
    const order: string[] = [];
    const tee = createTeeSink(
      { write: () => void order.push('sync') },
      {
        async: true,
        write: () =>
          new Promise<void>((resolve) =>
            setTimeout(() => {
              order.push('async');
              resolve();
            }, 5),
          ),
      },
    );
    expect(tee.async).toBe(true);
    const { run } = aRun({ run: { sink: tee } });
    await run.proposeAsync(SEARCH_TURN);
    expect(order).toEqual(['sync', 'async']);
  });
});
