import type { KortixManifest, KortixToolsLsJson } from './types.js';

/**
 * `kortix tools ls --json`: `{ manifest, tools_key, tools: [{ name, kind,
 * source }], removed }`. `manifest` is the root file's path, `tools_key`
 * whether any file has a top-level `tools:` key.
 *
 * // => { manifest: 'kortix.yaml', tools_key: true,
 * //      tools: [{ name: 'memory', kind: 'kortix', source: 'kortix:memory' }], removed: ['web_search', …] }
 */
export function toolsLsJson(manifest: KortixManifest): KortixToolsLsJson {
  return {
    manifest: manifest.path,
    tools_key: manifest.toolsKey,
    tools: manifest.tools.map(({ name, kind, source }) => ({ name, kind, source })),
    removed: [...manifest.removed],
  };
}
