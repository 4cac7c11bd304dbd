/**
 * The CEL parser: a recursive-descent reading of cel-go's grammar (parser/gen/CEL.g4) that builds the same tree as
 * cel-go's parser (parser/parser.go): `-1` is a literal, `a.?b` and `a[?b]` are `_?._` and `_[?_]` calls (only when
 * optional syntax is on, else "unsupported syntax"), reserved identifiers are refused, and macros are expanded as
 * the environment's macro set says (parser/macro.go, ext/comprehensions.go...).
 */
import type { Expr, MapEntry, StructField } from './ast.js';
import { SyntaxProblem, tokenize, type Token } from './lexer.js';
import { expandMacro, type MacroSet } from './macros.js';
import { INT64_MAX, UINT64_MAX } from '../../formats/go-int.js';
import { CelUint } from './values.js';

export { SyntaxProblem } from './lexer.js';

export interface ParseOptions {
  optionalSyntax: boolean;
  macros: MacroSet;
}

export interface ParsedExpression {
  expr: Expr;
  /** Offsets of the nodes in the text, by id. */
  positions: Map<number, number>;
  /** The largest id given, for nodes added later. */
  maxId: number;
}

/** cel-go's defaults (parser/parser.go): recursion depth 250, 100,000 code points. */
export const MAX_RECURSION_DEPTH = 250;
export const MAX_CODE_POINTS = 100_000;

/** The words cel-go refuses as identifiers. */
export const RESERVED_IDENTIFIERS: ReadonlySet<string> = new Set(['as', 'break', 'const', 'continue', 'else', 'false', 'for', 'function', 'if', 'import', 'in', 'let', 'loop', 'package', 'namespace', 'null', 'return', 'true', 'var', 'void', 'while']);
const RELATIONS: Readonly<Record<string, string>> = { '<': '_<_', '<=': '_<=_', '>': '_>_', '>=': '_>=_', '==': '_==_', '!=': '_!=_', in: '@in' };

export class Parser {
  private tokens: Token[] = [];
  private at = 0;
  private nextId = 1;
  private depth = 0;
  private positions = new Map<number, number>();

  constructor(private readonly options: ParseOptions) {}

  parse(text: string): ParsedExpression {
    const codePoints = [...text].length;
    if (codePoints > MAX_CODE_POINTS) throw new SyntaxProblem(`expression code point size exceeds limit: size: ${codePoints}, limit ${MAX_CODE_POINTS}`, 0);
    this.tokens = tokenize(text);
    this.at = 0;
    // A syntax error thrown deep in the last expression left its depth behind.
    this.depth = 0;
    this.nextId = 1;
    this.positions = new Map();
    const expr = this.expr();
    const rest = this.peek();
    if (rest.kind !== 'eof') this.fail(`Syntax error: mismatched input '${rest.text}' expecting <EOF>`, rest);
    return { expr, positions: this.positions, maxId: this.nextId - 1 };
  }

  /** A new node id, positioned at `offset`. */
  id(offset: number): number {
    const id = this.nextId++;
    this.positions.set(id, offset);
    return id;
  }

  private peek(ahead = 0): Token {
    return this.tokens[Math.min(this.at + ahead, this.tokens.length - 1)] as Token;
  }

  private next(): Token {
    const token = this.peek();
    if (this.at < this.tokens.length - 1) this.at++;
    return token;
  }

  private is(text: string, ahead = 0): boolean {
    const token = this.peek(ahead);
    return (token.kind === 'punct' || token.kind === 'ident') && token.text === text;
  }

  private accept(text: string): Token | undefined {
    return this.is(text) ? this.next() : undefined;
  }

  private expect(text: string): Token {
    const token = this.accept(text);
    if (!token) {
      const found = this.peek();
      this.fail(`Syntax error: mismatched input '${found.text}' expecting '${text}'`, found);
    }
    return token as Token;
  }

  private fail(message: string, at: Token | number): never {
    throw new SyntaxProblem(message, typeof at === 'number' ? at : at.start);
  }

  private enter(token: Token): void {
    if (++this.depth > MAX_RECURSION_DEPTH) this.fail(`expression recursion limit exceeded: ${MAX_RECURSION_DEPTH}`, token);
  }

  private call(offset: number, fn: string, args: Expr[], target?: Expr): Expr {
    return target ? { kind: 'call', id: this.id(offset), fn, target, args } : { kind: 'call', id: this.id(offset), fn, args };
  }

  private expr(): Expr {
    this.enter(this.peek());
    const condition = this.or();
    const question = this.accept('?');
    let result = condition;
    if (question) {
      const whenTrue = this.or();
      this.expect(':');
      const whenFalse = this.expr();
      result = this.call(question.start, '_?_:_', [condition, whenTrue, whenFalse]);
    }
    this.depth--;
    return result;
  }

