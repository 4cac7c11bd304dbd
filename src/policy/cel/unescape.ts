/**
 * String and bytes literals decoded as cel-go's parser/unescape.go does: quotes (single, double, triple), the raw
 * prefix, and the escapes \a \b \f \n \r \t \v \\ \' \" \` \? \xHH \uHHHH \UHHHHHHHH and three-digit octal.
 * Newlines (\r\n, \r) become \n. Errors carry cel-go's words.
 */

const SIMPLE: Readonly<Record<string, number>> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, '\\': 92, "'": 39, '"': 34, '`': 96, '?': 63 };

function utf8(text: string): number[] {
  return [...new TextEncoder().encode(text)];
}

/** `literal` is the literal as written, with its quotes, without its r/b prefixes. */
export function unescapeLiteral(literal: string, isBytes: boolean, raw: boolean): string | Uint8Array {
  let value = literal.replace(/\r\n|\r/g, '\n');
  if (value.length >= 6 && (value.startsWith("'''") || value.startsWith('"""'))) value = value.slice(3, -3);
  else value = value.slice(1, -1);
  if (raw || !value.includes('\\')) return isBytes ? new TextEncoder().encode(value) : value;
  const bytes: number[] = [];
  let i = 0;
  while (i < value.length) {
    const c = value[i] as string;
    if (c !== '\\') {
      const cp = value.codePointAt(i) as number;
      const ch = String.fromCodePoint(cp);
      bytes.push(...utf8(ch));
      i += ch.length;
      continue;
    }
    if (i + 1 >= value.length) throw new Error("unable to unescape string, found '\\' as last character");
    const e = value[i + 1] as string;
    i += 2;
    const simple = SIMPLE[e];
    if (simple !== undefined) {
      bytes.push(simple);
      continue;
    }
    if (e === 'x' || e === 'X' || e === 'u' || e === 'U') {
      const digits = e === 'x' || e === 'X' ? 2 : e === 'u' ? 4 : 8;
      if (isBytes && (e === 'u' || e === 'U')) throw new Error('unable to unescape string');
      const hex = value.slice(i, i + digits);
      if (hex.length < digits || !/^[0-9a-fA-F]+$/.test(hex)) throw new Error('unable to unescape string');
      i += digits;
      const v = parseInt(hex, 16);
      if (isBytes) {
        bytes.push(v);
        continue;
      }
      if (v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) throw new Error('invalid unicode code point');
      bytes.push(...utf8(String.fromCodePoint(v)));
      continue;
    }
    if (e >= '0' && e <= '3') {
      const rest = value.slice(i, i + 2);
      if (!/^[0-7]{2}$/.test(rest)) throw new Error('unable to unescape octal sequence in string');
      i += 2;
      const v = parseInt(e + rest, 8);
      if (isBytes) bytes.push(v);
      else bytes.push(...utf8(String.fromCodePoint(v)));
      continue;
    }
    throw new Error('unable to unescape string');
  }
  const out = Uint8Array.from(bytes);
  return isBytes ? out : new TextDecoder().decode(out);
}
