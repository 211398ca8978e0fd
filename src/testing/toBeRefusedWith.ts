import type { RefusalCode } from '../gate/types.js';
import { describeVerdict, readVerdict } from './readVerdict.js';
import type { MatcherResult } from './types.js';

/**
 * `expect(decision).toBeRefusedWith(code, { callIndex? })`: passes when the
 * decision is a refusal with this code (and, when given, for this call of
 * the turn); on failure it shows the refusal there was, if any.
 */
export function toBeRefusedWith(
  this: { readonly isNot: boolean },
  received: unknown,
  code: RefusalCode,
  options: { readonly callIndex?: number } = {},
): MatcherResult {
  const verdict = readVerdict(received);
  const wanted = `${code}${options.callIndex === undefined ? '' : ` (call ${options.callIndex})`}`;
  const pass =
    verdict.kind === 'refused' &&
    verdict.refusal.code === code &&
    (options.callIndex === undefined || verdict.refusal.callIndex === options.callIndex);
  return {
    pass,
    message: () =>
      this.isNot
        ? `expected the decision not to be refused with ${wanted}, but it was ${describeVerdict(verdict)}`
        : `expected the decision to be refused with ${wanted}, but it was ${describeVerdict(verdict)}`,
    actual:
      verdict.kind === 'refused'
        ? { code: verdict.refusal.code, callIndex: verdict.refusal.callIndex }
        : verdict.kind,
    expected: { code, callIndex: options.callIndex },
  };
}
