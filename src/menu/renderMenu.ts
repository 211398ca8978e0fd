import type { Grant } from '../grant/types.js';
import type { Registry } from '../registry/types.js';
import { readMenuOptions } from './readMenuOptions.js';
import { renderMenuEntry } from './renderMenuEntry.js';
import { selectMenuTools } from './selectMenuTools.js';
import type { MenuOptions, MenuStep } from './types.js';

/** The line that opens a non-empty menu. */
export const MENU_HEADER = 'You can call the following tools:';

/** Views (step and visible) kept per grant and registry revision; more clear the slot. */
const MAX_VIEWS = 64;

/** Rendered menus: per registry, per grant, for one registry revision, per view. */
const cache = new WeakMap<
  Registry,
  WeakMap<Grant, { revision: number; views: Map<string, string> }>
>();

/**
 * Renders the granted-tool menu for a prompt (SPEC §8): only granted tools,
 * narrowed by the step's tools and by `visible`, in grant order, entries
 * separated by one blank line; `''` when no tool is left to list.
 *
 * The menu is advisory: it authorizes nothing, the gate still checks every
 * call. It is cached per (grant, registry revision, step, visible), so a
 * runtime can render it every turn for free.
 * Throws `ToolgateError` for options not made by `createRegistry` / `createGrant`.
 *
 * // renderMenu({ registry, grant })            => 'You can call the following tools:\nname: slack/search\n…'
 * // renderMenu({ registry, grant: noTools })   => ''
 */
export function renderMenu(options: MenuOptions): string {
  const { registry, grant, step, visible } = readMenuOptions(options, 'renderMenu');
  // INVARIANT: the grant is deeply frozen and every registry change bumps its
  // revision, so (registry, grant, revision, view) fixes the text.
  const revision = registry.revision();
  let byGrant = cache.get(registry);
  if (byGrant === undefined) cache.set(registry, (byGrant = new WeakMap()));
  let slot = byGrant.get(grant);
  if (slot === undefined || slot.revision !== revision)
    byGrant.set(grant, (slot = { revision, views: new Map() }));
  const key = viewKey(step, visible);
  const cached = slot.views.get(key);
  if (cached !== undefined) return cached;
  const entries = selectMenuTools(options).map(renderMenuEntry);
  const text = entries.length === 0 ? '' : `${MENU_HEADER}\n${entries.join('\n\n')}`;
  if (slot.views.size >= MAX_VIEWS) slot.views.clear();
  slot.views.set(key, text);
  return text;
}

/** The view's contents as a key: steps and visible sets are read afresh, so changing one is never stale. */
function viewKey(
  step: MenuStep | undefined,
  visible: ReadonlySet<string> | readonly string[] | undefined,
): string {
  return JSON.stringify([
    step === undefined ? null : [step.name, step.tools],
    visible === undefined ? null : [...visible],
  ]);
}
