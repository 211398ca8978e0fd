import { canonicalJson } from '../data/canonicalJson.js';
import { sha256Hex } from '../data/sha256Hex.js';
import { toolDigest } from '../registry/toolDigest.js';
import type { ToolEntry } from '../registry/types.js';
import type { ProposedCall } from './decodeTurn.js';
import type { ApprovalRequest } from './types.js';

/**
 * What a person approves for one call (SPEC §5, §13 rev 2): the ref, the
 * argument text the tool receives (`rawArguments` when the call has it,
 * else the canonical JSON of its arguments), and the digest binding both to
 * the exact tool definition: `sha256:` + SHA-256 of the canonical JSON of
 * `{ ref, tool: <the entry's digest>, arguments }`.
 *
 * // fs-write@1 {"path":"/w/a","content":"x"} => { digest: 'sha256:…', ref: 'fs-write@1', arguments: '{"content":"x","path":"/w/a"}' }
 */
export function describeApproval(call: ProposedCall, entry: ToolEntry): ApprovalRequest {
  const text = call.rawArguments ?? canonicalJson(call.arguments);
  const digest = `sha256:${sha256Hex(canonicalJson({ ref: call.ref, tool: toolDigest(entry), arguments: text }))}`;
  return Object.freeze({ digest, ref: call.ref, arguments: text });
}
