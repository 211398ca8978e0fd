import { readToolReadings, type ToolReadings } from './toolReadings.js';
import { hasOwn } from '../data/hasOwn.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { compiledGrantOf } from '../grant/compiledGrant.js';
import type { CheckContext } from './Check.js';
import type { RefusalDetail, Step, TouchedLabel } from './types.js';
import { USED_APPROVALS, type UsedApprovals } from './usedApprovals.js';

/** The parts of a check context that come from the caller's `GateContext`. */
export type CallerContext = Omit<CheckContext, 'tool' | 'realpath' | 'approvalKey' | 'reading'> & {
  /** (rev 3) The tool's own reading of each call's arguments, by call index (see TOOL_READINGS). */
  readonly readings: ToolReadings | undefined;
};

/**
 * Reads the caller's context: the grant must come from `createGrant`; `step`,
 * `cwd` and `visible`, when given, must be well formed. Returns what is wrong
 * otherwise, so the gate refuses rather than guesses.
 */
export function readContext(context: unknown): CallerContext | RefusalDetail {
  if (!isPlainObject(context)) {
    return {
      pointer: '',
      message: 'the context must be an object { grant, step?, cwd?, visible? }',
    };
  }
  // Own properties only: a polluted Object.prototype must not supply a step, cwd or visible set.
  const own = (key: string): unknown => (hasOwn(context, key) ? context[key] : undefined);
  const [grant, step, cwd, visible] = [own('grant'), own('step'), own('cwd'), own('visible')];
  const compiledGrant = compiledGrantOf(grant);
  if (compiledGrant === undefined) {
    return {
      pointer: '/grant',
      message: 'the grant was not made by createGrant; pass createGrant(spec)',
    };
  }
  if (step !== undefined && !isStep(step)) {
    return { pointer: '/step', message: 'a step is { name: string, tools: string[] }' };
  }
  if (cwd !== undefined && typeof cwd !== 'string') {
    return { pointer: '/cwd', message: 'cwd must be an absolute path string' };
  }
  if (visible !== undefined && !isVisible(visible)) {
    return { pointer: '/visible', message: 'visible must be a Set or list of tool names' };
  }
  const approval = own('approval');
  if (approval !== undefined && typeof approval !== 'string') {
    return { pointer: '/approval', message: 'approval must be a token string from approveCall' };
  }
  const used: unknown = hasOwn(context, USED_APPROVALS)
    ? (context as Record<PropertyKey, unknown>)[USED_APPROVALS]
    : undefined;
  const usedHas: unknown =
    typeof used === 'object' && used !== null ? (used as { has?: unknown }).has : undefined;
  if (used !== undefined && typeof usedHas !== 'function') {
    return { pointer: '', message: "the run's used approvals cannot be read" };
  }
  const touched = readTouched(own('touched'));
  if (touched === false) {
    return {
      pointer: '/touched',
      message:
        'touched must be a list of { label, ref, value, turn?, callIndex? }, as a run passes it',
    };
  }
  const readings = readToolReadings(context);
  if (readings === false) {
    return { pointer: '', message: "the tools' readings of the arguments cannot be read" };
  }
  return {
    grant: grant as CheckContext['grant'],
    compiledGrant,
    step,
    cwd,
    visible: visible as CheckContext['visible'],
    approval,
    usedApprovals: used as UsedApprovals | undefined,
    readings,
    touched,
  };
}

/** The labels a run touched, copied once (own properties only) and frozen; `false` when malformed. */
function readTouched(value: unknown): readonly TouchedLabel[] | undefined | false {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) return false;
  const copied: TouchedLabel[] = [];
  for (const item of value as unknown[]) {
    if (!isPlainObject(item)) return false;
    const field = (key: string): unknown => (hasOwn(item, key) ? item[key] : undefined);
    const [label, ref, found, turn, callIndex] = [
      field('label'),
      field('ref'),
      field('value'),
      field('turn'),
      field('callIndex'),
    ];
    if (typeof label !== 'string' || typeof ref !== 'string' || typeof found !== 'string')
      return false;
    if (turn !== undefined && !Number.isSafeInteger(turn)) return false;
    if (callIndex !== undefined && !Number.isSafeInteger(callIndex)) return false;
    copied.push(
      Object.freeze({
        label,
        ref,
        value: found,
        ...(turn === undefined ? {} : { turn: turn as number }),
        ...(callIndex === undefined ? {} : { callIndex: callIndex as number }),
      }),
    );
  }
  return Object.freeze(copied);
}

function isStep(value: unknown): value is Step {
  return (
    isPlainObject(value) &&
    hasOwn(value, 'name') &&
    typeof value.name === 'string' &&
    hasOwn(value, 'tools') &&
    Array.isArray(value.tools) &&
    (value.tools as unknown[]).every((tool) => typeof tool === 'string')
  );
}

function isVisible(value: unknown): boolean {
  if (!(value instanceof Set) && !Array.isArray(value)) return false;
  for (const item of value as Iterable<unknown>) if (typeof item !== 'string') return false;
  return true;
}
