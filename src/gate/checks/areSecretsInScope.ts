import { describeValue } from '../../data/describeValue.js';
import { isSecretName } from '../../scope/secret/index.js';
import { pass, type Check } from '../Check.js';
import { collectResourceValues } from '../collectResourceValues.js';
import type { RefusalDetail } from '../types.js';

/**
 * Is every secret the call needs inside the granted secret scope? Both the
 * secrets the tool itself is configured with and every `secret` resource value.
 */
export const areSecretsInScope: Check = (call, ctx) => {
  const tool = ctx.tool;
  // INVARIANT: dispatch.grant refused a call with no tool; refuse again rather than pass.
  if (tool === undefined) return { code: 'not_granted', ref: call.ref };
  const scope = ctx.compiledGrant.secrets;
  for (const secret of tool.entry.secrets) {
    if (!scope.matches(secret)) {
      const message = `${call.ref} itself is configured with this secret`;
      return {
        code: 'secret_out_of_scope',
        secret,
        details: [withDeny({ pointer: '', message }, scope.deniedBy(secret))],
      };
    }
  }
  for (const resource of tool.secretResources) {
    const found = collectResourceValues(resource.segments, call.arguments, resource.written);
    if ('problem' in found) {
      return {
        code: 'secret_out_of_scope',
        secret: describeValue(found.value),
        details: [found.problem],
      };
    }
    for (const { pointer, value } of found.values) {
      if (!isSecretName(value)) {
        const message = 'a secret name is 1–128 letters, digits, "_", "." or "-"';
        return {
          code: 'secret_out_of_scope',
          secret: describeValue(value),
          details: [{ pointer, message }],
        };
      }
      if (!scope.matches(value)) {
        const message = 'no granted secret entry covers it';
        return {
          code: 'secret_out_of_scope',
          secret: value,
          details: [withDeny({ pointer, message }, scope.deniedBy(value))],
        };
      }
    }
  }
  return pass;
};

/** A detail naming the deny entry that took the secret away, when one did. */
function withDeny(detail: RefusalDetail, entry: string | undefined): RefusalDetail {
  return entry === undefined
    ? detail
    : { pointer: detail.pointer, message: `the deny entry ${entry} takes it away`, entry };
}
