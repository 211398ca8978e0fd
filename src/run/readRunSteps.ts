import { describeValue } from '../data/describeValue.js';
import { isPlainObject } from '../data/isPlainObject.js';
import type { Step } from '../gate/types.js';
import { isToolName } from '../registry/isToolName.js';
import { DEFAULT_STEP } from './summarizeRecords.js';

const STEP_KEYS = new Set(['name', 'tools']);

/**
 * Reads `createRun`'s steps into frozen copies by name, adding each problem
 * to `problems`: a step is `{ name, tools }`, its name non-empty, unique and
 * not `default` (the summary's name for turns without a step), its tools
 * tool names (not refs).
 *
 * // [{ name: 'research', tools: ['http/get'] }] => Map { research => { name, tools } }
 * // [{ name: 'default', tools: [] }]            => problem: "default" is taken
 */
export function readRunSteps(value: unknown, problems: string[]): ReadonlyMap<string, Step> {
  const steps = new Map<string, Step>();
  // Names seen, valid steps or not: a repeated name is a problem either way.
  const names = new Set<string>();
  if (value === undefined) return steps;
  if (!Array.isArray(value)) {
    problems.push('steps must be a list of { name, tools }');
    return steps;
  }
  (value as unknown[]).forEach((step, index) => {
    const where = `steps[${index}]`;
    if (!isPlainObject(step)) {
      problems.push(`${where} must be an object { name, tools }`);
      return;
    }
    const before = problems.length;
    const unknown = Object.keys(step).find((key) => !STEP_KEYS.has(key));
    if (unknown !== undefined)
      problems.push(
        `${where} has unknown key ${JSON.stringify(unknown)}; a step is { name, tools }`,
      );
    const { name, tools } = step;
    if (typeof name !== 'string' || name === '')
      problems.push(`${where}.name must be a non-empty string`);
    else if (name === DEFAULT_STEP)
      problems.push(
        `${where}.name "default" is taken: the summary counts turns without a step under it`,
      );
    else if (names.has(name))
      problems.push(
        `${where}.name ${describeValue(name)} is used by an earlier step; step names are unique`,
      );
    if (typeof name === 'string') names.add(name);
    if (!Array.isArray(tools)) problems.push(`${where}.tools must be a list of tool names`);
    else {
      (tools as unknown[]).forEach((tool, at) => {
        if (!isToolName(tool))
          problems.push(
            `${where}.tools[${at}] ${describeValue(tool)} is not a tool name (names, not refs: "slack/search")`,
          );
      });
    }
    if (problems.length === before) {
      steps.set(
        name as string,
        Object.freeze({ name: name as string, tools: Object.freeze([...(tools as string[])]) }),
      );
    }
  });
  return steps;
}
