/**
 * The strings extension's `format` (cel-go ext/formatting.go, the version-1 formatter Kubernetes' strings version 2
 * uses): %s, %d, %f and %e with a precision (default 6; %f groups thousands as the en_US printer does), %b, %o, %x,
 * %X and %%, with cel-go's error messages.
 */
import { goQuote } from '../../../formats/go-quote.js';
import { formatGoFloat } from '../format-value.js';
import { CelDuration, CelError, CelTimestamp, CelTypeValue, CelUint, valueTypeName, type CelValue, type Result } from '../values.js';
import { formatType } from '../types.js';
import { formatDuration, formatTimestamp } from './std-time.js';
import { fixedDigits, scientificDigits } from './float-digits.js';

const DEFAULT_PRECISION = 6;

class FormatError extends Error {}

function typeNameOf(value: CelValue): string {
  return valueTypeName(value);
}

/** %s (cel-go FormatString): the value converted to a string; lists and maps as CEL literals. */
function asString(value: CelValue): string {
  if (Array.isArray(value)) return `[${value.map(listMember).join(', ')}]`;
  if (value instanceof Map) {
    const pairs = [...value].map(([k, v]) => {
      if (!(typeof k === 'string' || typeof k === 'boolean' || typeof k === 'bigint' || k instanceof CelUint)) throw new FormatError(`no formatting function for map key of type ${typeNameOf(k as CelValue)}`);
      return [listMember(k as CelValue), listMember(v as CelValue)] as const;
    });
    pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return `{${pairs.map(([k, v]) => `${k}:${v}`).join(', ')}}`;
  }
  if (value === null) return 'null';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof CelUint) return String(value.value);
  if (typeof value === 'number') return formatGoFloat(value);
  if (value instanceof Uint8Array) return new TextDecoder().decode(value);
  if (value instanceof CelTimestamp) return formatTimestamp(value);
  if (value instanceof CelDuration) return formatDuration(value);
  if (value instanceof CelTypeValue) return formatType(value.type);
  throw new FormatError(`string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given ${typeNameOf(value)}`);
}

/** A member of a list or map as formatted inside the literal (clauseForType, quoteForCEL). */
function listMember(value: CelValue): string {
  if (typeof value === 'string') return goQuote(value);
  if (value instanceof Uint8Array) return `b${goQuote(new TextDecoder().decode(value))}`;
  if (typeof value === 'number') {
    // fmt.Sprintf("%.6f"): Go's rounding, no grouping; NaN and the infinities quoted.
    if (!Number.isFinite(value)) return goQuote(formatGoFloat(value));
    return `${value < 0 || Object.is(value, -0) ? '-' : ''}${fixedDigits(value, DEFAULT_PRECISION)}`;
  }
  if (value instanceof CelTimestamp) return `timestamp(${goQuote(formatTimestamp(value))})`;
  if (value instanceof CelDuration) return `duration(${goQuote(formatDuration(value))})`;
  if (value instanceof CelTypeValue) return `type(${formatType(value.type)})`;
  return asString(value);
}

function integer(value: CelValue, clause: string): bigint {
  if (typeof value === 'bigint') return value;
  if (value instanceof CelUint) return value.value;
  throw new FormatError(clause);
}

function floatArg(value: CelValue, clause: string): number {
  if (typeof value === 'number') return value;
  if (value === 'NaN') return NaN;
  if (value === 'Infinity') return Infinity;
  if (value === '-Infinity') return -Infinity;
  throw new FormatError(`${clause}, was given ${typeNameOf(value)}`);
}

/** NaN and the infinities as golang.org/x/text's printer renders them for the en locale. */
function printerSpecial(value: number): string | undefined {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '-∞';
  return undefined;
}

/** %f: x/text's printer with the precision (Go's rounding), the integer digits grouped by thousands (en). */
function fixed(value: number, precision: number): string {
  const printed = printerSpecial(value);
  if (printed !== undefined) return printed;
  const [whole = '', frac] = fixedDigits(value, precision).split('.');
  const grouped = [...whole].map((digit, i) => (i > 0 && (whole.length - i) % 3 === 0 ? `,${digit}` : digit)).join('');
  return `${value < 0 ? '-' : ''}${grouped}${frac !== undefined ? `.${frac}` : ''}`;
}

