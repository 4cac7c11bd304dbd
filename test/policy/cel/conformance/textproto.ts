/**
 * A reader of the protocol buffer text format (protobuf's text_format, as prototext.Unmarshal reads the cel-spec
 * conformance files): `name: value` and `name { ... }` fields (the colon before a message is optional, `<...>` is a
 * message too), `name: [v, ...]` lists, `[type.url/Name] { ... }` Any expansions and `[ext.name]` extensions, `#` comments, quoted strings in either quote with C
 * escapes (octal, \x, \u, \U), adjacent strings concatenated, numbers, identifiers (enum names, true, inf...).
 * Without the schema it cannot know which fields repeat: every field is kept in order, and the converter decides.
 */

/** A scalar as written: the bytes of a string, or the text of a number or identifier. */
export type TextScalar = { kind: 'string'; bytes: Uint8Array } | { kind: 'number'; text: string } | { kind: 'ident'; text: string };

export interface TextField {
  name: string;
  value: TextScalar | TextMessage;
}

export interface TextMessage {
  kind: 'message';
  fields: TextField[];
}

const SIMPLE_ESCAPES: Readonly<Record<string, number>> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, '\\': 92, "'": 39, '"': 34, '?': 63 };

export class TextFormatReader {
  private at = 0;

  constructor(private readonly text: string) {}

  static parse(text: string): TextMessage {
    const reader = new TextFormatReader(text);
    const message = reader.fields(undefined);
    reader.skipSpace();
    if (reader.at < text.length) reader.fail('unexpected text');
    return message;
  }

  private fail(why: string): never {
    const line = this.text.slice(0, this.at).split('\n').length;
    throw new Error(`text format line ${line}: ${why}`);
  }

  private skipSpace(): void {
    for (;;) {
      const rest = /^(?:\s+|#[^\n]*)/.exec(this.text.slice(this.at, this.at + 4096));
      if (!rest) return;
      this.at += rest[0].length;
    }
  }

  private peek(): string {
    this.skipSpace();
    return this.text[this.at] ?? '';
  }

  private fields(close: string | undefined): TextMessage {
    const fields: TextField[] = [];
    for (;;) {
      const c = this.peek();
      if (c === '' || c === close) break;
      const name = this.fieldName();
      if (this.peek() === ':') this.at++;
      if (this.peek() === '[') {
        // `name: [a, b]`: the values of a repeated field, each one a field.
        this.at++;
        while (this.peek() !== ']') {
          fields.push({ name, value: this.value(name) });
          if (this.peek() === ',') this.at++;
        }
        this.at++;
      } else fields.push({ name, value: this.value(name) });
      if (this.peek() === ',' || this.peek() === ';') this.at++;
    }
    return { kind: 'message', fields };
  }

  private value(name: string): TextScalar | TextMessage {
    const open = this.peek();
    if (open !== '{' && open !== '<') return this.scalar();
    this.at++;
    const value = this.fields(open === '{' ? '}' : '>');
    if (this.peek() !== (open === '{' ? '}' : '>')) this.fail(`unclosed message ${name}`);
    this.at++;
    return value;
  }

  private fieldName(): string {
    if (this.peek() === '[') {
      const end = this.text.indexOf(']', this.at);
      if (end < 0) this.fail('unclosed extension name');
      const name = this.text.slice(this.at, end + 1).replace(/\s+/g, '');
      this.at = end + 1;
      return name;
    }
    const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.text.slice(this.at, this.at + 256));
    if (!match) this.fail('expected a field name');
    this.at += match[0].length;
    return match[0];
  }

  private scalar(): TextScalar {
    const c = this.peek();
    if (c === '"' || c === "'") {
      const parts: number[] = [];
      while (this.peek() === '"' || this.peek() === "'") parts.push(...this.quoted());
      return { kind: 'string', bytes: Uint8Array.from(parts) };
    }
    const match = /^-?(?:[0-9][0-9A-Za-z_.+-]*|\.[0-9][0-9A-Za-z_.+-]*|[A-Za-z_][A-Za-z0-9_]*)/.exec(this.text.slice(this.at, this.at + 256));
    if (!match) this.fail('expected a value');
    this.at += match[0].length;
    const text = match[0];
    return /^-?[0-9.]/.test(text) ? { kind: 'number', text } : { kind: 'ident', text };
  }

  /** One quoted string's bytes (the file is UTF-8; escapes give bytes or code points). */
  private quoted(): number[] {
    const quote = this.text[this.at] as string;
    this.at++;
    const bytes: number[] = [];
    const encoder = new TextEncoder();
    for (;;) {
      const c = this.text[this.at];
      if (c === undefined || c === '\n') this.fail('unterminated string');
      this.at++;
      if (c === quote) return bytes;
      if (c !== '\\') {
        const cp = this.text.codePointAt(this.at - 1) as number;
        if (cp > 0xffff) this.at++;
        bytes.push(...encoder.encode(String.fromCodePoint(cp)));
        continue;
      }
      const e = this.text[this.at] as string;
      this.at++;
      const simple = SIMPLE_ESCAPES[e];
      if (simple !== undefined) bytes.push(simple);
      else if (/[0-7]/.test(e)) {
        const digits = /^[0-7]{0,2}/.exec(this.text.slice(this.at))?.[0] ?? '';
        this.at += digits.length;
        bytes.push(parseInt(e + digits, 8) & 0xff);
      } else if (e === 'x' || e === 'X') {
        const digits = /^[0-9A-Fa-f]{1,2}/.exec(this.text.slice(this.at))?.[0];
        if (!digits) this.fail('bad \\x escape');
        this.at += digits.length;
        bytes.push(parseInt(digits, 16));
      } else if (e === 'u' || e === 'U') {
        const width = e === 'u' ? 4 : 8;
        const digits = this.text.slice(this.at, this.at + width);
        if (!new RegExp(`^[0-9A-Fa-f]{${width}}$`).test(digits)) this.fail(`bad \\${e} escape`);
        this.at += width;
        bytes.push(...encoder.encode(String.fromCodePoint(parseInt(digits, 16))));
      } else this.fail(`unknown escape \\${e}`);
    }
  }
}
