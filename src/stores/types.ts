/**
 * One row of a record store (SQLite or PostgreSQL; the same columns in
 * both): a turn, a dispatch or a fire of one run. Columns a kind of row
 * does not have are `null`.
 */
export interface RecordRow {
  /** The run's id; `null` when the run was given none. */
  readonly run: string | null;
  readonly type: 'turn' | 'dispatch' | 'fire';
  /** The turn's index in its run. */
  readonly turn: number;
  /** Which call of the turn (0-based): dispatch and fire rows. */
  readonly call: number | null;
  /** Turn rows: the step's name, when the turn had one. */
  readonly step: string | null;
  /** Turn rows: how the turn settled. */
  readonly settled: string | null;
  /** Dispatch rows: was the call allowed? */
  readonly allowed: boolean | null;
  /** The refusal's check id and code, when the turn or dispatch was refused. */
  readonly check: string | null;
  readonly code: string | null;
  /** The call's ref (dispatch and fire rows), or the refused call's ref (turn rows). */
  readonly ref: string | null;
  /** Every ref the row is about, each between spaces (` a@1 b@2 `), for `--tool`. */
  readonly refs: string;
  /** When the store took the row: ISO 8601, UTC, milliseconds. */
  readonly at: string;
  /** Made in audit mode (`enforce: false`). */
  readonly audit: boolean;
  /** The redacted record as JSON text. */
  readonly record: string;
}

/** Which rows `toolgate records` lists. Every filter given must match. */
export interface RecordFilter {
  readonly run?: string;
  readonly code?: string;
  /** A ref (`name@version`) or a tool name. */
  readonly tool?: string;
  /** ISO 8601, UTC, milliseconds: rows taken at or after it. */
  readonly since?: string;
  /** Also list fire rows (§13 lists turn and dispatch rows). */
  readonly fires?: boolean;
}
