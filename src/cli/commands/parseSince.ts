const ISO = /^\d{4}-\d\d-\d\d(?:T\d\d:\d\d(?::\d\d(?:\.\d{1,9})?)?(?:Z|[+-]\d\d:\d\d)?)?$/;

/**
 * Reads `--since`: an ISO 8601 date or time, as UTC ISO text with
 * milliseconds (the form rows are stored in). A time without a zone is UTC.
 * `undefined` for anything else.
 *
 * // '2026-12-01'                 => '2026-12-01T00:00:00.000Z'
 * // '2026-12-01T08:00+02:00'     => '2026-12-01T06:00:00.000Z'
 * // 'yesterday'                  => undefined
 */
export function parseSince(text: string): string | undefined {
  if (!ISO.test(text)) return undefined;
  const zoned = text.includes('T') && !/(?:Z|[+-]\d\d:\d\d)$/.test(text) ? `${text}Z` : text;
  const time = Date.parse(zoned);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}
