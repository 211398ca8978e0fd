import { clonePlainJson } from '../data/clonePlainJson.js';
import { deepFreeze } from '../data/deepFreeze.js';
import { describeValue } from '../data/describeValue.js';
import { hasOwn } from '../data/hasOwn.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { throwIfProblems } from '../errors/ToolgateError.js';
import { compileHostMatcher, type HostPattern } from '../scope/host/index.js';
import { parseNetworkEntry } from '../scope/host/parseNetworkEntry.js';
import { canonicalizeRoot, type CanonicalPath } from '../scope/path/index.js';
import {
  compileSecretMatcher,
  parseSecretDeny,
  parseSecretPattern,
  type SecretDeny,
  type SecretPattern,
} from '../scope/secret/index.js';
import { compileRootMatcher } from '../scope/folder/compileRootMatcher.js';
import { parseFolderDeny, type FolderDeny } from '../scope/folder/parseFolderDeny.js';
import { attachCompiledGrant, type WrittenFolderEntry } from './compiledGrant.js';
import { compileToolEntries } from './compileToolEntries.js';
import { readAskEntry } from './readAskEntry.js';
import { readFlowRules } from './readFlowRules.js';
import { readToolEntry } from './readToolEntry.js';
import type { Budgets, FolderDenyEntry, FolderGrant, Grant, GrantSpec } from './types.js';

const KEYS = ['tools', 'folders', 'network', 'secrets', 'budgets', 'ask', 'labels', 'flows'];
const FOLDER_KEYS = new Set(['path', 'access']);
const BUDGET_KEYS = ['turns', 'toolCalls', 'callsPerTurn'];

/**
 * Validates a grant and returns it deeply frozen, in canonical form, with its
 * matchers compiled once. Throws `ToolgateError` (`invalid_grant`) listing
 * every malformed entry and the rule it breaks.
 */
export function createGrant(spec: GrantSpec): Grant {
  const problems: string[] = [];
  // Read a copy: a getter or proxy in the spec cannot change after checking.
  const cloned = clonePlainJson(spec);
  if (!cloned.ok || !isPlainObject(cloned.value)) {
    const why = cloned.ok ? 'it is not an object' : cloned.problem;
    throwIfProblems('invalid_grant', 'the grant', [
      `a grant must be plain data such as { tools: ["slack/search@1"] }; ${why}`,
    ]);
  }
  const input = (cloned as { value: Record<string, unknown> }).value;
  for (const key of Object.keys(input)) {
    if (!KEYS.includes(key))
      problems.push(`unknown key ${JSON.stringify(key)}; the keys are ${KEYS.join(', ')}`);
  }

  const tools = readList(input, 'tools', problems, readToolEntry);

  const folders: FolderGrant[] = [];
  const folderDenies: FolderDeny[] = [];
  // Roots and denies in the order given: the canonical grant keeps that order.
  const folderEntries: (FolderGrant | FolderDenyEntry)[] = [];
  const writtenFolders: WrittenFolderEntry[] = [];
  readList(input, 'folders', problems, (item, where) => {
    if (typeof item === 'string' && item.startsWith('!')) {
      const deny = parseFolderDeny(item);
      if (!deny.ok) return { problem: `${where} ${describeValue(item)}: ${deny.problem}` };
      // Kept one for one, like roots, so an entry's index is where the spec wrote it.
      folderDenies.push(deny.value);
      // NFC (SPEC §14.1), as the compiled deny reads it.
      folderEntries.push(deny.value.entry as FolderDenyEntry);
      writtenFolders.push(item);
      return undefined;
    }
    const folder = readFolder(item, where);
    if ('problem' in folder) return folder;
    folders.push(folder);
    folderEntries.push(folder);
    writtenFolders.push(deepFreeze(item) as WrittenFolderEntry);
    return undefined;
  });

  const hostPatterns: HostPattern[] = [];
  const hostDenies: HostPattern[] = [];
  const writtenNetwork = new Map<string, string>();
  const network = readList(input, 'network', problems, (item, where) => {
    const entry = parseNetworkEntry(item);
    if (!entry.ok) return { problem: `${where} ${describeValue(item)}: ${entry.problem}` };
    (entry.value.deny ? hostDenies : hostPatterns).push(entry.value.pattern);
    if (!writtenNetwork.has(entry.value.text)) writtenNetwork.set(entry.value.text, item as string);
    return entry.value.text;
  });

  const secretPatterns: SecretPattern[] = [];
  const secretDenies: SecretDeny[] = [];
  const secrets = readList(input, 'secrets', problems, (item, where) => {
    if (typeof item === 'string' && item.startsWith('!')) {
      const deny = parseSecretDeny(item);
      if (!deny.ok) return { problem: `${where} ${describeValue(item)}: ${deny.problem}` };
      secretDenies.push(deny.value);
      return item;
    }
    const pattern = parseSecretPattern(item);
    if (!pattern.ok) return { problem: `${where} ${describeValue(item)}: ${pattern.problem}` };
    secretPatterns.push(pattern.value);
    return item as string;
  });

  const budgets = readBudgets(hasOwn(input, 'budgets') ? input.budgets : undefined, problems);
  const ask = readList(input, 'ask', problems, readAskEntry);
  const toolEntries = compileToolEntries(dedupe(tools), ask, problems);
  const flowRules = readFlowRules(
    hasOwn(input, 'labels') ? input.labels : undefined,
    hasOwn(input, 'flows') ? input.flows : undefined,
    problems,
  );
  for (const [index, flow] of (flowRules.compiledFlows ?? []).entries()) {
    for (const ref of flow.askRefs) {
      if (!toolEntries.refs.has(ref))
        problems.push(
          `flows[${String(index)}].ask ${ref} is not in tools, so no call to it could be asked for`,
        );
    }
  }
  throwIfProblems('invalid_grant', 'the grant', problems);

  const grant: Grant = Object.freeze({
    tools: Object.freeze(dedupe(tools)),
    folders: Object.freeze(
      folderEntries.map((entry) => (typeof entry === 'string' ? entry : Object.freeze(entry))),
    ),
    network: Object.freeze(dedupe(network)),
    secrets: Object.freeze(dedupe(secrets)),
    ...(budgets === undefined ? {} : { budgets: Object.freeze(budgets) }),
    // Only when something needs approval: a grant without ask keeps its rev-1 shape.
    ...(toolEntries.ask.size === 0 ? {} : { ask: Object.freeze([...toolEntries.ask]) }),
    // Only when given: a grant without flows keeps its earlier shape.
    ...(flowRules.labels === undefined ? {} : { labels: flowRules.labels }),
    ...(flowRules.flows === undefined ? {} : { flows: flowRules.flows }),
  });
  const readRoots = new Set(folders.map((folder) => folder.path as CanonicalPath));
  const writeRoots = new Set(
    folders
      .filter((folder) => folder.access === 'write')
      .map((folder) => folder.path as CanonicalPath),
  );
  attachCompiledGrant(
    grant,
    Object.freeze({
      tools: toolEntries.refs,
      pins: toolEntries.pins,
      ask: toolEntries.ask,
      readRoots,
      writeRoots,
      readable: compileRootMatcher(readRoots),
      writable: compileRootMatcher(writeRoots),
      ...(folderDenies.length === 0 ? {} : { folderDenies: Object.freeze(folderDenies) }),
      hosts: compileHostMatcher(hostPatterns, hostDenies),
      hostPatterns: Object.freeze(hostPatterns),
      hostDenies: Object.freeze(hostDenies),
      secrets: compileSecretMatcher(secretPatterns, secretDenies),
      ...(flowRules.compiledLabels === undefined ? {} : { labels: flowRules.compiledLabels }),
      ...(flowRules.compiledFlows === undefined ? {} : { flows: flowRules.compiledFlows }),
      written: Object.freeze({
        folders: Object.freeze(writtenFolders),
        network: writtenNetwork,
      }),
    }),
  );
  return grant;
}

