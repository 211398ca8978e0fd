import type { Dialect } from './recordMigrations.js';
import type { RecordFilter } from './types.js';

/**
 * The SELECT for `toolgate records`: rows matching every filter given, in
 * the order they were stored. Values go in as parameters, never as SQL.
 * `--tool` matches a ref exactly (`search@1`) or every version of a name
 * (`search`), case-sensitive, through the row's space-delimited `refs`.
 *
 * // ({ run: 'r1', tool: 'search' }, 'postgres', '"public".toolgate_records')
 * // => { sql: "SELECT … WHERE type IN ('turn', 'dispatch') AND run = $1 AND strpos(refs, $2) > 0 ORDER BY seq", params: ['r1', ' search@'] }
 */
export function buildRecordQuery(
  filter: RecordFilter,
  dialect: Dialect,
  table: string,
): { readonly sql: string; readonly params: readonly unknown[] } {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return dialect === 'postgres' ? `$${String(params.length)}` : '?';
  };
  const where: string[] = [];
  if (filter.fires !== true) where.push("type IN ('turn', 'dispatch')");
  if (filter.run !== undefined) where.push(`run = ${param(filter.run)}`);
  if (filter.code !== undefined) where.push(`code = ${param(filter.code)}`);
  if (filter.tool !== undefined) {
    // A name never holds '@' or a space: ' name@' starts exactly that name's refs.
    const needle = filter.tool.includes('@') ? ` ${filter.tool} ` : ` ${filter.tool}@`;
    const find = dialect === 'postgres' ? 'strpos' : 'instr';
    where.push(`${find}(refs, ${param(needle)}) > 0`);
  }
  if (filter.since !== undefined) where.push(`at >= ${param(filter.since)}`);
  const clause = where.length === 0 ? '' : ` WHERE ${where.join(' AND ')}`;
  return {
    sql: `SELECT type, run, turn, "call", step, settled, allowed, "check", code, ref, at, audit, record FROM ${table}${clause} ORDER BY seq`,
    params,
  };
}