  private or(): Expr {
    let left = this.and();
    for (let op = this.accept('||'); op; op = this.accept('||')) left = this.call(op.start, '_||_', [left, this.and()]);
    return left;
  }

  private and(): Expr {
    let left = this.relation();
    for (let op = this.accept('&&'); op; op = this.accept('&&')) left = this.call(op.start, '_&&_', [left, this.relation()]);
    return left;
  }

  private relation(): Expr {
    let left = this.sum();
    for (;;) {
      const token = this.peek();
      const fn = token.kind === 'punct' || (token.kind === 'ident' && token.text === 'in') ? RELATIONS[token.text] : undefined;
      if (!fn) return left;
      this.next();
      left = this.call(token.start, fn, [left, this.sum()]);
    }
  }

  private sum(): Expr {
    let left = this.product();
    for (;;) {
      const op = this.accept('+') ?? this.accept('-');
      if (!op) return left;
      left = this.call(op.start, op.text === '+' ? '_+_' : '_-_', [left, this.product()]);
    }
  }

  private product(): Expr {
    let left = this.unary();
    for (;;) {
      const op = this.accept('*') ?? this.accept('/') ?? this.accept('%');
      if (!op) return left;
      left = this.call(op.start, op.text === '*' ? '_*_' : op.text === '/' ? '_/_' : '_%_', [left, this.unary()]);
    }
  }

  private unary(): Expr {
    const token = this.peek();
    if (token.kind === 'punct' && token.text === '-' && ['int', 'double'].includes(this.peek(1).kind)) {
      // `-1` is a negative literal (the grammar's `sign=MINUS? NUM_INT`), so the smallest int64 can be written.
      this.next();
      return this.member(this.literal(this.next(), true, token.start));
    }
    for (const op of ['!', '-'] as const) {
      if (!this.is(op)) continue;
      const ops: Token[] = [];
      while (this.is(op)) ops.push(this.next());
      this.enter(token);
      let operand = this.member(this.primary());
      this.depth--;
      // cel-go drops pairs of `!` and of `-` (parser.go VisitLogicalNot and VisitNegate).
      if (ops.length % 2 === 0) return operand;
      operand = this.call((ops[0] as Token).start, op === '!' ? '!_' : '-_', [operand]);
      return operand;
    }
    return this.member(this.primary());
  }

  private member(operand: Expr): Expr {
    let expr = operand;
    for (;;) {
      const dot = this.accept('.');
      if (dot) {
        const optional = this.accept('?');
        const name = this.identifier();
        if (!optional && this.is('(')) {
          this.next();
          const args = this.args(')');
          expr = this.receiverCall(name.start, name.text, expr, args);
          continue;
        }
        if (optional) {
          if (!this.options.optionalSyntax) this.fail("unsupported syntax '.?'", dot);
          const field: Expr = { kind: 'literal', id: this.id(name.start), value: name.text };
          expr = this.call(dot.start, '_?._', [expr, field]);
          continue;
        }
        expr = { kind: 'select', id: this.id(dot.start), operand: expr, field: name.text, testOnly: false };
        continue;
      }
      const open = this.accept('[');
      if (open) {
        const optional = this.accept('?');
        if (optional && !this.options.optionalSyntax) this.fail("unsupported syntax '[?'", open);
        const index = this.expr();
        this.expect(']');
        expr = this.call(open.start, optional ? '_[?_]' : '_[_]', [expr, index]);
        continue;
      }
      return expr;
    }
  }

  /** A field or method name: an identifier, or a backquoted name (`a.\`b-c\``). */
  private identifier(): Token {
    const token = this.next();
    if (token.kind !== 'ident') this.fail(`Syntax error: mismatched input '${token.text}' expecting IDENTIFIER`, token);
    if (token.text.startsWith('`')) return { ...token, text: token.text.slice(1, -1) };
    return token;
  }

  private args(close: string): Expr[] {
    const args: Expr[] = [];
    if (this.accept(close)) return args;
    for (;;) {
      args.push(this.expr());
      if (this.accept(close)) return args;
      this.expect(',');
    }
  }

  private receiverCall(offset: number, name: string, target: Expr, args: Expr[]): Expr {
    const expanded = expandMacro(this, this.options.macros, name, target, args, offset);
    return expanded ?? this.call(offset, name, args, target);
  }

  private primary(): Expr {
    const token = this.peek();
    this.enter(token);
    try {
      return this.primaryInner();
    } finally {
      this.depth--;
    }
  }

