// Text length as JSON Schema's maxLength and a reader count it: code points, not UTF-16 units.

/** Characters in a text (a surrogate pair is one), without splitting a long text into an array. */
export function characterCount(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A surrogate pair is one character.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) i++;
    n++;
  }
  return n;
}
