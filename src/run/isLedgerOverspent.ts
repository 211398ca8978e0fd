import type { Budgets } from '../grant/types.js';
import type { LedgerState } from './ledgerTypes.js';

/** How often a turn decides again when other processes keep spending on its run first. */
export const MAX_LEDGER_ATTEMPTS = 1000;

/** Waits 1–16 ms at random: how an async run backs off after losing a race on its ledger. */
export function backOff(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1 + Math.floor(Math.random() * 16)));
}

/**
 * Has a run spent past a budget on its shared ledger? The compare-and-swap
 * spend never does that; a ledger showing it is not trusted to allow more.
 * Spending a budget exactly is not overspending, and neither is a run some
 * process dead-lettered since: a call authorized before was paid for and
 * may still be dispatched.
 *
 * // ({ turns: 3, toolCalls: 5, dead: true }, { turns: 3 })      => false
 * // ({ turns: 4, toolCalls: 5, dead: false }, { turns: 3 })     => true
 */
export function isLedgerOverspent(state: LedgerState, budgets: Budgets): boolean {
  return (
    (budgets.turns !== undefined && state.turns > budgets.turns) ||
    (budgets.toolCalls !== undefined && state.toolCalls > budgets.toolCalls)
  );
}
