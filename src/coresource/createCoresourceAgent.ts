import { deepFreeze } from '../data/deepFreeze.js';
import { capTools } from './capTools.js';
import { deriveAllowlist } from './deriveAllowlist.js';
import { expandServerTools } from './expandServerTools.js';
import { narrowToAllowlist } from './narrowToAllowlist.js';
import { readCoresourceConfig } from './readCoresourceConfig.js';
import type {
  CoresourceAgentConfig,
  CoresourceAgentOptions,
  CoresourceAgentTools,
} from './types.js';

/**
 * Resolves which tools a Coresource agent's model may see, as creating the
 * agent does: checks every tool name (`^[A-Za-z][A-Za-z0-9_-]{0,63}$`) and
 * that no two custom tools share a name — either throws a `TypeError` naming
 * the tool — then derives the allowlist, narrows it by an explicit
 * `toolAllowlist`, and caps the resulting catalog at `maxTools`, saying
 * which tools were cut. Its `visible` goes to `checkTurn`, `createRun` and
 * `renderMenu`. Other malformed values throw `ToolgateError` (`invalid_option`).
 *
 * // createCoresourceAgent({ imageModel: 'm', runtimeTools: ['file_read', 'execute'],
 * //   toolAllowlist: ['file_read', 'understand_image'], maxTools: 8 }).visible
 * //   => ['file_read', 'understand_image']
 */
export function createCoresourceAgent(
  config: CoresourceAgentConfig,
  options: CoresourceAgentOptions = {},
): CoresourceAgentTools {
  const read = readCoresourceConfig(config, options);
  const derived = deriveAllowlist(read);
  const catalog = expandServerTools(derived, read.serverTools);
  const derivedNames = derived.map((tool) => tool.name);
  const narrowed =
    read.allowlist === undefined
      ? { catalog, allowlist: derivedNames, omitted: [], unmatched: [] }
      : narrowToAllowlist(derived, catalog, read.allowlist);
  const { kept, cut } = capTools(narrowed.catalog, read.maxTools);
  return deepFreeze({
    derived: derivedNames,
    allowlist: [...narrowed.allowlist],
    tools: kept.map((tool) => ({ ...tool })),
    visible: kept.map((tool) => tool.name),
    cut: [...cut],
    omitted: [...narrowed.omitted],
    unmatched: [...narrowed.unmatched],
  });
}
