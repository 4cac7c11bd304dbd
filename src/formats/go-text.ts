/**
 * Go's classes of characters as its parsers and messages use them on text: unicode.IsPrint, and unicode.IsSpace with
 * strings.TrimSpace and strings.TrimRight. The trims walk the text instead of matching a `[...]+$` pattern, which
 * retries at every character of a long run inside the text and so takes time quadratic in its length.
 */

/** A character unicode.IsPrint refuses: not a letter, mark, number, punctuation, symbol or the ASCII space. */
const UNPRINTABLE = /[^\p{L}\p{M}\p{N}\p{P}\p{S} ]/u;

/** The first character of a text that unicode.IsPrint refuses, if any. */
export function firstUnprintable(text: string): string | undefined {
  return UNPRINTABLE.exec(text)?.[0];
}

/** unicode.IsPrint, of one character. */
export const isPrintable = (char: string): boolean => !UNPRINTABLE.test(char);

/** unicode.IsSpace: \t \n \v \f \r, the space, U+0085, U+00A0 and the Unicode spaces (Zs, Zl, Zp). */
const SPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;

/** strings.TrimSpace. */
export function goTrimSpace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && SPACE.test(text[start] as string)) start++;
  while (end > start && SPACE.test(text[end - 1] as string)) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** strings.TrimRight(text, cutset): without the characters of `cutset` at its end. */
export function goTrimRight(text: string, cutset: string): string {
  let end = text.length;
  while (end > 0 && cutset.includes(text[end - 1] as string)) end--;
  return end === text.length ? text : text.slice(0, end);
}
