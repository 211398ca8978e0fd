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

/** How an elicitation ended: a yes (with its token), any other answer, or no answer at all. */
export type ElicitedAnswer =
  | { readonly kind: 'approved'; readonly token: string }
  | { readonly kind: 'refused' }
  | { readonly kind: 'failed' };

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
  const answer = await elicitApproval(server, approval, message, key, request);
  return answer.kind === 'approved' ? answer.token : undefined;
}

/**
 * `askApproval`, telling an answer from none: `refused` for a decline, a
 * cancel or any content but `approve: true`; `failed` when the client has
 * no elicitation or the request errs or is cancelled (no person answered).
 * `--approvals both` waits on for the local answer after `failed`. Never
 * rejects.
 *
 * // decline => { kind: 'refused' }; the client throws => { kind: 'failed' }
 */
export async function elicitApproval(
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- the low-level Server, as createProxy says
  server: Server,
  approval: ApprovalRequest,
  message: string,
  key: Uint8Array,
  request: { readonly signal: AbortSignal; readonly requestId: RequestId },
): Promise<ElicitedAnswer> {
  if (server.getClientCapabilities()?.elicitation === undefined) return { kind: 'failed' };
  let answer: Awaited<ReturnType<typeof server.elicitInput>>;
  try {
    answer = await server.elicitInput(
      {
        mode: 'form',
        message,
        requestedSchema: APPROVE_FORM,
      },
      // On the tools/call's own stream (Streamable HTTP), cancelled with it.
      { signal: request.signal, relatedRequestId: request.requestId },
    );
  } catch {
    return { kind: 'failed' };
  }
  const content: unknown = answer.content;
  const approved =
    answer.action === 'accept' &&
    typeof content === 'object' &&
    content !== null &&
    Object.hasOwn(content, 'approve') &&
    (content as { approve: unknown }).approve === true;
  if (!approved) return { kind: 'refused' };
  try {
    return { kind: 'approved', token: approveCall(approval, key) };
  } catch {
    // Fail closed: a yes that cannot be signed approves nothing.
    return { kind: 'refused' };
  }
}
