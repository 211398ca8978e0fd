import type { RealpathFs } from './RealpathFs.js';

interface ProcessWithBuiltins {
  readonly getBuiltinModule?: (id: string) => unknown;
}

/**
 * Which `node:fs` does this runtime offer, if any?
 *
 * Fetched lazily through `process.getBuiltinModule` (Node >= 20.16) instead
 * of a static import, so importing toolgate stays platform-neutral. Returns
 * undefined when there is no such module, which the adapter turns into a refusal.
 */
export function loadNodeFs(): RealpathFs | undefined {
  const runtime = (globalThis as { readonly process?: ProcessWithBuiltins }).process;
  const fs = runtime?.getBuiltinModule?.('node:fs');
  return isRealpathFs(fs) ? fs : undefined;
}

function isRealpathFs(value: unknown): value is RealpathFs {
  if (typeof value !== 'object' || value === null) return false;
  if (!('lstatSync' in value) || typeof value.lstatSync !== 'function') return false;
  if (!('realpathSync' in value) || typeof value.realpathSync !== 'function') return false;
  return 'native' in value.realpathSync && typeof value.realpathSync.native === 'function';
}
