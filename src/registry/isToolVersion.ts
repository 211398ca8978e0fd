/** Is this a tool version: a positive safe integer? */
export function isToolVersion(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}
