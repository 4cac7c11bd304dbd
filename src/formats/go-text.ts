/**
 * Go's classes of characters as its parsers and messages use them on text: unicode.IsPrint, and unicode.IsSpace with
 * strings.TrimSpace, strings.Trim and strings.TrimRight; and regexp.QuoteMeta. The trims walk the text instead of
 * matching a `[...]+$` pattern, which retries at every character of a long run inside the text and so takes time
 * quadratic in its length.
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

/** The text without the characters `cut` says of at its end, and at its start too unless `rightOnly`. */
function trimmed(text: string, cut: (char: string) => boolean, rightOnly = false): string {
  let start = 0;
  let end = text.length;
  if (!rightOnly) while (start < end && cut(text[start] as string)) start++;
  while (end > start && cut(text[end - 1] as string)) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** strings.TrimSpace. */
export const goTrimSpace = (text: string): string => trimmed(text, (char) => SPACE.test(char));

/** strings.Trim(text, cutset): without the characters of `cutset` at either end. */
export const goTrim = (text: string, cutset: string): string => trimmed(text, (char) => cutset.includes(char));

/** strings.TrimRight(text, cutset): without the characters of `cutset` at its end. */
export const goTrimRight = (text: string, cutset: string): string => trimmed(text, (char) => cutset.includes(char), true);

/**
 * regexp.QuoteMeta: the text as a pattern that matches it literally. Go escapes the same characters JavaScript's
 * syntax gives a meaning (`\.+*?()|[]{}^$`), so the pattern serves a RegExp as well as RE2.
 */
export const quoteMeta = (text: string): string => text.replace(/[\\.+*?()|[\]{}^$]/g, '\\$&');
