/**
 * Writing CEL as text: literals, field selections and presence tests that parse as cel-go parses them, whatever the
 * key or value. The export builds every expression of a ValidatingAdmissionPolicy from these.
 */

/** cel-go's reserved words (parser.go reservedIds): not usable after a dot or in has(). */
const RESERVED = new Set(['as', 'break', 'const', 'continue', 'else', 'false', 'for', 'function', 'if', 'import', 'in', 'let', 'loop', 'package', 'namespace', 'null', 'return', 'true', 'var', 'void', 'while']);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A key that can be written `x.key` (and tested with `has(x.key)`). */
export function isSelectable(key: string): boolean {
  return IDENTIFIER.test(key) && !RESERVED.has(key);
}

/** A single-quoted CEL string literal of any text: quotes, backslashes and control characters escaped. */
export function celString(text: string): string {
  let out = "'";
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    if (ch === "'" || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    // A lone surrogate has no UTF-8 form: written as its code point, which cel-go reads back as U+FFFD too.
    else if (code >= 0xd800 && code <= 0xdfff) out += '\\ufffd';
    else out += ch;
  }
  return `${out}'`;
}

/** A CEL literal of a scalar as YAML gives it: string, bool, int (integral numbers of int64's range) or double. */
export function celScalar(value: string | number | boolean): string {
  if (typeof value === 'string') return celString(value);
  if (typeof value === 'boolean') return String(value);
  // The value as data.ts hands it to CEL: integral numbers within int64 are ints, the rest doubles.
  if (Number.isInteger(value) && Math.abs(value) < 2 ** 63) return Object.is(value, -0) ? '0' : String(value);
  if (Number.isNaN(value)) return "double('NaN')";
  if (!Number.isFinite(value)) return value > 0 ? "double('Infinity')" : "double('-Infinity')";
  const text = String(value);
  return /[.e]/.test(text) ? text : `${text}.0`;
}

/** `x.key`, or `x['key']` for keys that are not identifiers. */
export function field(on: string, key: string): string {
  return isSelectable(key) ? `${on}.${key}` : `${on}[${celString(key)}]`;
}

/** Whether a map (or object) has the key: `has(x.key)`, or `'key' in x` for keys has() cannot name. */
export function hasField(on: string, key: string): string {
  return isSelectable(key) ? `has(${on}.${key})` : `${celString(key)} in ${on}`;
}

/** `a || b || ...` without the `false` parts; `true` when any part is `true`. */
export function anyOf(parts: readonly string[]): string {
  const kept = parts.filter((p) => p !== 'false');
  if (kept.includes('true')) return 'true';
  if (kept.length === 0) return 'false';
  return kept.map((p) => (kept.length > 1 && loosest(p) === 'ternary' ? `(${p})` : p)).join(' || ');
}

/** `a && b && ...` without the `true` parts; `false` when any part is `false`. */
export function allOf(parts: readonly string[]): string {
  const kept = parts.filter((p) => p !== 'true');
  if (kept.includes('false')) return 'false';
  if (kept.length === 0) return 'true';
  return kept.map((p) => (kept.length > 1 && (loosest(p) === 'ternary' || loosest(p) === 'or') ? `(${p})` : p)).join(' && ');
}

/** The negation of a condition, parenthesised where it needs to be. */
export function not(condition: string): string {
  if (condition === 'true') return 'false';
  if (condition === 'false') return 'true';
  if (condition.startsWith('!') && loosest(condition) === 'operand' && loosest(condition.slice(1)) === 'operand') return condition.slice(1);
  return `!${group(condition)}`;
}

/** Parentheses around an expression that is more than one operand. */
export function group(expression: string): string {
  return loosest(expression) === 'operand' ? expression : `(${expression})`;
}

/**
 * The loosest-binding operator outside brackets and string literals: the conditional, `||`, `&&`, any other
 * (relations, arithmetic, `in`), or none (one operand: a call, a selection, a literal, a negation of one).
 */
function loosest(expression: string): 'ternary' | 'or' | 'and' | 'other' | 'operand' {
  let depth = 0;
  let quote: string | undefined;
  let found: 'ternary' | 'or' | 'and' | 'other' | 'operand' = 'operand';
  const rank = { operand: 0, other: 1, and: 2, or: 3, ternary: 4 } as const;
  const see = (kind: keyof typeof rank): void => {
    if (rank[kind] > rank[found]) found = kind;
  };
  for (let i = 0; i < expression.length; i++) {
    const c = expression[i] as string;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth > 0) continue;
    else if (c === '?') see('ternary');
    else if (c === '|' && expression[i + 1] === '|') see('or');
    else if (c === '&' && expression[i + 1] === '&') see('and');
    else if (c === '!' && i === 0) continue;
    else if (/[\s=!<>:+\-*/%]/.test(c)) see('other');
  }
  return found;
}
