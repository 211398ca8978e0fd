import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { ATTR_ERROR_TYPE } from '@opentelemetry/semantic-conventions';
import {
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_TOOL_CALL_ID,
  ATTR_GEN_AI_TOOL_NAME,
  ATTR_GEN_AI_TOOL_TYPE,
  GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL,
} from '@opentelemetry/semantic-conventions/incubating';
import { describe, expect, it } from 'vitest';
import { createOtelSink } from '../../src/otel/index.js';
import { aRun, SEARCH_TURN } from '../helpers/runBuilders.js';

/**
 * Every attribute the OpenTelemetry sink sets is either a name the GenAI
 * semantic conventions publish (`@opentelemetry/semantic-conventions`, read
 * from the package, not copied) or under toolgate's own `toolgate.`
 * namespace; the operation's value is the published one. A renamed
 * convention, or a typo in a name, fails here.
 */
describe('the OpenTelemetry sink follows the published semantic conventions', () => {
  it('uses only published names (and toolgate.*) on allowed, refused and fired spans', async () => {
    const exporter = new InMemorySpanExporter();
    const tracer = new BasicTracerProvider({
      spanProcessors: [new SimpleSpanProcessor(exporter)],
    }).getTracer('test');
    const { run } = aRun({ run: { sink: createOtelSink({ tracer }), id: 'run-1' } });
    const turn = run.propose(SEARCH_TURN);
    await run.fire(turn.calls?.[0], { 'search@1': () => 'found' });
    const refused = run.propose(SEARCH_TURN);
    const forged = { ...refused.calls?.[0], arguments: { query: 'forged' } };
    run.dispatch(forged);
    await run.fire(refused.calls?.[0], () => {
      throw new Error('down');
    });
    const spans = exporter.getFinishedSpans();
    expect(spans.length).toBeGreaterThanOrEqual(3);
    // Deprecated here only because the GenAI conventions moved to their own repository
    // (open-telemetry/semantic-conventions-genai); the names are the published ones.
    /* eslint-disable @typescript-eslint/no-deprecated */
    const published = new Set<string>([
      ATTR_GEN_AI_OPERATION_NAME,
      ATTR_GEN_AI_TOOL_NAME,
      ATTR_GEN_AI_TOOL_TYPE,
      ATTR_GEN_AI_TOOL_CALL_ID,
      ATTR_ERROR_TYPE,
    ]);
    /* eslint-enable @typescript-eslint/no-deprecated */
    const names = new Set(spans.flatMap((span) => Object.keys(span.attributes)));
    expect(
      [...names].filter((name) => !published.has(name) && !name.startsWith('toolgate.')),
    ).toEqual([]);
    for (const span of spans) {
      expect(span.attributes[ATTR_GEN_AI_OPERATION_NAME]).toBe(
        GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL,
      );
      expect(span.name).toBe(`${GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL} search`);
    }
    // The error branch ran, and named its error type under the published name.
    expect(spans.some((span) => span.attributes[ATTR_ERROR_TYPE] !== undefined)).toBe(true);
  });
});
