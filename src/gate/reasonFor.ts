import { describeValue } from '../data/describeValue.js';
import type { RefusalFacts } from './refusalFacts.js';

/**
 * The reason text for a refusal, in SPEC.md's exact words. Untrusted values
 * (names, hosts, paths) are shown short and with control characters escaped.
 */
export function reasonFor(facts: RefusalFacts): string {
  switch (facts.code) {
    case 'malformed_proposal':
      return `the proposal is malformed: ${facts.why}`;
    case 'not_granted':
      return `the proposed tool ${describeValue(facts.ref)} is not granted to this run or is no longer registered`;
    case 'hidden_tool':
      return `the tool ${describeValue(facts.name)} is hidden from this agent`;
    case 'bad_arguments':
      return `the arguments for ${facts.ref} do not match its inputSchema`;
    case 'unknown_tool':
      return `the tool ${describeValue(facts.name)} is unknown to step ${describeValue(facts.step)}`;
    case 'unsupported_shape':
      return `${facts.ref} does not support the call shape "${describeValue(facts.shape)}"`;
    case 'network_out_of_scope':
      return `the host ${describeValue(facts.host)} is outside the granted network scope`;
    case 'folder_out_of_scope':
      return `the path ${describeValue(facts.path)} is outside the granted folder scope`;
    case 'secret_out_of_scope':
      return `the secret ${describeValue(facts.secret)} is outside the granted secret scope`;
    case 'check_failed':
      return `the check ${facts.check} failed, so the call is refused`;
    case 'check_refused':
      return facts.reason;
    case 'too_many_calls':
      return `the turn proposes ${facts.calls} calls; at most ${facts.max} are allowed in one turn`;
    case 'approval_required':
      return `${facts.ref} needs an approval for these exact arguments`;
    case 'approval_reused':
      return 'this approval was already used in this run';
    case 'flow_denied':
      return `this run touched ${facts.after}, so ${describeValue(facts.ref)} may not touch ${facts.label}`;
  }
}
