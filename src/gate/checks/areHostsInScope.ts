import { describeValue } from '../../data/describeValue.js';
import { formatHostAndPort, parseHostResource, parseUrlHost } from '../../scope/host/index.js';
import { pass, type Check } from '../Check.js';
import { collectResourceValues } from '../collectResourceValues.js';

/**
 * Is every host the call reaches inside the granted network scope? First the
 * tool's own `network` patterns, each as a pattern inside the scope; then
 * every `url` and `host` resource value, in declaration order.
 */
export const areHostsInScope: Check = (call, ctx) => {
  const tool = ctx.tool;
  // INVARIANT: dispatch.grant refused a call with no tool; refuse again rather than pass.
  if (tool === undefined) return { code: 'not_granted', ref: call.ref };
  const scope = ctx.compiledGrant.hosts;
  for (const pattern of tool.networkPatterns) {
    if (!scope.containsPattern(pattern)) {
      return {
        code: 'network_out_of_scope',
        host: pattern.text,
        details: [
          {
            pointer: '',
            message: `${call.ref} itself reaches ${pattern.text}, which no granted pattern contains`,
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
        return {
          code: 'network_out_of_scope',
          host: shown,
          details: [{ pointer, message: `no granted host pattern covers ${shown}` }],
        };
      }
    }
  }
  return pass;
};
