/**
 * A double's decimal digits rounded as Go's strconv rounds them ('f' and 'e' with a precision): from the exact
 * binary value, to the nearest, ties to even. JavaScript's toFixed and toExponential round ties up, so 2.5 to no
 * fraction digits is "3" there and "2" in Go.
 */

/** |x| as the exact fraction num / den (x finite; den a power of two). */
function exactFraction(x: number): { num: bigint; den: bigint } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const bits = view.getBigUint64(0);
  const exponent = Number(bits >> 52n);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = exponent === 0 ? fraction : fraction | (1n << 52n);
  const power = (exponent === 0 ? 1 : exponent) - 1075;
  return power >= 0 ? { num: mantissa << BigInt(power), den: 1n } : { num: mantissa, den: 1n << BigInt(-power) };
}

/** round(|x| * 10^digits), ties to even. */
function scaledRound(x: number, digits: number): bigint {
  const { num, den } = exactFraction(x);
  const [n, d] = digits >= 0 ? [num * 10n ** BigInt(digits), den] : [num, den * 10n ** BigInt(-digits)];
  const q = n / d;
  const twice = 2n * (n % d);
  return twice > d || (twice === d && q % 2n === 1n) ? q + 1n : q;
}

/** strconv.FormatFloat(|x|, 'f', digits, 64): the magnitude's digits with `digits` fraction digits. */
export function fixedDigits(x: number, digits: number): string {
  const text = scaledRound(x, digits).toString().padStart(digits + 1, '0');
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** |x| rounded to `significant` digits: the digits and the decimal exponent of the first one. */
export function scientificDigits(x: number, significant: number): { digits: string; exponent: number } {
  if (x === 0) return { digits: '0'.repeat(significant), exponent: 0 };
  let exponent = Math.floor(Math.log10(Math.abs(x)));
  const low = 10n ** BigInt(significant - 1);
  for (;;) {
    const q = scaledRound(x, significant - 1 - exponent);
    if (q >= low * 10n) exponent++;
    else if (q < low) exponent--;
    else return { digits: q.toString(), exponent };
  }
}

/** strconv.FormatFloat(|x|, 'f', -1, 64): the fewest digits that read back as x, without an exponent. */
export function shortestFixedDigits(x: number): string {
  const [mantissa = '0', exponent = '0'] = Math.abs(x).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const point = Number(exponent) + 1;
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}
