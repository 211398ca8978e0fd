import { deepFreeze } from '../data/deepFreeze.js';
import { describeValue } from '../data/describeValue.js';
import { hasOwn } from '../data/hasOwn.js';
import { isPlainObject } from '../data/isPlainObject.js';
import { findRefProblem } from '../registry/parseToolRef.js';
import { parseFolderDeny, type FolderDeny } from '../scope/folder/parseFolderDeny.js';
import { parseHostPattern, type HostPattern } from '../scope/host/index.js';
import {
  compileSecretMatcher,
  parseSecretPattern,
  type SecretMatcher,
  type SecretPattern,
} from '../scope/secret/index.js';
import type { FlowRule, LabelSpec } from './types.js';

const LABEL_KEYS = ['tools', 'folders', 'network', 'secrets'];
const FLOW_KEYS = ['after', 'deny', 'ask'];
/** A label name: what a flow rule and a refusal name it by. */
const LABEL_NAME = /^[a-z][\w-]{0,63}$/i;

/** A label, compiled once: what a call must name to touch it. */
export interface CompiledLabel {
  readonly name: string;
  readonly tools: ReadonlySet<string>;
  /** Folder globs, read as deny globs are. */
  readonly folders: readonly FolderDeny[];
  /** Host patterns, read as deny patterns are (`*` takes every host). */
  readonly hosts: readonly HostPattern[];
  readonly secrets: SecretMatcher | undefined;
}

/** A flow rule, compiled once. */
export interface CompiledFlow {
  /** The rule as the grant holds it (`deny` and `ask` as lists): what a refusal names. */
  readonly rule: FlowRule;
  readonly after: string;
  readonly deny: readonly string[];
  readonly askLabels: readonly string[];
  readonly askRefs: ReadonlySet<string>;
}

/** What `readFlowRules` gives `createGrant`: the canonical parts of the grant and their compiled forms. */
export interface FlowRules {
  readonly labels: Readonly<Record<string, LabelSpec>> | undefined;
  readonly flows: readonly FlowRule[] | undefined;
  readonly compiledLabels: ReadonlyMap<string, CompiledLabel> | undefined;
  readonly compiledFlows: readonly CompiledFlow[] | undefined;
}

/**
 * Reads a grant spec's `labels` and `flows`, pushing every problem, each with
 * its place. Without flows there is nothing to compile: a grant that names no
 * flow pays nothing at dispatch.
 *
 * // ({ private: { folders: ['/mail/**'] } }, [{ after: 'private', deny: 'public' }]) => problem: flows[0].deny names no label "public"
 */
export function readFlowRules(
  labelsValue: unknown,
  flowsValue: unknown,
  problems: string[],
): FlowRules {
  const labels: Record<string, LabelSpec> = {};
  const compiledLabels = new Map<string, CompiledLabel>();
  if (labelsValue !== undefined) {
    if (!isPlainObject(labelsValue)) {
      problems.push(
        'labels must be an object of named labels, such as { private: { folders: ["/home/me/mail/**"] } }',
      );
    } else {
      for (const name of Object.keys(labelsValue)) {
        const label = readLabel(name, labelsValue[name], problems);
        if (label === undefined) continue;
        labels[name] = label.spec;
        compiledLabels.set(name, label.compiled);
      }
    }
  }
  // Every label the spec names, kept or refused: a flow naming a refused one is told nothing more.
  const written = new Set(isPlainObject(labelsValue) ? Object.keys(labelsValue) : []);
  const flows: FlowRule[] = [];
  const compiledFlows: CompiledFlow[] = [];
  if (flowsValue !== undefined) {
    if (!Array.isArray(flowsValue)) {
      problems.push('flows must be a list such as [{ after: "private", deny: "public" }]');
    } else {
      flowsValue.forEach((item: unknown, index) => {
        const flow = readFlow(item, `flows[${String(index)}]`, written, problems);
        if (flow === undefined) return;
        flows.push(flow.rule);
        compiledFlows.push(flow);
      });
    }
  }
  const hasLabels = Object.keys(labels).length > 0;
  return {
    labels: hasLabels ? deepFreeze(labels) : undefined,
    flows: flows.length > 0 ? Object.freeze(flows) : undefined,
    compiledLabels: hasLabels ? compiledLabels : undefined,
    compiledFlows: compiledFlows.length > 0 ? Object.freeze(compiledFlows) : undefined,
  };
}

