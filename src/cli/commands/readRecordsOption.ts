/** Reads `--records`: `sqlite:PATH`, `jsonl:PATH`, or a path ending in `.db`/`.sqlite` or `.jsonl`. */
export function readRecordsOption(
  text: string,
): { readonly kind: 'sqlite' | 'jsonl'; readonly path: string } | undefined {
  if (text.startsWith('sqlite:') && text.length > 7) return { kind: 'sqlite', path: text.slice(7) };
  if (text.startsWith('jsonl:') && text.length > 6) return { kind: 'jsonl', path: text.slice(6) };
  if (/\.(?:db|sqlite)$/.test(text)) return { kind: 'sqlite', path: text };
  if (text.endsWith('.jsonl')) return { kind: 'jsonl', path: text };
  return undefined;
}
