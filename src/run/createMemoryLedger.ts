import { extend } from '../data/extend.js';
import type { TouchedLabel } from '../gate/types.js';
import type { LedgerSpend, LedgerState, RunLedger } from './ledgerTypes.js';

/** A ledger in memory: its answers are immediate. */
export interface MemoryLedger extends RunLedger {
  readonly read: (run: string) => LedgerState;
  readonly spend: (run: string, seen: LedgerState, add: LedgerSpend) => boolean;
  readonly acceptApproval: (run: string, token: string) => boolean;
  readonly touch: (
    run: string,
    seen: readonly TouchedLabel[],
    labels: readonly TouchedLabel[],
  ) => boolean;
}

const NONE: readonly TouchedLabel[] = /* @__PURE__ */ Object.freeze([]);
const FRESH: LedgerState = /* @__PURE__ */ Object.freeze({
  turns: 0,
  toolCalls: 0,
  dead: false,
  touched: NONE,
});

/**
 * Creates a ledger in memory: runs of the same id in this process (given
 * this one ledger) share one budget and the labels their dispatches touched,
 * and accept each approval token once.
 * For a fleet of processes use `createPostgresLedger` (`toolgate/postgres`).
 *
 * // const ledger = createMemoryLedger();
 * // createRun({ gate, grant, id: 'run-42', ledger }); createRun({ gate, grant, id: 'run-42', ledger })
 */
export function createMemoryLedger(): MemoryLedger {
  const runs = new Map<string, LedgerState>();
  const approvals = new Map<string, Set<string>>();
  return Object.freeze({
    read: (run: string) => runs.get(run) ?? FRESH,
    spend: (run: string, seen: LedgerState, add: LedgerSpend) => {
      const now = runs.get(run) ?? FRESH;
      if (now.turns !== seen.turns || now.toolCalls !== seen.toolCalls || now.dead !== seen.dead)
        return false;
      runs.set(
        run,
        Object.freeze({
          turns: now.turns + add.turns,
          toolCalls: now.toolCalls + add.toolCalls,
          dead: now.dead || add.dead,
          touched: now.touched ?? NONE,
        }),
      );
      return true;
    },
    touch: (run: string, seen: readonly TouchedLabel[], labels: readonly TouchedLabel[]) => {
      const now = runs.get(run) ?? FRESH;
      const touched = now.touched ?? NONE;
      if (
        touched.length !== seen.length ||
        touched.some((entry, n) => entry.label !== seen[n]?.label)
      )
        return false;
      if (labels.some((entry) => touched.some((held) => held.label === entry.label))) return false;
      const added = labels.map((entry) => Object.freeze({ ...entry }));
      runs.set(run, Object.freeze(extend(now, { touched: Object.freeze([...touched, ...added]) })));
      return true;
    },
    acceptApproval: (run: string, token: string) => {
      const used = approvals.get(run) ?? new Set<string>();
      approvals.set(run, used);
      if (used.has(token)) return false;
      used.add(token);
      return true;
    },
  });
}
