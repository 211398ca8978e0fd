import type { Budgets } from '../grant/types.js';
import type { LedgerState } from './ledgerTypes.js';

/** How often a turn decides again when other processes keep spending on its run first. */
export const MAX_LEDGER_ATTEMPTS = 1000;

/** Waits 1–16 ms at random: how an async run backs off after losing a race on its ledger. */
export function backOff(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1 + Math.floor(Math.random() * 16)));
}

/**
 * Is a run finished on its shared ledger: dead-lettered by some process, or
 * spent past a budget (which the compare-and-swap spend never does; a
 * ledger showing it is not trusted to allow more)? Spending a budget
 * exactly is not finished: the last turn may still dispatch its calls.
 *
 * // ({ turns: 3, toolCalls: 5, dead: false }, { turns: 3 })     => false
 * // ({ turns: 4, toolCalls: 5, dead: false }, { turns: 3 })     => true
 * // ({ turns: 1, toolCalls: 0, dead: true }, {})                => true
 */
export function isLedgerSpentOut(state: LedgerState, budgets: Budgets): boolean {
  return (
    state.dead ||
    (budgets.turns !== undefined && state.turns > budgets.turns) ||
    (budgets.toolCalls !== undefined && state.toolCalls > budgets.toolCalls)
  );
}
