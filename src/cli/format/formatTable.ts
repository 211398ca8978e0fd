/**
 * A plain-text table: each column as wide as its longest cell plus two
 * spaces, the last column left ragged, no trailing spaces.
 *
 * // (['A', 'B'], [['x', 'y']]) => 'A  B\nx  y'
 */
export function formatTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const all = [header, ...rows];
  const widths = header.map((_, column) =>
    Math.max(...all.map((row) => (row[column] ?? '').length)),
  );
  return all
    .map((row) =>
      row
        .map((cell, column) =>
          column === row.length - 1 ? cell : cell.padEnd((widths[column] ?? 0) + 2),
        )
        .join('')
        .trimEnd(),
    )
    .join('\n');
}
