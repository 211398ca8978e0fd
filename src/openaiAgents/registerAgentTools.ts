import { canonicalJson } from '../data/canonicalJson.js';
import { hasOwn } from '../data/hasOwn.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import { parseToolRef } from '../registry/parseToolRef.js';
import type { Registry, ToolEntry } from '../registry/types.js';
import type { AgentScopesByRef, AgentToolsByRef } from './types.js';

/**
 * Registers OpenAI Agents SDK function tools, keyed by ref, so the gate can
 * check calls to them: kind `openai-agents`, the tool's description (its
 * name when it has none) and its `parameters` JSON Schema (the SDK already
 * converted a zod schema). `scopes` adds what the SDK does not say: where
 * the arguments name paths, URLs, hosts or secrets. A ref already
 * registered with the same description and schema is left as it is; another
 * definition under the ref throws `ToolgateError` (`duplicate_tool`).
 * Registering grants nothing.
 *
 * // registerAgentTools(registry, { 'files/read@1': readFile }, { 'files/read@1': { resources: [{ kind: 'path', at: '/path', access: 'read' }] } })
 */
export function registerAgentTools(
  registry: Registry,
  tools: AgentToolsByRef,
  scopes: AgentScopesByRef = {},
): readonly ToolEntry[] {
  const entries: ToolEntry[] = [];
  for (const [ref, tool] of Object.entries(tools)) {
    const { name, version } = parseToolRef(ref);
    const inputSchema = tool.parameters as Record<string, unknown>;
    const description = tool.description.trim() !== '' ? tool.description : name;
    const extra = hasOwn(scopes, ref) ? scopes[ref] : undefined;
    const known = registry.resolve(ref);
    if (known === undefined) {
      entries.push(
        registry.register({
          name,
          version,
          kind: 'openai-agents',
          description,
          inputSchema,
          ...extra,
        }),
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
