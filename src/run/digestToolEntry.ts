import { toolDigest } from '../registry/toolDigest.js';
import type { ToolEntry } from '../registry/types.js';

/**
 * The stable digest of a tool's definition as registered (SPEC §13):
 * `sha256:` and the SHA-256 of the RFC 8785 canonical JSON of its
 * definition. The same definition gives the same digest in any process and
 * any registry, whatever order its keys were written in; any change to it
 * (description, schema, resources, …) gives another. Registry flags such as
 * `builtIn` and `grantable` are not part of it. This is the digest a grant
 * pins (`NAME@VERSION#sha256:…`) and `inventory()` rows show.
 *
 * // fs-read@1 as built in => sha256:<64 hex digits>
 */
export function digestToolEntry(entry: ToolEntry): string {
  return toolDigest(entry);
}
