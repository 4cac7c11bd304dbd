/**
 * How Go quotes a value in its error messages, for the ports that repeat those messages: `%q` of a string
 * (strconv.Quote) and of a rune (strconv.QuoteRune), and the time package's own `quote`.
 */
import { isPrintable } from './go-text.js';

const ESCAPES: Readonly<Record<string, string>> = { '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '\\': '\\\\' };

const hex = (value: number, digits: number): string => value.toString(16).padStart(digits, '0');

/** strconv's appendQuotedWith: printable characters as they are, the C escapes, then `\x`, `\u` or `\U`. */
function quoteWith(text: string, quote: '"' | "'"): string {
  let out = quote;
  for (const char of text) {
    // A lone surrogate is no character: Go reads U+FFFD in its place, as the text's UTF-8 bytes hold.
    const c = /^[\uD800-\uDFFF]$/.test(char) ? '\uFFFD' : char;
    const code = c.codePointAt(0) as number;
    if (c === quote) out += `\\${c}`;
    else if (ESCAPES[c] !== undefined) out += ESCAPES[c];
    else if (isPrintable(c)) out += c;
    else if (code < 0x80) out += `\\x${hex(code, 2)}`;
    else if (code < 0x10000) out += `\\u${hex(code, 4)}`;
    else out += `\\U${hex(code, 8)}`;
  }
  return out + quote;
}

/** strconv.Quote, the `%q` of a string. */
export const goQuote = (text: string): string => quoteWith(text, '"');

/** strconv.QuoteRune, the `%q` of a rune (one character). */
export const goQuoteRune = (char: string): string => quoteWith(char, "'");

const encoder = new TextEncoder();

/** The time package's `quote` (its parse errors): printable ASCII as it is, every other byte as `\x`. */
export function goTimeQuote(text: string): string {
  let out = '"';
  for (const c of text) {
    const code = c.codePointAt(0) as number;
    if (code >= 0x80 || code < 0x20) for (const byte of encoder.encode(c)) out += `\\x${hex(byte, 2)}`;
    else out += c === '"' || c === '\\' ? `\\${c}` : c;
  }
  return out + '"';
}
