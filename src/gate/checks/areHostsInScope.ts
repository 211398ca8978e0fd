import { describeValue } from '../../data/describeValue.js';
import {
  formatHostAndPort,
  parseHostResource,
  parseUrlHost,
  type CanonicalHost,
} from '../../scope/host/index.js';
import { isPrivateHost } from '../../scope/host/isPrivateHost.js';
import { pass, type Check } from '../Check.js';
import { collectResourceValues } from '../collectResourceValues.js';

/**
 * Is every host the call reaches inside the granted network scope? First the
 * tool's own `network` patterns, each as a pattern inside the scope and
 * sharing no host with a deny entry; then every `url` and `host` resource
 * value, in declaration order. A refusal by a deny entry names it in its
 * details (`entry`, SPEC §5 rev 2).
 */
export const areHostsInScope: Check = (call, ctx) => {
  const tool = ctx.tool;
  // INVARIANT: dispatch.grant refused a call with no tool; refuse again rather than pass.
  if (tool === undefined) return { code: 'not_granted', ref: call.ref };
  const scope = ctx.compiledGrant.hosts;
  for (const pattern of tool.networkPatterns) {
    if (!scope.containsPattern(pattern)) {
      // Only on the refusal path: which deny entry, if any, took part of the tool's reach away.
      const deny = scope.findDenyOverlapping(pattern);
      return {
        code: 'network_out_of_scope',
        host: pattern.text,
        details: [
          deny === undefined
            ? {
                pointer: '',
                message: `${call.ref} itself reaches ${pattern.text}, which no granted pattern contains`,
              }
            : {
                pointer: '',
                message: `${call.ref} itself reaches ${pattern.text}, which shares hosts with the deny entry !${deny.text}`,
                entry: `!${deny.text}`,
              },
        ],
      };
    }
  }
  for (const resource of tool.networkResources) {
    const found = collectResourceValues(resource.segments, call.arguments, resource.written);
    if ('problem' in found) {
      return {
        code: 'network_out_of_scope',
        host: describeValue(found.value),
        details: [found.problem],
      };
    }
    for (const { pointer, value } of found.values) {
      const parsed = resource.spec.kind === 'url' ? parseUrlHost(value) : parseHostResource(value);
      if (!parsed.ok) {
        return {
          code: 'network_out_of_scope',
          host: describeValue(value),
          details: [{ pointer, message: parsed.problem }],
        };
      }
      const { host, port } = parsed.value;
      if (!scope.matches(host, port)) {
        const shown = formatHostAndPort(host, port);
        const deny = scope.findDeny(host, port);
        return {
          code: 'network_out_of_scope',
          host: shown,
          details: [
            deny === undefined
              ? { pointer, message: `no granted host pattern covers ${shown}${privateHint(host)}` }
              : {
                  pointer,
                  message: `the deny entry !${deny.text} refuses ${shown}`,
                  entry: `!${deny.text}`,
                },
          ],
        };
      }
    }
  }
  return pass;
};

/** Why `*` did not help: a private host needs a pattern that names it (SPEC §6.2 rev 2). */
function privateHint(host: CanonicalHost): string {
  return isPrivateHost(host)
    ? '; it is a private address, which * never covers: name it, or a CIDR range that holds it'
    : '';
}
