import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGate, createGrant, createRegistry } from '../../src/index.js';
import { readChoice, readList, readObject, readText } from '../helpers/strictData.js';

/**
 * Runs test/fixtures/adversarial-keys/case-variant-keys.json: each case is
 * the arguments of one file/read call as JSON text, decided as text inside
 * the turn, as a decoded turn and as an arguments string. A refused case
 * must be refused as malformed_proposal at proposal.decode (an escape
 * otherwise); an allowed case must pass (a false refusal otherwise).
 */
const FILE = new URL('../fixtures/adversarial-keys/case-variant-keys.json', import.meta.url);

const corpus = readObject(JSON.parse(readFileSync(FILE, 'utf8')), 'corpus', [
  'description',
  'cases',
]);
const cases = readList(corpus.cases, 'cases').map((raw, index) => {
  const item = readObject(raw, `cases[${index}]`, ['arguments', 'expected', 'why']);
  return {
    arguments: readText(item.arguments, `cases[${index}].arguments`),
    expected: readChoice(item.expected, `cases[${index}].expected`, ['allow', 'refuse']),
    why: readText(item.why, `cases[${index}].why`),
  };
});

const registry = createRegistry({ builtins: 'none' });
registry.register({
  name: 'file/read',
  version: 1,
  description: 'Reads a file; its schema admits extra keys.',
  inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  resources: [{ kind: 'path', at: '/path', access: 'read' }],
});
const gate = createGate({ registry });
const context = {
  grant: createGrant({ tools: ['file/read@1'], folders: [{ path: '/workspace', access: 'read' }] }),
};

describe('the case-variant key corpus', () => {
  it('has no escape and no false refusal, decided three ways', () => {
    const escapes: string[] = [];
    const falseRefusals: string[] = [];
    for (const item of cases) {
      const call = (args: unknown) => ({
        calls: [{ tool: 'file/read', version: 1, arguments: args }],
      });
      const decoded: unknown = JSON.parse(item.arguments);
      for (const turn of [
        `{"calls":[{"tool":"file/read","version":1,"arguments":${item.arguments}}]}`,
        call(decoded),
        call(item.arguments),
      ]) {
        const decision = gate.authorize(turn, context);
        const malformed =
          decision.settled === 'rejected' &&
          decision.refusal.code === 'malformed_proposal' &&
          decision.refusal.check === 'proposal.decode';
        if (item.expected === 'refuse' && !malformed)
          escapes.push(`${item.why}: ${item.arguments}`);
        if (item.expected === 'allow' && decision.settled !== 'tool')
          falseRefusals.push(`${item.why}: ${item.arguments}`);
      }
    }
    const refuse = cases.filter((item) => item.expected === 'refuse').length;
    console.log(
      `adversarial case-variant-keys: ${cases.length} cases (${cases.length - refuse} allow, ${refuse} refuse): ` +
        `${escapes.length} escapes, ${falseRefusals.length} false refusals`,
    );
    expect(escapes).toEqual([]);
    expect(falseRefusals).toEqual([]);
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });
});
