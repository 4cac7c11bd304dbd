/**
 * Values printed as Go prints them (fmt %v, strconv 'g' with the shortest precision), for error messages and for
 * `string(double)`, which cel-go writes with fmt's %g.
 */
import { CelUint, type CelValue } from './values.js';

/** A float64 as Go's %g (and %v) writes it: shortest digits, an exponent below 1e-4 and from 1e6 up. */
export function formatGoFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const [mantissa = '0', exponent = '0'] = value.toExponential().split('e');
  const exp = Number(exponent);
  if (exp < -4 || exp >= 6) return `${mantissa}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace('-', '').replace('.', '');
  let text: string;
  if (exp >= 0) {
    text = digits.length > exp + 1 ? `${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}` : digits.padEnd(exp + 1, '0');
  } else {
    text = `0.${'0'.repeat(-exp - 1)}${digits}`;
  }
  return negative ? `-${text}` : text;
}

/** A value as Go's %v prints a CEL value in cel-go's messages. */
export function formatValue(value: CelValue): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return formatGoFloat(value);
  if (value instanceof CelUint) return String(value.value);
  if (value === null) return 'NULL_VALUE';
  if (Array.isArray(value)) return `[${value.map(formatValue).join(', ')}]`;
  if (value instanceof Map) return `{${[...value].map(([k, v]) => `${formatValue(k as CelValue)}: ${formatValue(v as CelValue)}`).join(', ')}}`;
  return String(value);
}
