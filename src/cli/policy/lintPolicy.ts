import { findGrantEntry } from '../../grant/findGrantEntry.js';
import { suggestName } from '../../kortix/suggestName.js';
import { parseHostPattern } from '../../scope/host/index.js';
import { isNameVisible } from '../../scope/visible/isNameVisible.js';
import { diagnose, type Diagnostic } from '../diagnostics.js';
import { formatSourcePath } from './formatSourcePath.js';
import type { Grant } from '../../grant/types.js';
import type { Policy } from './types.js';
import { splitToolEntry } from '../../grant/splitToolEntry.js';

/**
 * Warns about what loads but will surely refuse what the author meant to
 * allow: a granted ref no tool defines, a granted tool whose own hosts or
 * secrets the grant leaves out (every call to it is refused), a step tool
 * or a visible entry that names no tool. Wide scopes (`*`, `/`) are not
 * warned about: they may be meant, and the README's security model says
 * what they allow.
 */
export function lintPolicy(policy: Policy): Diagnostic[] {
  const { registry, source } = policy;
  const warnings: Diagnostic[] = [];
  const warn = (path: readonly (string | number)[], code: string, message: string, fix: string) =>
    warnings.push(diagnose(source.place(path), 'warning', code, message, fix));
  const names = [...new Set(registry.inventory().map((row) => row.name))];
  const refs = registry.inventory().map((row) => `${row.name}@${String(row.version)}`);

  for (const [name, grant] of policy.grants) {
    const written = (policy.grantSpecs.get(name)?.tools ?? []) as readonly string[];
    written.forEach((item, index) => {
      const ref = splitToolEntry(item).ref;
      const path = ['grants', name, 'tools', index];
      const entry = registry.resolve(ref);
      // A server's tools are registered when `toolgate mcp` lists them, not when the policy loads.
      if (entry === undefined && policy.servers?.has(ref.split('/')[0] ?? '') === true) return;
      if (entry === undefined) {
        const guess = suggestName(ref, refs);
        warn(
          path,
          'unknown_tool_ref',
          `${formatSourcePath(path)} ${ref} is no tool of this policy, so every call to it is refused (not_granted)`,
          guess === undefined
            ? 'define the tool under tools:, or remove the ref'
            : `did you mean ${guess}?`,
        );
        return;
      }
      for (const host of entry.network) {
        const pattern = parseHostPattern(host);
        if (
          pattern.ok &&
          findGrantEntry(grant, { kind: 'hostPattern', pattern: pattern.value }) === undefined
        ) {
          warn(
            path,
            'tool_never_fires',
            `${formatSourcePath(['grants', name])} allows ${ref}, but not the host ${host} the tool itself reaches, so every call to it is refused (network_out_of_scope)`,
            `add ${host} to ${formatSourcePath(['grants', name, 'network'])}, or remove ${ref} from the grant`,
          );
        }
      }
      for (const secret of entry.secrets) {
        if (findGrantEntry(grant, { kind: 'secret', name: secret }) === undefined) {
          warn(
            path,
            'tool_never_fires',
            `${formatSourcePath(['grants', name])} allows ${ref}, but not the secret ${secret} the tool itself is configured with, so every call to it is refused (secret_out_of_scope)`,
            `add ${secret} to ${formatSourcePath(['grants', name, 'secrets'])}, or remove ${ref} from the grant`,
          );
        }
      }
    });
  }

  for (const [name, grant] of policy.grants) lintFlows(name, grant, warn);

  for (const [name, step] of policy.steps) {
    step.tools.forEach((tool, index) => {
      if (names.includes(tool)) return;
      const path = ['steps', name, 'tools', index];
      const guess = suggestName(tool, names);
      warn(
        path,
        'unknown_step_tool',
        `${formatSourcePath(path)} ${tool} is no tool name of this policy (a step lists names, not refs)`,
        guess === undefined ? 'name a defined tool, or remove it' : `did you mean ${guess}?`,
      );
    });
  }

  for (const [name, agent] of policy.agents) {
    if (agent.source !== 'visible') continue;
    agent.visible.forEach((entry, index) => {
      if (names.some((tool) => isNameVisible(tool, [entry]))) return;
      const path = ['agents', name, 'visible', index];
      const guess = suggestName(entry, names);
      warn(
        path,
        'unknown_visible_entry',
        `${formatSourcePath(path)} ${entry} shows no tool of this policy`,
        guess === undefined
          ? 'name a defined tool, prefix/* or *, or remove it'
          : `did you mean ${guess}?`,
      );
    });
  }
  return warnings;
}

/**
 * Flow rules that load but cannot work as written: a label entry the grant
 * never allows (no call touches the label through it), and a rule whose
 * `deny` label the `after` label already holds entry for entry (so a second
 * call touching the `after` label is refused too).
 */
function lintFlows(
  name: string,
  grant: Grant,
  warn: (path: readonly (string | number)[], code: string, message: string, fix: string) => void,
): void {
  const labels = grant.labels ?? {};
  for (const [label, spec] of Object.entries(labels)) {
    (spec.tools ?? []).forEach((ref, index) => {
      if (grant.tools.some((entry) => splitToolEntry(entry).ref === ref)) return;
      const path = ['grants', name, 'labels', label, 'tools', index];
      warn(
        path,
        'label_touches_nothing',
        `${formatSourcePath(path)} ${ref} is not in the grant's tools, so no call touches ${label} through it`,
        `add ${ref} to ${formatSourcePath(['grants', name, 'tools'])}, or remove it from the label`,
      );
    });
    for (const [key, allowed] of [
      ['folders', grant.folders.length],
      ['network', grant.network.length],
      ['secrets', grant.secrets.length],
    ] as const) {
      if ((spec[key] ?? []).length === 0 || allowed > 0) continue;
      const path = ['grants', name, 'labels', label, key];
      warn(
        path,
        'label_touches_nothing',
        `${formatSourcePath(path)}: the grant allows no ${key === 'network' ? 'host' : key === 'folders' ? 'folder' : 'secret'}, so no call touches ${label} through these entries`,
        `grant the ${key} the label names, or remove them from the label`,
      );
    }
  }
  (grant.flows ?? []).forEach((rule, index) => {
    const after = labels[rule.after];
    for (const denied of rule.deny ?? []) {
      const deny = labels[denied];
      if (after === undefined || deny === undefined) continue;
      const keys = ['tools', 'folders', 'network', 'secrets'] as const;
      if (
        !keys.every((key) => (deny[key] ?? []).every((entry) => (after[key] ?? []).includes(entry)))
      )
        continue;
      const path = ['grants', name, 'flows', index, 'deny'];
      warn(
        path,
        'flow_denies_after',
        `${formatSourcePath(path)} ${denied}: every entry of ${denied} is in ${rule.after}, so once a call touched ${rule.after} no later call may touch it again`,
        `deny a label that does not overlap ${rule.after}, such as one for where data leaves`,
      );
    }
  });
}
