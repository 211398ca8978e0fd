import { isMap, isScalar, isSeq, type Node } from 'yaml';
import { HARNESS_TOOLS, isKortixToolName, PTY_PREFIX } from './constants.js';
import { keyText, type ManifestFile } from './manifestFile.js';
import { suggestName } from './suggestName.js';
import type { KortixDiagnostic, KortixToolSelection } from './types.js';

/** How a name appears in an agent's tools: shown (list, `name: true`) or removed (exclude, `name: false`). */
type Use = 'shows' | 'removes';

/** What reading an agent's tools needs: the file, the agent, the tools the project loads. */
export interface AgentToolsContext {
  readonly file: ManifestFile;
  readonly agent: string;
  /** Kortix and project tools the project loads. */
  readonly loaded: ReadonlySet<string>;
  readonly diagnostics: KortixDiagnostic[];
}

const FIX_FORMS =
  'write all, none, a list such as [read, grep], { exclude: [bash] }, or a map such as { bash: false }';

/**
 * Reads `agents.<name>.tools` into one of its five forms: omitted or `all`
 * (every tool), `none`, a list (only those; a list holding `*` is `all`),
 * `{ exclude: [...] }` (every tool but those) and the map form
 * (`{ bash: false }`: `false` removes a tool, `true` changes nothing).
 * Warns about names that are no tool, and Kortix tools the project does not
 * load. `undefined` when the value has none of the five forms.
 */
export function readAgentTools(
  node: unknown,
  ctx: AgentToolsContext,
): KortixToolSelection | undefined {
  const read = readForm(node, `agents.${ctx.agent}.tools`);
  if ('problem' in read) {
    ctx.diagnostics.push(
      ctx.file.diagnose(read.at, 'error', 'invalid_agent_tools', read.problem, FIX_FORMS),
    );
    return undefined;
  }
  for (const { node: at, name, use } of read.names) checkName(at, name, use, ctx);
  return read.selection;
}

/** A form that was read, with each name and its node to check; or why it has none of the forms. */
type FormRead =
  | { readonly selection: KortixToolSelection; readonly names: readonly NameRead[] }
  | { readonly problem: string; readonly at: unknown };

interface NameRead {
  readonly node: unknown;
  readonly name: string;
  readonly use: Use;
}

function readForm(node: unknown, where: string): FormRead {
  if (node === undefined) return { selection: { form: 'all' }, names: [] };
  if (isScalar(node)) {
    // "*" is accepted as `all`: a list holding * is all, and the maintained templates write tools: "*".
    if (node.value === 'all' || node.value === '*')
      return { selection: { form: 'all' }, names: [] };
    if (node.value === 'none') return { selection: { form: 'none' }, names: [] };
    const shown =
      node.value === null ? 'empty' : `${JSON.stringify(node.value)}, which is none of its forms`;
    return { problem: `${where} is ${shown}`, at: node };
  }
  if (isSeq(node)) {
    const names = readNames(node.items, 'shows');
    if (!Array.isArray(names)) return { problem: `${where} must list tool names`, at: names.bad };
    // [*, wether_now] is all, and the other names are still checked: a typo beside * is still a typo.
    if (names.some((entry) => entry.name === '*'))
      return { selection: { form: 'all' }, names: names.filter((entry) => entry.name !== '*') };
    return { selection: { form: 'list', names: names.map((entry) => entry.name) }, names };
  }
  if (!isMap(node)) return { problem: `${where} has none of its forms`, at: node };
  const exclude = node.items.find(
    (pair) => keyText(pair) === 'exclude' && !isScalarBoolean(pair.value),
  );
  if (exclude !== undefined) {
    if (node.items.length > 1)
      return { problem: `${where} mixes exclude: with other keys`, at: node };
    const names = isSeq(exclude.value)
      ? readNames(exclude.value.items, 'removes')
      : { bad: exclude.value ?? exclude.key };
    if (!Array.isArray(names))
      return { problem: `${where}.exclude must be a list of tool names`, at: names.bad };
    return { selection: { form: 'exclude', names: names.map((entry) => entry.name) }, names };
  }
  const names: NameRead[] = [];
  for (const pair of node.items) {
    const name = keyText(pair);
    if (name === undefined || !isScalarBoolean(pair.value)) {
      return {
        problem: `${where}: in the map form each tool maps to true or false`,
        at: pair.value ?? pair.key,
      };
    }
    names.push({
      node: pair.key,
      name,
      use: (pair.value as { value: boolean }).value ? 'shows' : 'removes',
    });
  }
  const removed = names.filter((entry) => entry.use === 'removes').map((entry) => entry.name);
  return { selection: { form: 'map', removed }, names };
}

/** The names of a list, or the first item that is not a name. */
function readNames(items: readonly unknown[], use: Use): NameRead[] | { readonly bad: unknown } {
  const names: NameRead[] = [];
  for (const item of items) {
    if (!isScalar(item) || typeof item.value !== 'string') return { bad: item };
    names.push({ node: item, name: item.value, use });
  }
  return names;
}

/** Warns about a name that is no tool, or a Kortix tool the project does not load. */
function checkName(node: unknown, name: string, use: Use, ctx: AgentToolsContext): void {
  const where = `agents.${ctx.agent}.tools`;
  const verb = use === 'shows' ? 'lists' : 'excludes';
  if (isKortixToolName(name) && !ctx.loaded.has(name)) {
    const message =
      use === 'shows'
        ? `${where} lists ${name}, a Kortix tool the project does not load; an agent list cannot add it`
        : `${where} excludes ${name}, a Kortix tool the project does not load`;
    ctx.diagnostics.push(
      ctx.file.diagnose(
        node,
        'warning',
        'kortix_tool_not_loaded',
        message,
        `add ${name}: kortix:${name} under the top-level tools: first`,
      ),
    );
    return;
  }
  const harness: readonly string[] = HARNESS_TOOLS;
  if (harness.includes(name) || name.startsWith(PTY_PREFIX) || ctx.loaded.has(name)) return;
  const guess = suggestName(name, [...harness, ...ctx.loaded]);
  const fix =
    guess === undefined
      ? 'fix the spelling, or declare the tool under tools:'
      : `did you mean ${guess}?`;
  const message = `${where} ${verb} ${name}, which is not a harness, Kortix, or project tool`;
  if (use === 'removes') {
    ctx.diagnostics.push(
      ctx.file.diagnose(
        node,
        'warning',
        'exclude_typo',
        `${message}; a typo in an exclude list leaves the real tool on`,
        fix,
      ),
    );
  } else {
    ctx.diagnostics.push(ctx.file.diagnose(node, 'warning', 'unknown_tool', message, fix));
  }
}

function isScalarBoolean(value: unknown): boolean {
  return isScalar(value) && typeof (value as Node & { value: unknown }).value === 'boolean';
}
