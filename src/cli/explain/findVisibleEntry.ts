import { isNameVisible } from '../../scope/visible/isNameVisible.js';

/**
 * Which entry of an agent's `visible` list shows this tool name? The exact
 * name first, then the longest `prefix/*`, then `*`: the entry an
 * explanation names. `undefined` when none does.
 *
 * // ('github/api', ['*', 'github/*', 'github/api']) => { index: 2, entry: 'github/api' }
 */
export function findVisibleEntry(
  name: string,
  visible: readonly string[],
): { readonly index: number; readonly entry: string } | undefined {
  let best: { index: number; entry: string } | undefined;
  visible.forEach((entry, index) => {
    if (!isNameVisible(name, [entry])) return;
    const rank = (text: string) => (text === name ? Infinity : text.length);
    if (best === undefined || rank(entry) > rank(best.entry)) best = { index, entry };
  });
  return best;
}
