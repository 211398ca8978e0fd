import { readMenuOptions } from '../menu/readMenuOptions.js';
import { selectMenuTools } from '../menu/selectMenuTools.js';
import type { MenuOptions } from '../menu/types.js';
import { buildProviderNames } from './buildProviderNames.js';

/** One tool as every provider list needs it. */
export interface ProviderToolSource {
  /** The provider-safe name (`slack__search_v1`). */
  readonly name: string;
  /** The exact toolgate ref (`slack/search@1`). */
  readonly ref: string;
  readonly description: string;
  readonly schema: Readonly<Record<string, unknown>>;
}

/** The schema given for a granted tool the registry cannot resolve: any object. */
const ANY_OBJECT = Object.freeze({ type: 'object' });

/**
 * Collects the tools a provider list shows: the same set, in the same order,
 * as the menu (granted ∩ step ∩ visible), each with its provider name. A
 * granted tool the registry cannot resolve is listed too, as the menu lists
 * it, with a description saying so and an any-object schema; the gate
 * refuses a call to it until it is registered.
 * Throws `ToolgateError` for bad options or provider-name collisions.
 */
export function collectProviderTools(
  options: MenuOptions,
  what: string,
): readonly ProviderToolSource[] {
  const read = readMenuOptions(options, what);
  const names = buildProviderNames(read.grant);
  return Object.freeze(
    selectMenuTools(read).map((tool): ProviderToolSource => {
      // INVARIANT: buildProviderNames named every ref of the grant, or threw.
      const name = names.byRef.get(tool.ref) ?? '';
      return Object.freeze(
        tool.entry === undefined
          ? {
              name,
              ref: tool.ref,
              description: `Granted as ${tool.ref}; its definition is not available now.`,
              schema: ANY_OBJECT,
            }
          : {
              name,
              ref: tool.ref,
              description: tool.entry.description,
              schema: tool.entry.inputSchema,
            },
      );
    }),
  );
}
