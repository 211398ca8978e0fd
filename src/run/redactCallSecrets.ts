import type { AuthorizedCall } from '../gate/types.js';
import { parseResourcePointer } from '../registry/parseResourcePointer.js';
import type { ToolEntry } from '../registry/types.js';
import { rewriteAtPointer } from './rewriteAtPointer.js';

/** What a secret value is recorded as. */
export const REDACTED = '[redacted]';

/**
 * The call as a record may hold it: every value at one of the tool's
 * `secret` resources that `keep` rejects becomes `"[redacted]"`. When
 * anything was redacted, `rawArguments` is left out too, since it repeats
 * the value verbatim. A call whose entry is unknown keeps no arguments at
 * all (fail closed: its secret pointers cannot be known).
 *
 * // vault/use@1 { secret: 'ghp_123' }, keep granted names => { secret: '[redacted]' }
 * // vault/use@1 { secret: 'APP_KEY' }, APP_KEY granted    => the call itself
 */
export function redactCallSecrets(
  call: AuthorizedCall,
  entry: ToolEntry | undefined,
  keep: (value: unknown) => boolean,
): AuthorizedCall {
  const { tool, version, ref, shape } = call;
  if (entry === undefined)
    return Object.freeze({ tool, version, ref, shape, arguments: Object.freeze({}) });
  let args: unknown = call.arguments;
  for (const resource of entry.resources) {
    if (resource.kind !== 'secret') continue;
    const pointer = parseResourcePointer(resource.at);
    // INVARIANT: every resource pointer of a registered entry parsed at registration.
    if (!pointer.ok) continue;
    args = rewriteAtPointer(args, pointer.value, (found) => (keep(found) ? found : REDACTED));
  }
  if (args === call.arguments) return call;
  return Object.freeze({
    tool,
    version,
    ref,
    shape,
    arguments: args as AuthorizedCall['arguments'],
  });
}