  private primaryInner(): Expr {
    const token = this.next();
    switch (token.kind) {
      case 'int':
      case 'uint':
      case 'double':
      case 'string':
      case 'bytes':
        return this.literal(token, false, token.start);
      case 'eof':
        return this.fail("Syntax error: mismatched input '<EOF>' expecting an expression", token);
      default:
        break;
    }
    if (token.kind === 'ident') {
      if (token.text === 'true' || token.text === 'false') return { kind: 'literal', id: this.id(token.start), value: token.text === 'true' };
      if (token.text === 'null') return { kind: 'literal', id: this.id(token.start), value: null };
      return this.identOrCall(token, '');
    }
    switch (token.text) {
      case '.': {
        const name = this.next();
        if (name.kind !== 'ident') this.fail(`Syntax error: mismatched input '${name.text}' expecting IDENTIFIER`, name);
        return this.identOrCall(name, '.');
      }
      case '(': {
        const inner = this.expr();
        this.expect(')');
        return inner;
      }
      case '[':
        return this.list(token);
      case '{':
        return this.map(token);
      default:
        return this.fail(`Syntax error: mismatched input '${token.text}' expecting an expression`, token);
    }
  }

  private identOrCall(token: Token, leadingDot: string): Expr {
    if (token.text.startsWith('`')) this.fail(`Syntax error: mismatched input '${token.text}' expecting IDENTIFIER`, token);
    if (RESERVED_IDENTIFIERS.has(token.text)) this.fail(`reserved identifier: ${token.text}`, token);
    if (this.is('(')) {
      this.next();
      const args = this.args(')');
      const name = leadingDot + token.text;
      return expandMacro(this, this.options.macros, name, undefined, args, token.start) ?? this.call(token.start, name, args);
    }
    // A message construction `pkg.Msg{field: value}`: platlint has no message types, the checker says so.
    if (this.is('{') || (this.is('.') && this.peek(1).kind === 'ident' && this.isStructAhead())) return this.struct(token, leadingDot);
    return { kind: 'ident', id: this.id(token.start), name: leadingDot + token.text };
  }

  private isStructAhead(): boolean {
    let i = 0;
    while (this.is('.', i) && this.peek(i + 1).kind === 'ident') i += 2;
    return this.is('{', i);
  }

  private struct(first: Token, leadingDot: string): Expr {
    let name = leadingDot + first.text;
    while (this.accept('.')) name += `.${this.identifier().text}`;
    const open = this.expect('{');
    const fields: StructField[] = [];
    while (!this.is('}')) {
      const optional = !!this.accept('?');
      if (optional && !this.options.optionalSyntax) this.fail("unsupported syntax '?'", open);
      const field = this.identifier();
      const colon = this.expect(':');
      fields.push({ id: this.id(colon.start), name: field.text, value: this.expr(), optional });
      if (!this.accept(',')) break;
    }
    this.expect('}');
    return { kind: 'struct', id: this.id(open.start), typeName: name, fields };
  }

  private list(open: Token): Expr {
    const id = this.id(open.start);
    const elements: Expr[] = [];
    const optionalIndices: number[] = [];
    while (!this.is(']')) {
      const optional = this.accept('?');
      if (optional) {
        if (!this.options.optionalSyntax) this.fail("unsupported syntax '?'", optional);
        optionalIndices.push(elements.length);
      }
      elements.push(this.expr());
      if (!this.accept(',')) break;
    }
    this.expect(']');
    return { kind: 'list', id, elements, optionalIndices };
  }

  private map(open: Token): Expr {
    const id = this.id(open.start);
    const entries: MapEntry[] = [];
    while (!this.is('}')) {
      const optional = this.accept('?');
      if (optional && !this.options.optionalSyntax) this.fail("unsupported syntax '?'", optional);
      const key = this.expr();
      const colon = this.expect(':');
      entries.push({ id: this.id(colon.start), key, value: this.expr(), optional: !!optional });
      if (!this.accept(',')) break;
    }
    this.expect('}');
    return { kind: 'map', id, entries };
  }

  private literal(token: Token, negative: boolean, offset: number): Expr {
    const id = this.id(offset);
    switch (token.kind) {
      case 'int': {
        const digits = token.text.replace(/^0[xX]/, '');
        let value = BigInt(token.text.length !== digits.length ? `0x${digits}` : digits);
        if (negative) value = -value;
        if (value > INT64_MAX || value < -INT64_MAX - 1n) this.fail('invalid int literal', token);
        return { kind: 'literal', id, value };
      }
      case 'uint': {
        const value = BigInt(token.text);
        if (value > UINT64_MAX) this.fail('invalid uint literal', token);
        return { kind: 'literal', id, value: new CelUint(value) };
      }
      case 'double': {
        const value = Number(token.text);
        return { kind: 'literal', id, value: negative ? -value : value };
      }
      default:
        return { kind: 'literal', id, value: token.value ?? '' };
    }
  }
}
