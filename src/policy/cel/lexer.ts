/**
 * The CEL lexer (cel-go's CEL.g4 lexer rules): identifiers, int, uint, double, string and bytes literals (quoted,
 * triple-quoted, raw), operators and punctuation; `//` comments and whitespace are skipped.
 */
import { unescapeLiteral } from './unescape.js';

export type TokenKind = 'ident' | 'int' | 'uint' | 'double' | 'string' | 'bytes' | 'punct' | 'eof';

export interface Token {
  kind: TokenKind;
  /** The text for punctuation and identifiers; the decoded value's source for literals. */
  text: string;
  /** Decoded value of a string (string) or bytes (Uint8Array) literal. */
  value?: string | Uint8Array;
  start: number;
  end: number;
}

export class SyntaxProblem extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const PUNCTUATION = ['==', '!=', '<=', '>=', '&&', '||', '<', '>', '!', '+', '-', '*', '/', '%', '?', ':', '.', ',', '(', ')', '[', ']', '{', '}'];
const IDENT_START = /[A-Za-z_]/;
const IDENT_PART = /[A-Za-z0-9_]/;
const DIGIT = /[0-9]/;
const HEX = /[0-9A-Fa-f]/;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i] as string;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') {
      i++;
      continue;
    }
    if (c === '/' && text[i + 1] === '/') {
      while (i < n && text[i] !== '\n') i++;
      continue;
    }
    const start = i;
    // String and bytes literals, with their r/b prefixes.
    const prefix = /^(?:[rR][bB]?|[bB][rR]?)?(?=["'])/.exec(text.slice(i, i + 3));
    if (prefix && (prefix[0] !== '' || c === '"' || c === "'")) {
      const isRaw = /[rR]/.test(prefix[0]);
      const isBytes = /[bB]/.test(prefix[0]);
      const quoted = i + prefix[0].length;
      const { end } = scanString(text, quoted, isRaw);
      const raw = text.slice(i, end);
      let value: string | Uint8Array;
      try {
        value = unescapeLiteral(text.slice(quoted, end), isBytes, isRaw);
      } catch (error) {
        throw new SyntaxProblem(`Syntax error: ${(error as Error).message}`, start);
      }
      tokens.push({ kind: isBytes ? 'bytes' : 'string', text: raw, value, start, end });
      i = end;
      continue;
    }
    if (IDENT_START.test(c)) {
      while (i < n && IDENT_PART.test(text[i] as string)) i++;
      tokens.push({ kind: 'ident', text: text.slice(start, i), start, end: i });
      continue;
    }
    if (c === '`') {
      const close = text.indexOf('`', i + 1);
      if (close < 0) throw new SyntaxProblem("Syntax error: token recognition error at: '`'", start);
      tokens.push({ kind: 'ident', text: text.slice(start, close + 1), start, end: close + 1 });
      i = close + 1;
      continue;
    }
    if (DIGIT.test(c) || (c === '.' && DIGIT.test(text[i + 1] ?? ''))) {
      tokens.push(scanNumber(text, i));
      i = (tokens.at(-1) as Token).end;
      continue;
    }
    const punct = PUNCTUATION.find((p) => text.startsWith(p, i));
    if (!punct) throw new SyntaxProblem(`Syntax error: token recognition error at: '${c}'`, start);
    tokens.push({ kind: 'punct', text: punct, start, end: i + punct.length });
    i += punct.length;
  }
  tokens.push({ kind: 'eof', text: '<EOF>', start: n, end: n });
  return tokens;
}

function scanString(text: string, i: number, raw: boolean): { end: number } {
  const quote = text[i] as string;
  const triple = text.startsWith(quote.repeat(3), i);
  let j = i + (triple ? 3 : 1);
  while (j < text.length) {
    const c = text[j];
    if (c === '\\' && !raw) {
      j += 2;
      continue;
    }
    if (triple ? text.startsWith(quote.repeat(3), j) : c === quote) return { end: j + (triple ? 3 : 1) };
    if (!triple && (c === '\n' || c === '\r')) break;
    j++;
  }
  throw new SyntaxProblem(`Syntax error: token recognition error at: '${text.slice(i, Math.min(text.length, j + 1))}'`, i);
}

function scanNumber(text: string, start: number): Token {
  let i = start;
  if (text[i] === '0' && /[xX]/.test(text[i + 1] ?? '') && HEX.test(text[i + 2] ?? '')) {
    i += 2;
    while (HEX.test(text[i] ?? '')) i++;
    if (/[uU]/.test(text[i] ?? '')) return { kind: 'uint', text: text.slice(start, i), start, end: i + 1 };
    return { kind: 'int', text: text.slice(start, i), start, end: i };
  }
  while (DIGIT.test(text[i] ?? '')) i++;
  let isDouble = false;
  if (text[i] === '.' && DIGIT.test(text[i + 1] ?? '')) {
    isDouble = true;
    i++;
    while (DIGIT.test(text[i] ?? '')) i++;
  }
  const exponent = /^[eE][+-]?[0-9]+/.exec(text.slice(i));
  if (exponent) {
    isDouble = true;
    i += exponent[0].length;
  }
  if (isDouble) return { kind: 'double', text: text.slice(start, i), start, end: i };
  if (/[uU]/.test(text[i] ?? '')) return { kind: 'uint', text: text.slice(start, i), start, end: i + 1 };
  return { kind: 'int', text: text.slice(start, i), start, end: i };
}
