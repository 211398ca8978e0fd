/** Escapes one JSON Pointer segment. // a/b~c => a~1b~0c */
export function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}
