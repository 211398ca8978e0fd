import { ToolgateError } from '../errors/ToolgateError.js';
import { HARNESS_TOOLS, OPENCODE_EDIT_GROUP, PTY_PREFIX } from './constants.js';
import type {
  KortixHarness,
  KortixManifest,
  KortixToolSelection,
  KortixVisibilityOptions,
} from './types.js';

/**
 * Which tool names does an agent's model see? The names of every tool the
 * session offers (the harness tools, then the Kortix and project tools the
 * project loads) that `agents.<name>.tools` leaves visible, in that order:
 * the `visible` list `checkTurn`, `createRun` and `renderMenu` accept.
 *
 * - A list cannot add a tool the session does not offer (such as a Kortix
 *   tool the project does not load); a name it does not know is ignored.
 * - OpenCode: listing one of write, edit, apply_patch shows all three and
 *   excluding one hides all three; the `pty_*` tools are shown exactly when
 *   bash is. pi: every tool stands alone.
 * - A subagent (`parent` given): on pi it sees only what both its list and
 *   its parent's allow; on OpenCode its own list alone decides.
 *
 * Connector tools follow `agents.<name>.connectors`, not this list, and are
 * not in the result. Throws `ToolgateError` (`invalid_option`) for an agent
 * the manifest does not declare, or a bad option.
 *
 * // agents: { support: { tools: { exclude: [bash, write] } } }, harness opencode
 * //   => every tool but bash, pty_*, write, edit and apply_patch
 */
export function resolveKortixVisibility(
  manifest: KortixManifest,
  options: KortixVisibilityOptions,
): readonly string[] {
  const harnessTools = readHarnessTools(options);
  const offered = [...new Set([...harnessTools, ...manifest.tools.map((tool) => tool.name)])];
  const own = selectTools(manifest, options.agent, options.harness, offered);
  if (options.parent === undefined || options.harness === 'opencode')
    return Object.freeze(offered.filter((name) => own.has(name)));
  const parent = selectTools(manifest, options.parent, options.harness, offered);
  return Object.freeze(offered.filter((name) => own.has(name) && parent.has(name)));
}

/** The names of `offered` that an agent's selection leaves visible. */
function selectTools(
  manifest: KortixManifest,
  agent: string,
  harness: KortixHarness,
  offered: readonly string[],
): ReadonlySet<string> {
  const entry = manifest.agents.find((candidate) => candidate.name === agent);
  if (entry === undefined) {
    const names = manifest.agents.map((candidate) => candidate.name).join(', ') || 'none';
    throw new ToolgateError(
      'invalid_option',
      `${manifest.path} declares no agent ${JSON.stringify(agent)}; its agents are: ${names}`,
    );
  }
  const shown = new Set(applySelection(entry.tools, harness, offered));
  if (harness === 'opencode') {
    // bash covers the terminal tools: they share its permission, so they follow it both ways.
    for (const name of offered) {
      if (!name.startsWith(PTY_PREFIX)) continue;
      if (shown.has('bash')) shown.add(name);
      else shown.delete(name);
    }
  }
  return shown;
}

/** `offered`, narrowed by one of the five forms (names expanded into OpenCode's groups). */
function applySelection(
  selection: KortixToolSelection,
  harness: KortixHarness,
  offered: readonly string[],
): readonly string[] {
  switch (selection.form) {
    case 'all':
      return offered;
    case 'none':
      return [];
    case 'list': {
      const listed = expandGroups(selection.names, harness);
      return offered.filter((name) => listed.has(name));
    }
    case 'exclude':
    case 'map': {
      const removed = expandGroups(
        selection.form === 'exclude' ? selection.names : selection.removed,
        harness,
      );
      return offered.filter((name) => !removed.has(name));
    }
  }
}

/** On OpenCode, write, edit and apply_patch move together. */
function expandGroups(names: readonly string[], harness: KortixHarness): ReadonlySet<string> {
  const expanded = new Set(names);
  const group: readonly string[] = OPENCODE_EDIT_GROUP;
  if (harness === 'opencode' && names.some((name) => group.includes(name))) {
    for (const name of group) expanded.add(name);
  }
  return expanded;
}

function readHarnessTools(options: KortixVisibilityOptions): readonly string[] {
  const harness: unknown = options.harness;
  if (harness !== 'opencode' && harness !== 'pi') {
    throw new ToolgateError(
      'invalid_option',
      'resolveKortixVisibility needs harness: "opencode" or "pi"',
    );
  }
  const tools = options.harnessTools ?? HARNESS_TOOLS;
  if (!Array.isArray(tools) || !tools.every((name) => typeof name === 'string')) {
    throw new ToolgateError('invalid_option', 'harnessTools must be a list of tool names');
  }
  return tools;
}
