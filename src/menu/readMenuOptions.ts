import { isPlainObject } from '../data/isPlainObject.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import { compiledGrantOf } from '../grant/compiledGrant.js';
import { compiledToolsOf } from '../registry/registryInternals.js';
import type { MenuOptions } from './types.js';

const KEYS = new Set(['registry', 'grant', 'step', 'visible']);

/**
 * Checks the options of `renderMenu` and the provider lists, and returns
 * them. Throws `ToolgateError`: `invalid_grant` for a grant not made by
 * `createGrant`, `invalid_option` for anything else. `what` names the caller
 * in the message.
 *
 * A frozen grant and a registry whose revision counts every change are what
 * make the menu cache safe, so nothing else is accepted.
 */
export function readMenuOptions(options: unknown, what: string): MenuOptions {
  if (!isPlainObject(options)) {
    throw new ToolgateError(
      'invalid_option',
      `${what} needs an options object { registry, grant, step?, visible? }`,
    );
  }
  for (const key of Object.keys(options)) {
    if (!KEYS.has(key)) {
      throw new ToolgateError(
        'invalid_option',
        `${what} has no option ${JSON.stringify(key)}; the options are registry, grant, step, visible`,
      );
    }
  }
  const { registry, grant, step, visible } = options;
  if (compiledToolsOf(registry) === undefined) {
    throw new ToolgateError(
      'invalid_option',
      `${what} needs { registry } made by createRegistry()`,
    );
  }
  if (compiledGrantOf(grant) === undefined) {
    throw new ToolgateError('invalid_grant', `${what} needs { grant } made by createGrant(spec)`);
  }
  if (step !== undefined && !isMenuStep(step)) {
    throw new ToolgateError(
      'invalid_option',
      `${what}: a step is { name: string, tools: string[] }`,
    );
  }
  if (visible !== undefined && !isNameList(visible)) {
    throw new ToolgateError(
      'invalid_option',
      `${what}: visible must be a Set or list of tool names`,
    );
  }
  return options as unknown as MenuOptions;
}

function isMenuStep(value: unknown): boolean {
  return isPlainObject(value) && typeof value.name === 'string' && isNameList(value.tools, false);
}

function isNameList(value: unknown, setAllowed = true): boolean {
  if (!Array.isArray(value) && !(setAllowed && value instanceof Set)) return false;
  for (const item of value as Iterable<unknown>) if (typeof item !== 'string') return false;
  return true;
}
