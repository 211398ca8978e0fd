import { RECORD_COLUMNS } from './recordMigrations.js';
import type { RecordRow } from './types.js';

/**
 * A row's values in `RECORD_COLUMNS` order, booleans as the dialect stores
 * them (SQLite: 1 and 0).
 *
 * // (row, 'sqlite') => ['r1', 'dispatch', 0, 0, null, null, 1, null, null, 'search@1', ' search@1 ', '2026-…', 0, '{…}']
 */
export function rowValues(row: RecordRow, dialect: 'sqlite' | 'postgres'): unknown[] {
  const bool = (value: boolean | null) =>
    value === null || dialect === 'postgres' ? value : value ? 1 : 0;
  return RECORD_COLUMNS.map((column) => {
    const value = row[column];
    if (typeof value === 'boolean' || value === null) return bool(value);
    // PostgreSQL text cannot hold U+0000: a run id or step with one is stored escaped.
    return typeof value === 'string' && dialect === 'postgres'
      ? value.replaceAll('\0', '\\u0000')
      : value;
  });
}