function readLabel(
  name: string,
  value: unknown,
  problems: string[],
): { readonly spec: LabelSpec; readonly compiled: CompiledLabel } | undefined {
  const where = `labels.${name}`;
  if (!LABEL_NAME.test(name)) {
    problems.push(`${where}: a label name is a letter, then up to 63 letters, digits, "_" or "-"`);
    return undefined;
  }
  if (!isPlainObject(value)) {
    problems.push(`${where} must be an object { tools?, folders?, network?, secrets? }`);
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (!LABEL_KEYS.includes(key))
      problems.push(
        `${where} has unknown key ${JSON.stringify(key)}; the keys are ${LABEL_KEYS.join(', ')}`,
      );
  }
  const before = problems.length;
  const list = (key: string): readonly unknown[] => {
    const items = hasOwn(value, key) ? value[key] : undefined;
    if (items === undefined) return [];
    if (Array.isArray(items)) return items as unknown[];
    problems.push(`${where}.${key} must be a list`);
    return [];
  };
  const tools: string[] = [];
  list('tools').forEach((item, index) => {
    const problem = findRefProblem(item);
    if (problem === undefined) tools.push(item as string);
    else problems.push(`${where}.tools[${String(index)}] ${describeValue(item)}: ${problem}`);
  });
  const folders: FolderDeny[] = [];
  list('folders').forEach((item, index) => {
    // Written without "!": the glob is read exactly as a folder deny entry reads it.
    const glob =
      typeof item === 'string' && !item.startsWith('!') ? parseFolderDeny(`!${item}`) : undefined;
    if (glob?.ok === true) folders.push(glob.value);
    else
      problems.push(
        `${where}.folders[${String(index)}] ${describeValue(item)}: ${glob === undefined ? 'a label folder is a glob without "!", such as "/home/me/mail/**"' : glob.problem}`,
      );
  });
  const hosts: HostPattern[] = [];
  list('network').forEach((item, index) => {
    const pattern = parseHostPattern(item);
    if (pattern.ok) hosts.push(pattern.value);
    else
      problems.push(
        `${where}.network[${String(index)}] ${describeValue(item)}: ${pattern.problem}`,
      );
  });
  const secrets: SecretPattern[] = [];
  list('secrets').forEach((item, index) => {
    const pattern = parseSecretPattern(item);
    if (pattern.ok) secrets.push(pattern.value);
    else
      problems.push(
        `${where}.secrets[${String(index)}] ${describeValue(item)}: ${pattern.problem}`,
      );
  });
  if (problems.length > before) return undefined;
  if (tools.length + folders.length + hosts.length + secrets.length === 0) {
    problems.push(
      `${where} names nothing, so no call could touch it: list its tools, folders, network or secrets`,
    );
    return undefined;
  }
  const spec: LabelSpec = {
    ...(tools.length === 0 ? {} : { tools: [...new Set(tools)] }),
    ...(folders.length === 0 ? {} : { folders: folders.map((glob) => glob.entry.slice(1)) }),
    ...(hosts.length === 0 ? {} : { network: hosts.map((pattern) => pattern.text) }),
    ...(secrets.length === 0 ? {} : { secrets: list('secrets') as string[] }),
  };
  return {
    spec,
    compiled: Object.freeze({
      name,
      tools: new Set(tools),
      folders: Object.freeze(folders),
      hosts: Object.freeze(hosts),
      secrets: secrets.length === 0 ? undefined : compileSecretMatcher(secrets),
    }),
  };
}

function readFlow(
  item: unknown,
  where: string,
  labels: ReadonlySet<string>,
  problems: string[],
): CompiledFlow | undefined {
  if (!isPlainObject(item)) {
    problems.push(
      `${where} must be an object { after, deny?, ask? }, such as { after: "private", deny: "public" }`,
    );
    return undefined;
  }
  const before = problems.length;
  for (const key of Object.keys(item)) {
    if (!FLOW_KEYS.includes(key))
      problems.push(
        `${where} has unknown key ${JSON.stringify(key)}; the keys are ${FLOW_KEYS.join(', ')}`,
      );
  }
  const after = hasOwn(item, 'after') ? item.after : undefined;
  if (typeof after !== 'string' || !labels.has(after)) {
    problems.push(
      `${where}.after ${describeValue(after)} names no label of this grant; the labels are ${[...labels].join(', ') || '(none)'}`,
    );
  }
  const names = (key: 'deny' | 'ask'): string[] => {
    const value = hasOwn(item, key) ? item[key] : undefined;
    if (value === undefined) return [];
    const list: unknown[] =
      typeof value === 'string' ? [value] : Array.isArray(value) ? (value as unknown[]) : [];
    if (typeof value !== 'string' && !Array.isArray(value)) {
      problems.push(`${where}.${key} must be a label name or a list of them`);
      return [];
    }
    const kept: string[] = [];
    list.forEach((name, index) => {
      const at = `${where}.${key}${typeof value === 'string' ? '' : `[${String(index)}]`}`;
      if (key === 'ask' && typeof name === 'string' && name.includes('@')) {
        const problem = findRefProblem(name);
        if (problem === undefined) kept.push(name);
        else problems.push(`${at} ${describeValue(name)}: ${problem}`);
      } else if (typeof name === 'string' && labels.has(name)) kept.push(name);
      else
        problems.push(
          `${at} ${describeValue(name)} names no label of this grant${key === 'ask' ? ' and is no ref (NAME@VERSION)' : ''}; the labels are ${[...labels].join(', ') || '(none)'}`,
        );
    });
    return [...new Set(kept)];
  };
  const deny = names('deny');
  const ask = names('ask');
  if (problems.length > before) return undefined;
  if (deny.length === 0 && ask.length === 0) {
    problems.push(
      `${where} has neither deny nor ask, so it changes nothing: add deny: LABEL or ask: [LABEL or REF]`,
    );
    return undefined;
  }
  const rule: FlowRule = deepFreeze({
    after: after as string,
    ...(deny.length === 0 ? {} : { deny }),
    ...(ask.length === 0 ? {} : { ask }),
  });
  return Object.freeze({
    rule,
    after: after as string,
    deny: Object.freeze(deny),
    askLabels: Object.freeze(ask.filter((name) => !name.includes('@'))),
    askRefs: new Set(ask.filter((name) => name.includes('@'))),
  });
}
