import * as ai6 from 'ai';
import * as ai6Test from 'ai/test';
import * as ai7 from 'ai7';
import * as ai7Test from 'ai7/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  createGate,
  createGrant,
  createRegistry,
  createRun,
  ToolgateError,
  type FireOutcome,
} from '../../src/index.js';
import { gateAiTools, recordRejectedAiCalls, registerAiTools } from '../../src/ai/index.js';

type GenerateResult = Awaited<ReturnType<ai6Test.MockLanguageModelV3['doGenerate']>>;
type StepOf = Awaited<ReturnType<typeof ai6.generateText>>['steps'][number];

/**
 * The AI SDK majors toolgate/ai supports, each with its own mock model. Both
 * are driven through the same (AI SDK 6) types: the parts used here did not
 * change in 7.
 */
const SDKS = [
  ['AI SDK 6', ai6, ai6Test.MockLanguageModelV3],
  [
    'AI SDK 7',
    ai7 as unknown as typeof ai6,
    ai7Test.MockLanguageModelV3 as unknown as typeof ai6Test.MockLanguageModelV3,
  ],
] as const;

/** What each tool call of a step came to, in call order: the value, or `{ error }` for a tool error. */
const outcomesOf = (step: StepOf | undefined): unknown[] =>
  (step?.content ?? []).flatMap((part): unknown[] =>
    part.type === 'tool-result'
      ? [[part.toolName, part.output]]
      : part.type === 'tool-error'
        ? [
            [
              part.toolName,
              { error: part.error instanceof Error ? part.error.message : part.error },
            ],
          ]
        : [],
  );

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** One model step that calls tools: [toolName, input] pairs. */
const callsStep = (...calls: [string, unknown][]): GenerateResult => ({
  content: calls.map(([toolName, input], index) => ({
    type: 'tool-call',
    toolCallId: `call-${index}`,
    toolName,
    input: JSON.stringify(input),
  })),
  finishReason: { unified: 'tool-calls', raw: undefined },
  usage,
  warnings: [],
});

/** One model step that answers. */
const answerStep = (text: string): GenerateResult => ({
  content: [{ type: 'text', text }],
  finishReason: { unified: 'stop', raw: undefined },
  usage,
  warnings: [],
});

