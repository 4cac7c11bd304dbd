
/**
 * Scalars as the platform reads them: gopkg.in/yaml.v2's resolver (YAML 1.1 booleans and nulls, Go's integer
 * syntax with `_` ignored, no sexagesimals), then sigs.k8s.io/yaml's conversion of keys and of values for string
 * fields. Integers keep their exact decimal text, because int64 and uint64 values do not fit a JS number.
 */
import { INT64_MAX, INT64_MIN, UINT64_MAX } from '../formats/go-int.js';
import { base64Text, isStdBase64 } from '../formats/base64.js';
import { goTrimRight } from '../formats/go-text.js';

export type GoScalar =
  | { type: 'null' }
  | { type: 'bool'; value: boolean }
  | { type: 'int'; value: number; exact: string; go: 'int' | 'uint64' }
  | { type: 'float'; value: number }
  | { type: 'string'; value: string };

export type GoResolved = GoScalar | { type: 'error'; reason: string };

const TAG_PREFIX = 'tag:yaml.org,2002:';

/** The words yaml.v2 reads as booleans, nulls and the special floats. */
export const BOOL_AND_NULL: ReadonlyMap<string, GoScalar> = new Map<string, GoScalar>([
  ...['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON'].map((s) => [s, { type: 'bool', value: true }] as const),
  ...['n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF'].map((s) => [s, { type: 'bool', value: false }] as const),
  ...['', '~', 'null', 'Null', 'NULL'].map((s) => [s, { type: 'null' }] as const),
  ...['.nan', '.NaN', '.NAN'].map((s) => [s, { type: 'float', value: Number.NaN }] as const),
  ...['.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF'].map((s) => [s, { type: 'float', value: Number.POSITIVE_INFINITY }] as const),
  ...['-.inf', '-.Inf', '-.INF'].map((s) => [s, { type: 'float', value: Number.NEGATIVE_INFINITY }] as const),
]);

/** strconv.ParseInt(s, 0, 64), then ParseUint: Go's literal syntax (0x, 0o, 0b, leading-zero octal). */
function parseGoInt(text: string): GoScalar | undefined {
  // Most integers are short decimals, which a JS number holds exactly.
  if (/^[-+]?(?:0|[1-9][0-9]{0,14})$/.test(text)) {
    const value = Number(text) || 0;
    return { type: 'int', value, exact: String(value), go: 'int' };
  }
  const match = /^([+-]?)(?:0[xX]([0-9a-fA-F]+)|0[oO]([0-7]+)|0[bB]([01]+)|0([0-7]+)|([1-9][0-9]*|0))$/.exec(text);
  if (!match) return undefined;
  const [, sign, hex, octal, binary, oldOctal, decimal] = match;
  const magnitude = hex !== undefined ? BigInt(`0x${hex}`) : octal !== undefined ? BigInt(`0o${octal}`) : binary !== undefined ? BigInt(`0b${binary}`) : oldOctal !== undefined ? BigInt(`0o${oldOctal}`) : BigInt(decimal ?? '0');
  const value = sign === '-' ? -magnitude : magnitude;
  if (value >= INT64_MIN && value <= INT64_MAX) return { type: 'int', value: Number(value), exact: value.toString(), go: 'int' };
  // ParseUint takes no sign at all.
  if (sign === '' && value <= UINT64_MAX) return { type: 'int', value: Number(value), exact: value.toString(), go: 'uint64' };
  return undefined;
}

const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;

/** strconv.ParseFloat for the decimal forms yaml.v2 lets through; out of range is an error there, not infinity. */
function parseGoFloat(text: string): GoScalar | undefined {
  const value = Number(text);
  if (Number.isNaN(value) || !Number.isFinite(value)) return undefined;
  return { type: 'float', value };
}

/** Go's ParseFloat also takes `_` between digits (Go literal syntax) when the text starts with `.`. */
const DOT_FLOAT = /^\.[0-9](?:_?[0-9])*(?:[eE][-+]?[0-9](?:_?[0-9])*)?$/;

/** What yaml.v2 makes of an untagged plain scalar. */
/** First characters after which yaml.v2 tries more than a string: signs, digits, `.`, and those of its word list. */
export const NOT_ONLY_STRING: ReadonlySet<string> = new Set([...'+-0123456789.yYnNtTfFoO~']);

export function resolvePlain(text: string): GoScalar {
  const first = text[0] ?? '';
  if (first !== '' && !NOT_ONLY_STRING.has(first)) return { type: 'string', value: text };
  const known = BOOL_AND_NULL.get(text);
  if (known) return known;
  if (first === '.') {
    return (DOT_FLOAT.test(text) ? parseGoFloat(text.replace(/_/g, '')) : undefined) ?? { type: 'string', value: text };
  }
  if (!/[-+0-9]/.test(first)) return { type: 'string', value: text };
  const plain = text.replace(/_/g, '');
  // Timestamps (2001-12-14) stay strings for interface{} fields; none of them is also a number.
  const asInt = parseGoInt(plain);
  if (asInt) return asInt;
  if (YAML_STYLE_FLOAT.test(plain)) {
    const asFloat = parseGoFloat(plain);
    if (asFloat) return asFloat;
  }
  return { type: 'string', value: text };
}

function shortTag(tag: string): string {
  return tag.startsWith(TAG_PREFIX) ? `!!${tag.slice(TAG_PREFIX.length)}` : tag;
}

function goTypeTag(scalar: GoScalar): string {
  return scalar.type === 'string' ? '!!str' : `!!${scalar.type}`;
}

