/**
 * An address or name someone typed, isolated from the direction of the sentence it is put into
 * (Unicode's first-strong isolate … pop directional isolate, the plain-text form of `<bdi>`): an
 * address in an Arabic sentence keeps its order, and the sentence keeps its own. For strings that
 * must stay strings (a dialog's title, a field's label); elements show user text with `dir="auto"`.
 */
export const isolate = (text: string): string => `\u2068${text}\u2069`;
