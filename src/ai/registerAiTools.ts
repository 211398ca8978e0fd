import { asSchema } from 'ai';
import { canonicalJson } from '../data/canonicalJson.js';
import { hasOwn } from '../data/hasOwn.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import { parseToolRef } from '../registry/parseToolRef.js';
import type { Registry, ToolEntry } from '../registry/types.js';
import type { AiToolScopes, AiToolsByRef } from './types.js';

/**
 * Registers AI SDK tools, keyed by ref, so the gate can check calls to them:
 * kind `ai-sdk`, the tool's description (its name when it has none) and its
 * input schema as JSON Schema (zod and other schemas are converted by the
 * AI SDK's `asSchema`). `scopes` adds what the AI SDK does not say: where
 * the arguments name paths, URLs, hosts or secrets. A ref already
 * registered with the same description and schema is left as it is, so
 * this may run for every request; another definition under the ref throws
 * `ToolgateError` (`duplicate_tool`). Registering grants nothing.
 *
 * // await registerAiTools(registry, { 'files/read@1': readTool }, { 'files/read@1': { resources: [{ kind: 'path', at: '/path', access: 'read' }] } })
 */
export async function registerAiTools(
  registry: Registry,
  tools: AiToolsByRef,
  scopes: Readonly<Record<string, AiToolScopes>> = {},
): Promise<readonly ToolEntry[]> {
  const entries: ToolEntry[] = [];
  for (const [ref, tool] of Object.entries(tools)) {
    const { name, version } = parseToolRef(ref);
    const inputSchema = (await Promise.resolve(asSchema(tool.inputSchema).jsonSchema)) as Record<
      string,
      unknown
    >;
    const description =
      tool.description !== undefined && tool.description.trim() !== '' ? tool.description : name;
    const extra = hasOwn(scopes, ref) ? scopes[ref] : undefined;
    const known = registry.resolve(ref);
    if (known === undefined) {
      entries.push(
        registry.register({ name, version, kind: 'ai-sdk', description, inputSchema, ...extra }),
      );
    } else if (
      known.description === description &&
      canonicalJson(known.inputSchema) === canonicalJson(inputSchema)
    ) {
      entries.push(known);
    } else {
      throw new ToolgateError(
        'duplicate_tool',
        `${ref} is already registered with another description or input schema; give the new tool another version`,
      );
    }
  }
  return Object.freeze(entries);
}