const TIMESTAMP = /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:(?:[Tt]| )[0-9]{1,2}:[0-9]{1,2}:[0-9]{1,2}(?:\.[0-9]{1,9})?(?:Z|[-+][0-9]{2}:[0-9]{2})?)?$/;

/**
 * What yaml.v2 makes of a scalar with an explicit tag (`!!int 12`, `!!binary ...`), or why it refuses it.
 * Tags it does not know (`!custom`, `!!set`) keep the text as a string.
 */
export function resolveTagged(tag: string, text: string): GoResolved {
  switch (tag) {
    case `${TAG_PREFIX}str`:
      return { type: 'string', value: text };
    case `${TAG_PREFIX}binary`: {
      const compact = text.replace(/[\s]/g, '');
      if (!isStdBase64(compact)) {
        return { type: 'error', reason: '!!binary value contains invalid base64 data' };
      }
      return { type: 'string', value: base64Text(compact) };
    }
    case `${TAG_PREFIX}timestamp`:
      return TIMESTAMP.test(text) ? { type: 'string', value: text } : { type: 'error', reason: `cannot decode !!str \`${text}\` as a !!timestamp` };
    case `${TAG_PREFIX}int`:
    case `${TAG_PREFIX}float`:
    case `${TAG_PREFIX}bool`:
    case `${TAG_PREFIX}null`: {
      const resolved = resolvePlain(text);
      const wanted = shortTag(tag);
      if (goTypeTag(resolved) === wanted) return resolved;
      // An integer under !!float becomes a float; nothing else converts.
      if (wanted === '!!float' && resolved.type === 'int') return { type: 'float', value: resolved.value };
      return { type: 'error', reason: `cannot decode ${goTypeTag(resolved)} \`${text}\` as a ${wanted}` };
    }
    default:
      return { type: 'string', value: text };
  }
}

/** strconv.FormatFloat(v, 'g', -1, 32): what sigs.k8s.io/yaml writes for float keys and float values of string fields. */
export function formatFloat32(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return '+Inf';
  if (value === Number.NEGATIVE_INFINITY) return '-Inf';
  const single = Math.fround(value);
  if (single === 0) return Object.is(single, -0) ? '-0' : '0';
  if (!Number.isFinite(single)) return single > 0 ? '+Inf' : '-Inf';
  let shortest = single.toExponential(8);
  for (let digits = 1; digits <= 9; digits++) {
    const candidate = single.toExponential(digits - 1);
    if (Math.fround(Number(candidate)) === single) {
      shortest = candidate;
      break;
    }
  }
  const [mantissa = '0', exponentText = '0'] = shortest.split('e');
  const negative = mantissa.startsWith('-');
  const digitsOnly = goTrimRight(mantissa.replace(/[-.]/g, ''), '0') || '0';
  const exponent = Number(exponentText);
  let body: string;
  // Go's %g with the shortest digits switches to the exponent form below 1e-4 and from 1e6.
  if (exponent < -4 || exponent >= 6) {
    const rest = digitsOnly.slice(1);
    const sign = exponent < 0 ? '-' : '+';
    const magnitude = String(Math.abs(exponent)).padStart(2, '0');
    body = `${digitsOnly[0]}${rest ? `.${rest}` : ''}e${sign}${magnitude}`;
  } else if (exponent < 0) {
    body = `0.${'0'.repeat(-exponent - 1)}${digitsOnly}`;
  } else if (digitsOnly.length <= exponent + 1) {
    body = digitsOnly + '0'.repeat(exponent + 1 - digitsOnly.length);
  } else {
    body = `${digitsOnly.slice(0, exponent + 1)}.${digitsOnly.slice(exponent + 1)}`;
  }
  return negative ? `-${body}` : body;
}

/** The key string sigs.k8s.io/yaml makes of a resolved key, or why it cannot make one. */
export function jsonKeyOf(scalar: GoScalar): { key: string } | { reason: string } {
  switch (scalar.type) {
    case 'string':
      return { key: scalar.value };
    case 'bool':
      return { key: String(scalar.value) };
    case 'int':
      return scalar.go === 'uint64' ? { reason: `a key of type uint64 (${scalar.exact}) cannot become a JSON key` } : { key: scalar.exact };
    case 'float': {
      const text = formatFloat32(scalar.value);
      return { key: text === '+Inf' ? '.inf' : text === '-Inf' ? '-.inf' : text === 'NaN' ? '.nan' : text };
    }
    case 'null':
      return { reason: 'a null key cannot become a JSON key' };
  }
}

/** The string sigs.k8s.io/yaml.Unmarshal puts into a string field for a number or boolean (`1.10` becomes "1.1"). */
export function goStringOf(scalar: GoScalar): string | undefined {
  switch (scalar.type) {
    case 'bool':
      return String(scalar.value);
    case 'int':
      return scalar.exact;
    case 'float':
      return formatFloat32(scalar.value);
    default:
      return undefined;
  }
}

/** How a value prints in a message: integers exactly, as the decoder holds them, never through a rounded JS number. */
export function printScalar(scalar: GoScalar): string {
  switch (scalar.type) {
    case 'null':
      return 'null';
    case 'bool':
      return `the boolean ${String(scalar.value)}`;
    case 'int':
      return `the number ${scalar.exact}`;
    case 'float':
      if (!Number.isFinite(scalar.value)) return `the number ${formatFloat32(scalar.value)}`;
      // Go's JSON prints a float64 as JS does; past 2^53 say that it is no longer an exact integer.
      return Number.isInteger(scalar.value) && !Number.isSafeInteger(scalar.value) ? `the floating-point number ${String(scalar.value)}` : `the number ${String(scalar.value)}`;
    case 'string':
      return `the string "${scalar.value}"`;
  }
}
