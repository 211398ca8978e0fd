/**
 * A short name that occurs in none of the texts, and that `accept` takes,
 * so a candidate built with it falls in no literal's class by accident.
 *
 * // (['/srv/x', '!x.pem']) => 'x1'
 * // (['!?'], 'x', (name) => name.length > 1) => 'x1'
 */
export function freshName(
  texts: readonly string[],
  base = 'x',
  accept: (name: string) => boolean = () => true,
): string {
  for (let index = 0; ; index++) {
    const name = index === 0 ? base : `${base}${String(index)}`;
    if (!texts.some((text) => text.includes(name)) && accept(name)) return name;
  }
}