describe.each(SDKS)('toolgate/ai with %s', (_label, sdk, MockLanguageModelV3) => {
  const { generateText, stepCountIs, tool } = sdk;

  /** Three AI SDK tools with real execute functions, keyed by ref, each counting its calls. */
  function someTools() {
    const ran = { weather: vi.fn(), write: vi.fn(), deploy: vi.fn() };
    const tools = {
      'weather@1': tool({
        description: 'The weather in a city.',
        inputSchema: z.object({ city: z.string() }),
        execute: ({ city }: { city: string }) => {
          ran.weather(city);
          return { city, sky: 'clear' };
        },
      }),
      'files/write@1': tool({
        description: 'Writes a file.',
        inputSchema: z.object({ path: z.string(), content: z.string() }),
        execute: ({ path }: { path: string }) => {
          ran.write(path);
          return `wrote ${path}`;
        },
      }),
      'deploy@1': tool({
        description: 'Deploys to production.',
        inputSchema: z.object({}),
        execute: () => {
          ran.deploy();
          return 'deployed';
        },
      }),
    };
    return { tools, ran };
  }

  const SCOPES = {
    'files/write@1': {
      resources: [{ kind: 'path' as const, at: '/path', access: 'write' as const }],
    },
  };

  async function aSetup(grantTools: readonly string[] = ['weather@1', 'files/write@1']) {
    const { tools, ran } = someTools();
    const registry = createRegistry({ builtins: 'none' });
    await registerAiTools(registry, tools, SCOPES);
    const grant = createGrant({ tools: grantTools, folders: ['/srv/out'] });
    const gate = createGate({ registry });
    return { tools, ran, registry, grant, gate };
  }

  describe("gateAiTools with the AI SDK's mock model driving a real multi-step tool loop", () => {
    it('runs the allowed call, returns the refusal of the other to the model as a tool error, and goes on', async () => {
      const { tools, ran, registry, grant, gate } = await aSetup();
      const outcomes: [string, FireOutcome][] = [];
      const gated = gateAiTools(tools, {
        registry,
        gate,
        grant,
        onOutcome: (outcome, id) => outcomes.push([id, outcome]),
      });
      const model = new MockLanguageModelV3({
        doGenerate: [
          callsStep(
            ['weather_v1', { city: 'Oslo' }],
            ['files__write_v1', { path: '/etc/passwd', content: 'x' }],
          ),
          answerStep('Oslo is clear; I may not write /etc/passwd.'),
        ],
      });
      const result = await generateText({
        model,
        tools: gated,
        stopWhen: stepCountIs(5),
        prompt: 'Weather, then write it.',
      });

      expect(result.text).toBe('Oslo is clear; I may not write /etc/passwd.');
      expect(result.steps).toHaveLength(2);
      expect(ran.weather).toHaveBeenCalledExactlyOnceWith('Oslo');
      expect(ran.write).not.toHaveBeenCalled();
      const reason = 'the path /etc/passwd is outside the granted folder scope';
      expect(outcomesOf(result.steps[0])).toEqual([
        ['weather_v1', { city: 'Oslo', sky: 'clear' }],
        ['files__write_v1', { error: reason }],
      ]);
      // The second model call got the refusal back as a tool error, not as a value.
      const toolMessage = model.doGenerateCalls[1]?.prompt.find(
        (message) => message.role === 'tool',
      );
      // (AI SDK 7 puts the error's name before its message.)
      expect(JSON.stringify(toolMessage)).toMatch(
        /"type":"error-text","value":"(?:ToolgateToolError: )?the path \/etc\/passwd is outside the granted folder scope"/,
      );
      expect(outcomes.map(([id, outcome]) => [id, outcome.status]).sort()).toEqual([
        ['call-0', 'ok'],
        ['call-1', 'refused'],
      ]);
    });

    it('offers the model only granted tools, under provider names', async () => {
      const { tools, registry, grant, gate } = await aSetup(['weather@1']);
      const gated = gateAiTools(tools, { registry, gate, grant });
      expect(Object.keys(gated)).toEqual(['weather_v1']);
      const model = new MockLanguageModelV3({ doGenerate: [answerStep('ok')] });
      await generateText({ model, tools: gated, prompt: 'hi' });
      expect(model.doGenerateCalls[0]?.tools?.map((offered): unknown => offered.name)).toEqual([
        'weather_v1',
      ]);
    });

    it('leaves out tools hidden by visible or the step, and tools the registry lacks', async () => {
      const { tools, registry, grant, gate } = await aSetup([
        'weather@1',
        'files/write@1',
        'deploy@1',
      ]);
      expect(
        Object.keys(gateAiTools(tools, { registry, gate, grant, visible: ['files/*'] })),
      ).toEqual(['files__write_v1']);
      expect(
        Object.keys(
          gateAiTools(tools, { registry, gate, grant, step: { name: 'look', tools: ['weather'] } }),
        ),
      ).toEqual(['weather_v1']);
      const bare = createRegistry({ builtins: 'none' });
      expect(
        Object.keys(
          gateAiTools(tools, { registry: bare, gate: createGate({ registry: bare }), grant }),
        ),
      ).toEqual([]);
    });

    it("refuses, past the run's tool-call budget, without running execute", async () => {
      const { tools, ran, registry, grant, gate } = await aSetup(['weather@1']);
      const run = createRun({ gate, grant, budgets: { toolCalls: 1 } });
      const gated = gateAiTools(tools, { registry, gate, grant, run });
      const model = new MockLanguageModelV3({
        doGenerate: [
          callsStep(['weather_v1', { city: 'Oslo' }], ['weather_v1', { city: 'Rome' }]),
          answerStep('done'),
        ],
      });
      const result = await generateText({
        model,
        tools: gated,
        stopWhen: stepCountIs(3),
        prompt: 'two cities',
      });
      expect(ran.weather).toHaveBeenCalledExactlyOnceWith('Oslo');
      expect(outcomesOf(result.steps[0])).toEqual([
        ['weather_v1', { city: 'Oslo', sky: 'clear' }],
        ['weather_v1', { error: 'the run is dead_lettered, so nothing more may be dispatched' }],
      ]);
      expect(run.status).toBe('dead_lettered');
    });

    it('records each execute as a turn of the run when one is given', async () => {
      const { tools, registry, grant, gate } = await aSetup();
      const run = createRun({ gate, grant });
      const gated = gateAiTools(tools, { registry, gate, grant, run });
      const model = new MockLanguageModelV3({
        doGenerate: [
          callsStep(
            ['weather_v1', { city: 'Oslo' }],
            ['files__write_v1', { path: '/srv/out/a.md', content: 'x' }],
          ),
          answerStep('done'),
        ],
      });
      await generateText({ model, tools: gated, stopWhen: stepCountIs(3), prompt: 'go' });
      expect(
        run
          .records()
          .map((record) => [record.settled, record.calls?.[0]?.ref, record.fires?.[0]?.status]),
      ).toEqual([
        ['tool', 'weather@1', 'ok'],
        ['tool', 'files/write@1', 'ok'],
      ]);
    });

    it('returns a throw, and a deadline, to the model as a tool error saying why', async () => {
      const registry = createRegistry({ builtins: 'none' });
      const tools = {
        'flaky@1': tool({
          description: 'Fails.',
          inputSchema: z.object({}),
          execute: (): Promise<string> => Promise.reject(new Error('upstream said 503')),
        }),
        'stuck@1': tool({
          description: 'Hangs.',
          inputSchema: z.object({}),
          execute: () => new Promise<string>(() => undefined),
        }),
      };
      await registerAiTools(registry, tools);
      const grant = createGrant({ tools: ['flaky@1', 'stuck@1'] });
      const gated = gateAiTools(tools, {
        registry,
        gate: createGate({ registry }),
        grant,
        timeoutMs: 30,
      });
      const model = new MockLanguageModelV3({
        doGenerate: [callsStep(['flaky_v1', {}], ['stuck_v1', {}]), answerStep('done')],
      });
      const result = await generateText({
        model,
        tools: gated,
        stopWhen: stepCountIs(3),
        prompt: 'go',
      });
      expect(outcomesOf(result.steps[0])).toEqual([
        ['flaky_v1', { error: 'upstream said 503' }],
        ['stuck_v1', { error: 'the call to stuck@1 did not finish within 30 ms' }],
      ]);
    });

    it("registers the tools' JSON Schema, leaves an identical one alone, and refuses another definition under the ref", async () => {
      const { tools } = someTools();
      const registry = createRegistry({ builtins: 'none' });
      const [weather] = await registerAiTools(registry, { 'weather@1': tools['weather@1'] });
      expect(weather).toMatchObject({
        ref: 'weather@1',
        kind: 'ai-sdk',
        description: 'The weather in a city.',
        inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
      });
      await expect(
        registerAiTools(registry, { 'weather@1': tools['weather@1'] }),
      ).resolves.toHaveLength(1);
      await expect(registerAiTools(registry, { 'weather@1': tools['deploy@1'] })).rejects.toThrow(
        ToolgateError,
      );
    });

    it('throws ToolgateError for a key that is not a ref, a tool without execute, and bad options', async () => {
      const { tools, registry, grant, gate } = await aSetup();
      expect(() => gateAiTools({ weather: tools['weather@1'] }, { registry, gate, grant })).toThrow(
        ToolgateError,
      );
      expect(() =>
        gateAiTools(
          { 'weather@1': tool({ inputSchema: z.object({}), outputSchema: z.string() }) },
          { registry, gate, grant },
        ),
      ).toThrow(/has no execute/);
      expect(() => gateAiTools(tools, { registry, gate, grant, timeoutMs: -5 })).toThrow(
        ToolgateError,
      );
      expect(() => gateAiTools(tools, { registry, gate } as never)).toThrow(ToolgateError);
    });
  });

  it('lets bad arguments reach the gate, which refuses and records them, and the model gets a tool error', async () => {
    const { tools, ran, registry, grant, gate } = await aSetup();
    const run = createRun({ gate, grant });
    const gated = gateAiTools(tools, { registry, gate, grant, run });
    const model = new MockLanguageModelV3({
      doGenerate: [callsStep(['weather_v1', { town: 'Oslo' }]), answerStep('sorry')],
    });
    const result = await generateText({
      model,
      tools: gated,
      stopWhen: stepCountIs(3),
      prompt: 'go',
    });
    expect(ran.weather).not.toHaveBeenCalled();
    expect(outcomesOf(result.steps[0])).toEqual([
      ['weather_v1', { error: 'the arguments for weather@1 do not match its inputSchema' }],
    ]);
    expect(run.records().map((record) => [record.settled, record.refusal?.code])).toEqual([
      ['rejected', 'bad_arguments'],
    ]);
    // The model was shown the registered schema, the one the gate checks.
    expect(model.doGenerateCalls[0]?.tools?.[0]).toMatchObject({
      name: 'weather_v1',
      inputSchema: registry.resolve('weather@1')?.inputSchema,
    });
  });

  it("puts the calls the AI SDK rejects itself (unknown tool, input that is not JSON) in the run's records and summary", async () => {
    const { tools, ran, registry, grant, gate } = await aSetup(['weather@1']);
    const run = createRun({ gate, grant });
    const seen: string[] = [];
    const model = new MockLanguageModelV3({
      doGenerate: [
        {
          ...callsStep(['files__write_v1', { path: '/srv/out/a', content: 'x' }], ['rm_rf', {}]),
          content: [
            ...callsStep(['files__write_v1', { path: '/srv/out/a', content: 'x' }], ['rm_rf', {}])
              .content,
            { type: 'tool-call', toolCallId: 'call-2', toolName: 'weather_v1', input: '{not json' },
          ],
        },
        callsStep(['weather_v1', { city: 'Oslo' }]),
        answerStep('done'),
      ],
    });
    const result = await generateText({
      model,
      tools: gateAiTools(tools, { registry, gate, grant, run }),
      experimental_repairToolCall: recordRejectedAiCalls({
        run,
        grant,
        onRecord: (record, id) => seen.push(`${id}:${record.refusal?.code ?? record.settled}`),
      }),
      stopWhen: stepCountIs(4),
      prompt: 'go',
    });
    expect(result.text).toBe('done');
    expect(ran.write).not.toHaveBeenCalled();
    expect(ran.weather).toHaveBeenCalledExactlyOnceWith('Oslo');
    expect(seen).toEqual([
      'call-0:not_granted',
      'call-1:malformed_proposal',
      'call-2:malformed_proposal',
    ]);
    expect(run.records().map((record) => [record.settled, record.refusal?.code])).toEqual([
      ['rejected', 'not_granted'],
      ['rejected', 'malformed_proposal'],
      ['rejected', 'malformed_proposal'],
      ['tool', undefined],
    ]);
    expect(run.summary()).toMatchObject({
      turns: 4,
      settled: { tool: 1, rejected: 3 },
      steps: { default: { refusedTurns: 3, byCode: { not_granted: 1, malformed_proposal: 2 } } },
    });
  });

  it('throws ToolgateError when recordRejectedAiCalls lacks a run or a grant made by createGrant', async () => {
    const { grant, gate } = await aSetup();
    const run = createRun({ gate, grant });
    expect(() => recordRejectedAiCalls({ run, grant: { ...grant } })).toThrow(ToolgateError);
    expect(() => recordRejectedAiCalls({ grant } as never)).toThrow(ToolgateError);
    expect(() => recordRejectedAiCalls({ run, grant, onRecord: 5 } as never)).toThrow(
      /onRecord must be a function/,
    );
  });
});
