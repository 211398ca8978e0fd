import { readMenuOptions } from '../menu/readMenuOptions.js';
import { selectMenuTools } from '../menu/selectMenuTools.js';
import type { MenuOptions } from '../menu/types.js';
import { buildProviderNames } from './buildProviderNames.js';
import type { ToolInputSchema } from './types.js';

/** One tool as every provider list needs it. */
export interface ProviderToolSource {
  /** The provider-safe name (`slack__search_v1`). */
  readonly name: string;
  /** The exact toolgate ref (`slack/search@1`). */
  readonly ref: string;
  readonly description: string;
  /** A fresh, unfrozen copy: the caller may hand it to code that changes it. */
  readonly schema: ToolInputSchema;
}

/**
 * Collects the tools a provider list shows: the same set, in the same order,
 * as the menu (granted ∩ step ∩ visible), each with its provider name. A
 * granted tool the registry cannot resolve is listed too, as the menu lists
 * it, with a description saying so and an any-object schema; the gate
 * refuses a call to it until it is registered. Each schema is a fresh deep
 * copy of the registered (frozen) one.
 * Throws `ToolgateError` for bad options or provider-name collisions.
 */
export function collectProviderTools(options: MenuOptions, what: string): ProviderToolSource[] {
  const read = readMenuOptions(options, what);
  const names = buildProviderNames(read.grant);
  return selectMenuTools(read).map((tool): ProviderToolSource => {
    // INVARIANT: buildProviderNames named every ref of the grant, or threw.
    const name = names.byRef.get(tool.ref) ?? '';
    return tool.entry === undefined
      ? {
          name,
          ref: tool.ref,
          description: `Granted as ${tool.ref}; its definition is not available now.`,
          schema: { type: 'object' },
        }
      : {
          name,
          ref: tool.ref,
          description: tool.entry.description,
          // INVARIANT: the registry accepts only plain JSON schemas with type "object" (SPEC §4).
          schema: structuredClone(tool.entry.inputSchema) as ToolInputSchema,
        };
  });
}
