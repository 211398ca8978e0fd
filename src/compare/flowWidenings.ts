import type { FlowRule, Grant, LabelSpec } from '../grant/types.js';
import type { Widening } from './types.js';

/**
 * The flow rules of `before` that `after` no longer holds as strongly: a
 * rule dropped, its `deny` or `ask` shortened (an `ask` label may move to
 * `deny`), or a label it names narrowed. A label is kept when `after`'s has
 * every entry of `before`'s (a label matches the union of its entries, so
 * more entries match more). Conservative: a change this cannot show is
 * stronger is a widening.
 *
 * // before { after: private, deny: [public] }, after without flows
 * // => [{ kind: 'flow', entry: '{ after: private, deny: public }', witness: { after: 'private', deny: ['public'] } }]
 */
export function flowWidenings(before: Grant, after: Grant): Widening[] {
  const widenings: Widening[] = [];
  for (const rule of before.flows ?? []) {
    const kept = (after.flows ?? []).some((candidate) => holds(rule, candidate, before, after));
    if (!kept) widenings.push({ kind: 'flow', entry: describeRule(rule), witness: rule });
  }
  return widenings;
}

/** Does `candidate` (of `after`) hold at least as much as `rule` (of `before`)? */
function holds(rule: FlowRule, candidate: FlowRule, before: Grant, after: Grant): boolean {
  if (candidate.after !== rule.after || !isLabelKept(rule.after, before, after)) return false;
  const deny = candidate.deny ?? [];
  const ask = candidate.ask ?? [];
  const denied = (rule.deny ?? []).every(
    (label) => deny.includes(label) && isLabelKept(label, before, after),
  );
  const asked = (rule.ask ?? []).every((name) =>
    name.includes('@')
      ? ask.includes(name)
      : (ask.includes(name) || deny.includes(name)) && isLabelKept(name, before, after),
  );
  return denied && asked;
}

/** Does `after`'s label of this name hold every entry `before`'s does? */
function isLabelKept(name: string, before: Grant, after: Grant): boolean {
  const was = before.labels?.[name];
  const is = after.labels?.[name];
  if (was === undefined) return true;
  if (is === undefined) return false;
  const keys: (keyof LabelSpec)[] = ['tools', 'folders', 'network', 'secrets'];
  return keys.every((key) => (was[key] ?? []).every((entry) => (is[key] ?? []).includes(entry)));
}

/** A rule as a person reads it: `{ after: private, deny: public, ask: fs-write@1 }`. */
export function describeRule(rule: FlowRule): string {
  const parts = [`after: ${rule.after}`];
  if (rule.deny !== undefined) parts.push(`deny: ${rule.deny.join(', ')}`);
  if (rule.ask !== undefined) parts.push(`ask: ${rule.ask.join(', ')}`);
  return `{ ${parts.join(', ')} }`;
}