const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/**
 * %e: cel-go formats with Sprintf("%<precision>e"), a width and not a precision, so x/text's printer always writes
 * 6 fraction digits, in its superscript form: "2.718280 × 10⁰⁰" (narrow no-break spaces around the sign).
 */
function scientific(value: number): string {
  const printed = printerSpecial(value);
  if (printed !== undefined) return printed;
  const { digits, exponent } = scientificDigits(value, DEFAULT_PRECISION + 1);
  const power = [...String(Math.abs(exponent)).padStart(2, '0')].map((d) => SUPERSCRIPT_DIGITS[Number(d)]).join('');
  return `${value < 0 ? '-' : ''}${digits[0]}.${digits.slice(1)}\u202f×\u202f10${exponent < 0 ? '⁻' : ''}${power}`;
}

function hex(value: CelValue, upper: boolean): string {
  let out: string;
  if (typeof value === 'string') out = [...new TextEncoder().encode(value)].map((b) => b.toString(16).padStart(2, '0')).join('');
  else if (value instanceof Uint8Array) out = [...value].map((b) => b.toString(16).padStart(2, '0')).join('');
  else if (typeof value === 'bigint') out = value < 0n ? `-${(-value).toString(16)}` : value.toString(16);
  else if (value instanceof CelUint) out = value.value.toString(16);
  else throw new FormatError(`only integers, byte buffers, and strings can be formatted as hex, was given ${typeNameOf(value)}`);
  return upper ? out.toUpperCase() : out;
}

function clause(verb: string, precision: number | undefined, value: CelValue): string {
  switch (verb) {
    case 's':
      return asString(value);
    case 'd':
      return String(integer(value, `decimal clause can only be used on integers, was given ${typeNameOf(value)}`));
    case 'f':
      return fixed(floatArg(value, 'fixed-point clause can only be used on doubles'), precision ?? DEFAULT_PRECISION);
    case 'e':
      return scientific(floatArg(value, 'scientific clause can only be used on doubles'));
    case 'b':
      if (typeof value === 'boolean') return value ? '1' : '0';
      return formatRadix(integer(value, `only integers and bools can be formatted as binary, was given ${typeNameOf(value)}`), 2);
    case 'o':
      return formatRadix(integer(value, `octal clause can only be used on integers, was given ${typeNameOf(value)}`), 8);
    case 'x':
    case 'X':
      return hex(value, verb === 'X');
    default:
      throw new FormatError(`unrecognized formatting clause "${verb}"`);
  }
}

function formatRadix(value: bigint, radix: number): string {
  return value < 0n ? `-${(-value).toString(radix)}` : value.toString(radix);
}

export function formatString(format: string, args: readonly CelValue[]): Result {
  let out = '';
  let argIndex = 0;
  let i = 0;
  while (i < format.length) {
    const c = format[i] as string;
    if (c !== '%') {
      out += c;
      i++;
      continue;
    }
    if (format[i + 1] === '%') {
      out += '%';
      i += 2;
      continue;
    }
    if (argIndex >= args.length) return new CelError(`index ${argIndex} out of range`);
    if (i + 1 >= format.length) return new CelError('unexpected end of string');
    let j = i + 1;
    let precision: number | undefined;
    if (format[j] === '.') {
      const digits = /^[0-9]*/.exec(format.slice(j + 1))?.[0] ?? '';
      if (j + 1 + digits.length >= format.length) return new CelError('could not parse formatting clause: error while parsing precision: could not find end of precision specifier');
      precision = Number(digits);
      j += 1 + digits.length;
    }
    const verb = format[j] as string;
    try {
      out += clause(verb, precision, args[argIndex] as CelValue);
    } catch (error) {
      if (!(error instanceof FormatError)) throw error;
      const stage = error.message.startsWith('unrecognized') ? 'could not parse formatting clause' : 'error during formatting';
      return new CelError(`${stage}: ${error.message}`);
    }
    i = j + 1;
    argIndex++;
  }
  return out;
}
