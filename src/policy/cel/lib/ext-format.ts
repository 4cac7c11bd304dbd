/**
 * The strings extension's `format` (cel-go ext/formatting.go, the version-1 formatter Kubernetes' strings version 2
 * uses): %s, %d, %f and %e with a precision (default 6; %f groups thousands as the en_US printer does), %b, %o, %x,
 * %X and %%, with cel-go's error messages.
 */
import { goQuote } from '../../../formats/go-quote.js';
import { formatGoFloat } from '../format-value.js';
import { CelDuration, CelError, CelTimestamp, CelTypeValue, CelUint, MAX_FORMATTED_TEXT, FormattedTextLimitExceeded, valueTypeName, type CelValue, type Result } from '../values.js';
import { formatType } from '../types.js';
import { formatDuration, formatTimestamp } from './std-time.js';
import { fixedDigits, scientificDigits, shortestFixedDigits } from './float-digits.js';

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

/**
 * %f: x/text's printer with the precision, which it keeps as a uint8 (the fewest fraction digits) and an int16 (the
 * most; below zero, as many as the shortest reading back takes): Go's rounding, trailing zeros past the fewest left
 * out, the integer digits grouped by thousands (en). So %.300f writes 44 fraction digits at least and 300 at most.
 */
function fixed(value: number, precision: number): string {
  const printed = printerSpecial(value);
  if (printed !== undefined) return printed;
  const fewest = precision & 0xff;
  const most = ((precision & 0xffff) ^ 0x8000) - 0x8000;
  const [whole = '', written = ''] = (most < 0 ? shortestFixedDigits(value) : fixedDigits(value, most)).split('.');
  let end = written.length;
  while (end > fewest && written[end - 1] === '0') end--;
  const frac = written.slice(0, end).padEnd(fewest, '0');
  const grouped = [...whole].map((digit, i) => (i > 0 && (whole.length - i) % 3 === 0 ? `,${digit}` : digit)).join('');
  return `${value < 0 ? '-' : ''}${grouped}${frac !== '' ? `.${frac}` : ''}`;
}

const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** How the printer of the golang.org/x/text a Kubernetes version builds with writes numbers. */
export interface PrinterVersion {
  /** Narrow no-break spaces around the × of scientific notation: x/text before v0.23 (Kubernetes before 1.33). */
  spacedTimesSign: boolean;
}

/**
 * %e: cel-go formats with Sprintf("%<precision>e"), a width and not a precision, so x/text's printer always writes
 * 6 fraction digits, in its superscript form: "2.718280×10⁰⁰" ("2.718280 × 10⁰⁰" with narrow no-break spaces before
 * x/text v0.23), with spaces before it up to the width (in characters).
 */
function scientific(value: number, width: number, printer: PrinterVersion): string {
  let printed = printerSpecial(value);
  if (printed === undefined) {
    const { digits, exponent } = scientificDigits(value, DEFAULT_PRECISION + 1);
    const power = [...String(Math.abs(exponent)).padStart(2, '0')].map((d) => SUPERSCRIPT_DIGITS[Number(d)]).join('');
    const times = printer.spacedTimesSign ? '\u202f×\u202f' : '×';
    printed = `${value < 0 ? '-' : ''}${digits[0]}.${digits.slice(1)}${times}10${exponent < 0 ? '⁻' : ''}${power}`;
  }
  return ' '.repeat(Math.max(0, width - [...printed].length)) + printed;
}

/** What Go's fmt (and x/text's printer) writes for a clause whose width or precision it stops reading (`tooLarge`). */
const NO_VERB = '%!(NOVERB)';

/**
 * The width or precision the printer reads from the one cel-go writes into its format (the default when none is),
 * or undefined where the printer gives up: once the digits read so far are past a million.
 */
function printerNumber(precision: bigint | undefined): number | undefined {
  if (precision === undefined) return DEFAULT_PRECISION;
  let read = 0;
  for (const digit of String(precision)) {
    if (read > 1_000_000) return undefined;
    read = read * 10 + Number(digit);
  }
  return read;
}

/** strconv.Atoi of the precision's digits: the number, or Go's error. */
function atoi(digits: string): bigint | string {
  if (digits === '') return 'strconv.Atoi: parsing "": invalid syntax';
  const value = BigInt(digits);
  return value > 0x7fffffffffffffffn ? `strconv.Atoi: parsing ${goQuote(digits)}: value out of range` : value;
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

function clause(verb: string, precision: bigint | undefined, value: CelValue, printer: PrinterVersion): string {
  switch (verb) {
    case 's':
      return asString(value);
    case 'd':
      return String(integer(value, `decimal clause can only be used on integers, was given ${typeNameOf(value)}`));
    case 'f': {
      const double = floatArg(value, 'fixed-point clause can only be used on doubles');
      const read = printerNumber(precision);
      return read === undefined ? NO_VERB : fixed(double, read);
    }
    case 'e': {
      const double = floatArg(value, 'scientific clause can only be used on doubles');
      const read = printerNumber(precision);
      return read === undefined ? NO_VERB : scientific(double, read, printer);
    }
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

export function formatString(format: string, args: readonly CelValue[], printer: PrinterVersion): Result {
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
    let precision: bigint | undefined;
    if (format[j] === '.') {
      const digits = /^[0-9]*/.exec(format.slice(j + 1))?.[0] ?? '';
      if (j + 1 + digits.length >= format.length) return new CelError('could not parse formatting clause: error while parsing precision: could not find end of precision specifier');
      const parsed = atoi(digits);
      if (typeof parsed === 'string') return new CelError(`could not parse formatting clause: error while parsing precision: error while converting precision to integer: ${parsed}`);
      precision = parsed;
      j += 1 + digits.length;
    }
    const verb = format[j] as string;
    try {
      out += clause(verb, precision, args[argIndex] as CelValue, printer);
    } catch (error) {
      if (!(error instanceof FormatError)) throw error;
      const stage = error.message.startsWith('unrecognized') ? 'could not parse formatting clause' : 'error during formatting';
      return new CelError(`${stage}: ${error.message}`);
    }
    // One call's text is checked as it grows: a thousand padded clauses would pass V8's string limit before returning.
    if (out.length > MAX_FORMATTED_TEXT) throw new FormattedTextLimitExceeded();
    i = j + 1;
    argIndex++;
  }
  return out;
}