/** What reading one list item gives: a value to keep, a problem, or nothing (kept elsewhere). */
type ItemResult = string | { readonly problem: string } | undefined;

/** Reads an optional list, passing each item and its place (`tools[2]`) to `read`. */
function readList(
  input: Record<string, unknown>,
  key: string,
  problems: string[],
  read: (item: unknown, where: string) => ItemResult,
): string[] {
  if (!hasOwn(input, key) || input[key] === undefined) return [];
  const list = input[key];
  if (!Array.isArray(list)) {
    problems.push(`${key} must be a list`);
    return [];
  }
  const kept: string[] = [];
  list.forEach((item: unknown, index) => {
    const where = `${key}[${index}]`;
    const result = read(item, where);
    if (typeof result === 'string') kept.push(result);
    else if (result !== undefined) problems.push(result.problem);
  });
  return kept;
}

/** Reads one folder entry: a root string (read and write) or `{ path, access }`. */
function readFolder(item: unknown, where: string): FolderGrant | { readonly problem: string } {
  // Own properties only: a polluted Object.prototype must not supply a missing path.
  const path = isPlainObject(item) ? (hasOwn(item, 'path') ? item.path : undefined) : item;
  if (isPlainObject(item)) {
    const unknown = Object.keys(item).filter((key) => !FOLDER_KEYS.has(key));
    if (unknown.length > 0)
      return {
        problem: `${where} has unknown key ${JSON.stringify(unknown[0])}; a folder is { path, access }`,
      };
    if (hasOwn(item, 'access') && item.access !== 'read' && item.access !== 'write') {
      return { problem: `${where}.access ${describeValue(item.access)} must be "read" or "write"` };
    }
  } else if (typeof item !== 'string') {
    return { problem: `${where} must be an absolute path or { path, access }` };
  }
  const root = canonicalizeRoot(path);
  if (!root.ok) return { problem: `${where} ${describeValue(path)}: ${root.problem}` };
  // SPEC §14.1: roots are NFC; the gate compares a path's NFC spelling with them.
  const nfc = root.value.normalize('NFC') as CanonicalPath;
  const access =
    isPlainObject(item) && hasOwn(item, 'access') && item.access === 'read' ? 'read' : 'write';
  return { path: nfc, access };
}

/** Reads the optional budgets: non-negative integers. */
function readBudgets(value: unknown, problems: string[]): Budgets | undefined {
  if (value === undefined) return undefined;
  if (!isPlainObject(value)) {
    problems.push('budgets must be an object such as { turns: 8, toolCalls: 20 }');
    return undefined;
  }
  const budgets: { -readonly [K in keyof Budgets]: Budgets[K] } = {};
  for (const key of Object.keys(value)) {
    const amount = value[key];
    if (!BUDGET_KEYS.includes(key)) {
      problems.push(
        `budgets has unknown key ${JSON.stringify(key)}; the keys are ${BUDGET_KEYS.join(', ')}`,
      );
    } else if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0) {
      problems.push(`budgets.${key} ${describeValue(amount)} must be a whole number of 0 or more`);
    } else {
      budgets[key as keyof Budgets] = amount;
    }
  }
  return budgets;
}

/** Keeps the first of each repeated item, in order. */
function dedupe(items: readonly string[]): string[] {
  return [...new Set(items)];
}
