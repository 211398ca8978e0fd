/** One line of `toolgate records --json` (SPEC §13). */
export interface RecordLine {
  readonly type: 'turn' | 'dispatch' | 'fire';
  readonly run: string | null;
  readonly turn: number;
  readonly call?: number;
  readonly step?: string;
  readonly settled?: string;
  readonly allowed?: boolean;
  readonly check?: string;
  readonly code?: string;
  readonly ref?: string;
  /** ISO 8601, UTC. */
  readonly at: string;
  readonly audit?: true;
  /** The redacted record. */
  readonly record: unknown;
}

/**
 * A stored row as SPEC §13's JSON line: absent columns left out, SQLite's
 * 1/0 read as booleans, PostgreSQL's dates as ISO text, the record parsed.
 *
 * // { type: 'dispatch', run: 'r1', turn: 0, call: 0, allowed: 1, ref: 'search@1', at: '2026-…', audit: 0, record: '{…}' }
 * // => { type: 'dispatch', run: 'r1', turn: 0, call: 0, allowed: true, ref: 'search@1', at: '2026-…', record: {…} }
 */
export function toRecordLine(row: Readonly<Record<string, unknown>>): RecordLine {
  const text = (key: string) => (typeof row[key] === 'string' ? { [key]: row[key] } : {});
  const at = row.at instanceof Date ? row.at.toISOString() : String(row.at);
  const allowed =
    row.allowed === null || row.allowed === undefined ? {} : { allowed: Boolean(row.allowed) };
  return {
    type: row.type as RecordLine['type'],
    run: typeof row.run === 'string' ? row.run : null,
    turn: Number(row.turn),
    ...(typeof row.call === 'number' ? { call: row.call } : {}),
    ...text('step'),
    ...text('settled'),
    ...allowed,
    ...text('check'),
    ...text('code'),
    ...text('ref'),
    at,
    ...(row.audit === true || row.audit === 1 ? { audit: true as const } : {}),
    record: typeof row.record === 'string' ? (JSON.parse(row.record) as unknown) : row.record,
  };
}
