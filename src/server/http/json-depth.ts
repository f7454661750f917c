/**
 * How deeply a JSON text nests its objects and arrays, read in one pass over its characters
 * without parsing it, so that a body too deep for the server's recursive walks is refused first.
 */

/** The deepest a request body may nest: the deepest route reads five levels (a booking's travellers' fields). */
export const MAX_JSON_DEPTH = 32;

/**
 * The greatest nesting of `text` (0 for a bare value), or a number over `stopAbove` as soon as it
 * goes past it. Brackets inside strings do not count; the text need not be valid JSON (the parser
 * that follows refuses what is not).
 */
export function jsonDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++; // a backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b || code === 0x5b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (code === 0x7d || code === 0x5d) {
      depth--;
    }
  }
  return deepest;
}
