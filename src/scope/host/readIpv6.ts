/**
 * Reads a bracketed IPv6 address in hex groups (as the WHATWG URL parser
 * writes it) as a 128-bit number. Groups are 1–4 hex digits; one `::` may
 * stand for a run of zero groups; an embedded dotted IPv4 tail is not read
 * (the URL parser never writes one).
 *
 * // [::1] => 1n; [fd00::] => 0xfd00n << 112n; [::ffff:a00:1] => 0xffff0a000001n
 * // ::1, [::1]:80, [1:2], [1::2::3], [::ffff:10.0.0.1] => undefined
 *
 * @param text Any text; only `[` … `]` can be read.
 * @returns The address as a bigint, or `undefined`.
 */
export function readIpv6(text: string): bigint | undefined {
  if (!text.startsWith('[') || !text.endsWith(']')) return undefined;
  const inner = text.slice(1, -1);
  const gap = inner.indexOf('::');
  if (gap !== -1 && inner.includes('::', gap + 1)) return undefined;
  const head = gap === -1 ? inner : inner.slice(0, gap);
  const tail = gap === -1 ? '' : inner.slice(gap + 2);
  const headGroups = readGroups(head);
  const tailGroups = readGroups(tail);
  if (headGroups === undefined || tailGroups === undefined) return undefined;
  const count = headGroups.length + tailGroups.length;
  // [1:2:3:4:5:6:7:8] => no gap, 8 groups; [1::8] => the gap stands for at least one group
  if (gap === -1 ? count !== 8 : count > 7) return undefined;
  const groups = [...headGroups, ...new Array<number>(8 - count).fill(0), ...tailGroups];
  let value = 0n;
  for (const group of groups) value = (value << 16n) | BigInt(group);
  return value;
}

const GROUP = /^[\da-f]{1,4}$/i;

/** "1:ab:0" => [1, 171, 0]; "" => []; "1::", "12345", "g" => undefined */
function readGroups(text: string): number[] | undefined {
  if (text === '') return [];
  const groups: number[] = [];
  for (const group of text.split(':')) {
    if (!GROUP.test(group)) return undefined;
    groups.push(parseInt(group, 16));
  }
  return groups;
}
