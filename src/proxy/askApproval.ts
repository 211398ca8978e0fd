import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import { approveCall } from '../gate/approveCall.js';
import type { ApprovalRequest } from '../gate/types.js';

/** The form a person answers: one boolean, `approve`. */
const APPROVE_FORM = {
  type: 'object' as const,
  properties: {
    approve: {
      type: 'boolean' as const,
      title: 'Approve this exact call',
      description: 'true runs the call once with exactly these arguments; anything else refuses it',
    },
  },
  required: ['approve'],
};

/**
 * Asks the person behind an MCP client, through elicitation, to approve one
 * exact call (SPEC §12 "Approvals", §14.4): `message` is what the person
 * reads (see `formatApprovalMessage`: the ref and resource values first,
 * escaped, at most 2,000 characters, the arguments' digest last). Resolves
 * the token `approveCall` makes under `key` only when the answer is `accept`
 * with `approve: true`; a client without elicitation, a decline, a cancel,
 * `approve: false`, any other content or an error resolve `undefined`
 * (the call is then refused). Never rejects.
 *
 * // accept { approve: true } => 'hmac-sha256:…'; decline => undefined
 */
export async function askApproval(
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- the low-level Server, as createProxy says
  server: Server,
  approval: ApprovalRequest,
  message: string,
  key: Uint8Array,
  request: { readonly signal: AbortSignal; readonly requestId: RequestId },
): Promise<string | undefined> {
  if (server.getClientCapabilities()?.elicitation === undefined) return undefined;
  try {
    const answer = await server.elicitInput(
      {
        mode: 'form',
        message,
        requestedSchema: APPROVE_FORM,
      },
      // On the tools/call's own stream (Streamable HTTP), cancelled with it.
      { signal: request.signal, relatedRequestId: request.requestId },
    );
    const content: unknown = answer.content;
    const approved =
      answer.action === 'accept' &&
      typeof content === 'object' &&
      content !== null &&
      Object.hasOwn(content, 'approve') &&
      (content as { approve: unknown }).approve === true;
    return approved ? approveCall(approval, key) : undefined;
  } catch {
    return undefined;
  }
}
