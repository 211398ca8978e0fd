import type { Step } from '../gate/types.js';
import type { Grant } from '../grant/types.js';
import type { Registry } from '../registry/types.js';
import { isNameVisible } from '../scope/visible/isNameVisible.js';

/** What the gateway's `tools/list` is made from. */
export interface GatewayView {
  readonly registry: Registry;
  readonly grant: Grant;
  readonly visible: ReadonlySet<string> | readonly string[] | undefined;
  readonly step: Step | undefined;
}

/**
 * Would the gateway list this ref? Granted, its name visible and in the
 * step, and held by the registry as grantable. The list and every call ask
 * this same question, so a call can never reach a tool the list hid.
 *
 * // (grant [w/forecast@7], visible [w/alerts]) , 'w/forecast@7' => false
 */
export function isGatewayListed(view: GatewayView, ref: string): boolean {
  if (!view.grant.tools.includes(ref)) return false;
  const name = ref.slice(0, ref.lastIndexOf('@'));
  if (view.step !== undefined && !view.step.tools.includes(name)) return false;
  if (!isNameVisible(name, view.visible)) return false;
  return view.registry.resolve(ref)?.grantable === true;
}
