import { describeValue } from '../data/describeValue.js';
import { hasOwn } from '../data/hasOwn.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { ToolgateError } from '../errors/ToolgateError.js';
import { createGrant } from '../grant/createGrant.js';
import type { Grant } from '../grant/types.js';
import { builtinsFor } from '../registry/builtins.js';
import { createRegistryWith } from '../registry/createRegistry.js';
import type { Registry } from '../registry/types.js';

/** What a self-run runtime is started with. */
export interface SelfRunOptions {
  /** The absolute folder the file tools may read; absent: none was given. */
  readonly folder?: string;
  /** Is a model being served? With none there is no agent loop to drive the file tools. */
  readonly modelServed: boolean;
}

/** The workflow a self-run runtime seeds when its file tools are on. */
export interface StarterWorkflow {
  readonly name: 'starter';
  /** The read-only file tools, and a read-only folder scope of exactly the given folder. */
  readonly grant: Grant;
}

/** A self-run runtime's registry, and its starter workflow when the file tools are on. */
export interface SelfRunRuntime {
  readonly registry: Registry;
  /** Are the host-side file tools on (a folder given and a model served)? */
  readonly fileTools: boolean;
  readonly workflow?: StarterWorkflow;
}

/** The read-only file tools: a self-run runtime never registers fs-write@1 on its own. */
const READ_ONLY_FILE_TOOLS = ['fs-read'];
const FILE_TOOLS = new Set(['fs-read', 'fs-write']);

/**
 * Bootstraps a self-run runtime as the Kortecx document describes: the
 * host-side file tools are off unless a folder is given and a model is
 * served. Then the registry holds the read-only file tool `fs-read@1`
 * (built in, never removable) beside `text-summarize@1`, and a starter
 * workflow is seeded whose grant names it, with a read-only folder scope of
 * exactly that folder. Otherwise no file tool is registered and no workflow
 * is seeded. Throws `ToolgateError` (`invalid_option`) for bad options, and
 * (`invalid_grant`) for a folder that is not an absolute path.
 *
 * // ({ folder: '/srv/docs', modelServed: true })  => fs-read@1 + text-summarize@1; grant fs-read@1 over /srv/docs (read)
 * // ({ modelServed: true }) / ({ folder, modelServed: false }) => text-summarize@1 only; no workflow
 */
export function selfRunRuntime(options: SelfRunOptions): SelfRunRuntime {
  if (!isPlainObject(options))
    throw new ToolgateError('invalid_option', 'selfRunRuntime needs { folder?, modelServed }');
  for (const key of Object.keys(options)) {
    if (key !== 'folder' && key !== 'modelServed') {
      throw new ToolgateError(
        'invalid_option',
        `selfRunRuntime has no option ${JSON.stringify(key)}; the options are folder, modelServed`,
      );
    }
  }
  const folder = hasOwn(options, 'folder') ? options.folder : undefined;
  const { modelServed } = options;
  if (typeof modelServed !== 'boolean') {
    throw new ToolgateError(
      'invalid_option',
      `modelServed ${describeValue(modelServed)} must be true or false`,
    );
  }
  if (folder !== undefined && typeof folder !== 'string') {
    throw new ToolgateError(
      'invalid_option',
      `folder ${describeValue(folder)} must be an absolute path, or left out`,
    );
  }
  const fileTools = folder !== undefined && modelServed;
  // Built the grant first: a bad folder throws before anything exists.
  const grant = fileTools
    ? createGrant({
        tools: READ_ONLY_FILE_TOOLS.map((name) => `${name}@1`),
        folders: [{ path: folder, access: 'read' }],
      })
    : undefined;
  const builtins = builtinsFor('self-run').filter(({ definition }) =>
    FILE_TOOLS.has(definition.name)
      ? fileTools && READ_ONLY_FILE_TOOLS.includes(definition.name)
      : true,
  );
  const registry = createRegistryWith(builtins);
  return Object.freeze({
    registry,
    fileTools,
    ...(grant === undefined
      ? {}
      : { workflow: Object.freeze({ name: 'starter' as const, grant }) }),
  });
}
