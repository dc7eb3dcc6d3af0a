/**
 * Checks on JSON text made before it is parsed, so that nothing recursive ever sees an absurd
 * document: a linear scan, no recursion, no allocation.
 */

/** Whether arrays and objects in `text` nest deeper than `limit` (brackets inside strings do not count). */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * Whether a string in `text` holds U+0000, written `\u0000` (a raw NUL byte is not valid JSON at
 * all). An escaped backslash before `u0000` is a literal backslash, hence the even-run lookbehind.
 */
export function jsonHoldsNul(text: string): boolean {
  return /(?<!\\)(?:\\\\)*\\u0000/.test(text);
}

/** Whether plain text (a decoded query value or key, a path parameter) holds U+0000. */
export function holdsNul(text: string): boolean {
  return text.includes('\0');
}
