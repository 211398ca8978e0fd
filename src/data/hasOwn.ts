/** Is `key` an own property of `value`? Immune to a polluted `Object.prototype`. */
export const hasOwn = (value: object, key: PropertyKey): boolean =>
  Object.prototype.hasOwnProperty.call(value, key);
