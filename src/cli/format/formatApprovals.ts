import type { ApprovalRequest } from '../../gate/types.js';
import { printable } from './printable.js';

/**
 * What `toolgate check --approve` shows before the decision: one block per
 * call that needs a person's approval, with the exact argument text and the
 * digest the approval binds. Empty when nothing was asked. Untrusted text
 * is escaped: a newline in raw arguments is shown as `\n`, so it cannot forge a line.
 *
 * // APPROVAL NEEDED for call 0: fs-write@1
 * //   arguments  {"content":"x","path":"notes.md"}
 * //   digest     sha256:…
 */
export function formatApprovals(
  approvals: readonly (ApprovalRequest & { readonly callIndex: number })[],
): string {
  return approvals
    .map(
      (approval) =>
        `APPROVAL NEEDED for call ${approval.callIndex}: ${printable(approval.ref)}\n` +
        `  arguments  ${printable(approval.arguments.replace(/\n/g, '\\n'))}\n` +
        `  digest     ${approval.digest}\n` +
        '  (decided below as if a person approved it)\n',
    )
    .join('');
}
