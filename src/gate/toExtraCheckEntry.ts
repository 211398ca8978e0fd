import { hasOwn } from '../data/hasOwn.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import type { PipelineEntry } from './pipeline.js';
import type { AuthorizedCall, ExtraCheck } from './types.js';

/** Ids that name built-in checks; an extra check may not pose as one. */
const RESERVED_PREFIXES = ['proposal.', 'dispatch.', 'gate.'];

/** Turns an extra check into a pipeline entry: only `{ ok: true }` passes. */
export function toExtraCheckEntry(extra: ExtraCheck, index: number): PipelineEntry {
  if (
    !isPlainObject(extra) ||
    typeof extra.id !== 'string' ||
    extra.id === '' ||
    typeof extra.check !== 'function'
  ) {
    throw new ToolgateError(
      'invalid_option',
      `checks[${index}] must be { id: string, check: (call, ctx) => verdict }`,
    );
  }
  if (RESERVED_PREFIXES.some((prefix) => extra.id.startsWith(prefix))) {
    throw new ToolgateError(
      'invalid_option',
      `checks[${index}].id ${JSON.stringify(extra.id)} must not start with ${RESERVED_PREFIXES.join(', ')}: those name built-in checks`,
    );
  }
  const { id, check } = extra;
  return {
    id,
    check: (call, ctx) => {
      // INVARIANT: extra checks run after dispatch.grant, which refused a call with no tool.
      if (ctx.tool === undefined) return { code: 'not_granted', ref: call.ref };
      const { grant, step, cwd, visible } = ctx;
      const verdict: unknown = check(call as AuthorizedCall, {
        grant,
        entry: ctx.tool.entry,
        ...(step === undefined ? {} : { step }),
        ...(cwd === undefined ? {} : { cwd }),
        ...(visible === undefined ? {} : { visible }),
      });
      // Own properties only: { } must not pass because a polluted prototype says ok: true.
      const ok = isPlainObject(verdict) && hasOwn(verdict, 'ok') ? verdict.ok : undefined;
      const reason =
        isPlainObject(verdict) && hasOwn(verdict, 'reason') ? verdict.reason : undefined;
      if (ok === true) return undefined;
      if (ok === false && typeof reason === 'string' && reason !== '')
        return { code: 'check_refused', reason };
      return {
        code: 'check_failed',
        check: id,
        details: [
          {
            pointer: '',
            message: 'the check returned neither { ok: true } nor { ok: false, reason }',
          },
        ],
      };
    },
  };
}
