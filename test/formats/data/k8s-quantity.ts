/**
 * Test tables copied from Kubernetes resource.Quantity tests.
 *
 * Source: kubernetes/apimachinery pkg/api/resource/quantity_test.go
 *   @ 357557a670d84c30ef3b5355f02c11d8aba5a941
 *
 * - TestQuantityParse: `table` (input -> decQuantity(mantissa, exponent, format));
 *   the upstream test also parses "-"+input (negated value) and "+"+input
 *   (same value) for every row, and so do we. `invalid` list, and the
 *   `ParseQuantity("")` error.
 * - TestQuantityParseEmit (input -> canonical string; value given here).
 * - TestQuantityString (canonical `expect` and `alternate` spellings both
 *   parse to the row's value).
 * - TestQuantityCmp (`table`).
 * - TestJSONWhitespace (UnmarshalJSON trims white space; numbers accepted).
 *
 * A value decQuantity(m, e) is written { m: "m", e } meaning m * 10^e.
 * "max" = maxAllowed = 2^63-1.
 */

export type QFormat = "DecimalSI" | "BinarySI" | "DecimalExponent";
export interface QRow {
  input: string;
  m: string;
  e: number;
  format: QFormat;
}

const MAX = "9223372036854775807";

export const quantityParseTable: readonly QRow[] = [
  { input: "0", m: "0", e: 0, format: "DecimalSI" },
  { input: "0n", m: "0", e: 0, format: "DecimalSI" },
  { input: "0u", m: "0", e: 0, format: "DecimalSI" },
  { input: "0m", m: "0", e: 0, format: "DecimalSI" },
  { input: "0Ki", m: "0", e: 0, format: "BinarySI" },
  { input: "0k", m: "0", e: 0, format: "DecimalSI" },
  { input: "0Mi", m: "0", e: 0, format: "BinarySI" },
  { input: "0M", m: "0", e: 0, format: "DecimalSI" },
  { input: "0Gi", m: "0", e: 0, format: "BinarySI" },
  { input: "0G", m: "0", e: 0, format: "DecimalSI" },
  { input: "0Ti", m: "0", e: 0, format: "BinarySI" },
  { input: "0T", m: "0", e: 0, format: "DecimalSI" },

  // Quantity less numbers are allowed
  { input: "1", m: "1", e: 0, format: "DecimalSI" },

  // Binary suffixes
  { input: "1Ki", m: "1024", e: 0, format: "BinarySI" },
  { input: "8Ki", m: String(8 * 1024), e: 0, format: "BinarySI" },
  { input: "7Mi", m: String(7 * 1024 * 1024), e: 0, format: "BinarySI" },
  { input: "6Gi", m: String(6 * 1024 * 1024 * 1024), e: 0, format: "BinarySI" },
  { input: "5Ti", m: String(5n * 1024n ** 4n), e: 0, format: "BinarySI" },
  { input: "4Pi", m: String(4n * 1024n ** 5n), e: 0, format: "BinarySI" },
  { input: "3Ei", m: String(3n * 1024n ** 6n), e: 0, format: "BinarySI" },

  { input: "10Ti", m: String(10n * 1024n ** 4n), e: 0, format: "BinarySI" },
  { input: "100Ti", m: String(100n * 1024n ** 4n), e: 0, format: "BinarySI" },

  // Decimal suffixes
  { input: "5n", m: "5", e: -9, format: "DecimalSI" },
  { input: "4u", m: "4", e: -6, format: "DecimalSI" },
  { input: "3m", m: "3", e: -3, format: "DecimalSI" },
  { input: "9", m: "9", e: 0, format: "DecimalSI" },
  { input: "8k", m: "8", e: 3, format: "DecimalSI" },
  { input: "50k", m: "5", e: 4, format: "DecimalSI" },
  { input: "7M", m: "7", e: 6, format: "DecimalSI" },
  { input: "6G", m: "6", e: 9, format: "DecimalSI" },
  { input: "5T", m: "5", e: 12, format: "DecimalSI" },
  { input: "40T", m: "4", e: 13, format: "DecimalSI" },
  { input: "300T", m: "3", e: 14, format: "DecimalSI" },
  { input: "2P", m: "2", e: 15, format: "DecimalSI" },
  { input: "1E", m: "1", e: 18, format: "DecimalSI" },

  // Decimal exponents
  { input: "1E-3", m: "1", e: -3, format: "DecimalExponent" },
  { input: "1e3", m: "1", e: 3, format: "DecimalExponent" },
  { input: "1E6", m: "1", e: 6, format: "DecimalExponent" },
  { input: "1e9", m: "1", e: 9, format: "DecimalExponent" },
  { input: "1E12", m: "1", e: 12, format: "DecimalExponent" },
  { input: "1e15", m: "1", e: 15, format: "DecimalExponent" },
  { input: "1E18", m: "1", e: 18, format: "DecimalExponent" },

  // Nonstandard but still parsable
  { input: "1e14", m: "1", e: 14, format: "DecimalExponent" },
  { input: "1e13", m: "1", e: 13, format: "DecimalExponent" },
  { input: "1e3", m: "1", e: 3, format: "DecimalExponent" },
  { input: "100.035k", m: "100035", e: 0, format: "DecimalSI" },

  // Things that look like floating point
  { input: "0.001", m: "1", e: -3, format: "DecimalSI" },
  { input: "0.0005k", m: "5", e: -1, format: "DecimalSI" },
  { input: "0.005", m: "5", e: -3, format: "DecimalSI" },
  { input: "0.05", m: "5", e: -2, format: "DecimalSI" },
  { input: "0.5", m: "5", e: -1, format: "DecimalSI" },
  { input: "0.00050k", m: "5", e: -1, format: "DecimalSI" },
  { input: "0.00500", m: "5", e: -3, format: "DecimalSI" },
  { input: "0.05000", m: "5", e: -2, format: "DecimalSI" },
  { input: "0.50000", m: "5", e: -1, format: "DecimalSI" },
  { input: "0.5e0", m: "5", e: -1, format: "DecimalExponent" },
  { input: "0.5e-1", m: "5", e: -2, format: "DecimalExponent" },
  { input: "0.5e-2", m: "5", e: -3, format: "DecimalExponent" },
  { input: "0.5e0", m: "5", e: -1, format: "DecimalExponent" },
  { input: "10.035M", m: "10035", e: 3, format: "DecimalSI" },

  { input: "1.2e3", m: "12", e: 2, format: "DecimalExponent" },
  { input: "1.3E+6", m: "13", e: 5, format: "DecimalExponent" },
  { input: "1.40e9", m: "14", e: 8, format: "DecimalExponent" },
  { input: "1.53E12", m: "153", e: 10, format: "DecimalExponent" },
  { input: "1.6e15", m: "16", e: 14, format: "DecimalExponent" },
  { input: "1.7E18", m: "17", e: 17, format: "DecimalExponent" },

  { input: "9.01", m: "901", e: -2, format: "DecimalSI" },
  { input: "8.1k", m: "81", e: 2, format: "DecimalSI" },
  { input: "7.123456M", m: "7123456", e: 0, format: "DecimalSI" },
  { input: "6.987654321G", m: "6987654321", e: 0, format: "DecimalSI" },
  { input: "5.444T", m: "5444", e: 9, format: "DecimalSI" },
  { input: "40.1T", m: "401", e: 11, format: "DecimalSI" },
  { input: "300.2T", m: "3002", e: 11, format: "DecimalSI" },
  { input: "2.5P", m: "25", e: 14, format: "DecimalSI" },
  { input: "1.01E", m: "101", e: 16, format: "DecimalSI" },

  // Things that saturate/round
  { input: "3.001n", m: "4", e: -9, format: "DecimalSI" },
  { input: "1.1E-9", m: "2", e: -9, format: "DecimalExponent" },
  { input: "0.0000000001", m: "1", e: -9, format: "DecimalSI" },
  { input: "0.0000000005", m: "1", e: -9, format: "DecimalSI" },
  { input: "0.00000000050", m: "1", e: -9, format: "DecimalSI" },
  { input: "0.5e-9", m: "1", e: -9, format: "DecimalExponent" },
  { input: "0.9n", m: "1", e: -9, format: "DecimalSI" },
  { input: "0.00000012345", m: "124", e: -9, format: "DecimalSI" },
  { input: "0.00000012354", m: "124", e: -9, format: "DecimalSI" },
  { input: "9Ei", m: MAX, e: 0, format: "BinarySI" },
  { input: "9223372036854775807Ki", m: MAX, e: 0, format: "BinarySI" },
  { input: "12E", m: "12", e: 18, format: "DecimalSI" },

  // We'll accept fractional binary stuff, too.
  { input: "100.035Ki", m: "10243584", e: -2, format: "BinarySI" },
  { input: "0.5Mi", m: String(0.5 * 1024 * 1024), e: 0, format: "BinarySI" },
  { input: "0.05Gi", m: "536870912", e: -1, format: "BinarySI" },
  { input: "0.025Ti", m: "274877906944", e: -1, format: "BinarySI" },

  // Things written by trolls
  { input: "0.000000000001Ki", m: "2", e: -9, format: "DecimalSI" }, // rounds up, changes format
  { input: ".001", m: "1", e: -3, format: "DecimalSI" },
  { input: ".0001k", m: "100", e: -3, format: "DecimalSI" },
  { input: "1.", m: "1", e: 0, format: "DecimalSI" },
  { input: "1.G", m: "1", e: 9, format: "DecimalSI" },
];

export const quantityParseInvalid: readonly string[] = [
  "", // `if _, err := ParseQuantity(""); err == nil`
  "1.1.M",
  "1+1.0M",
  "0.1mi",
  "0.1am",
  "aoeu",
  ".5i",
  "1i",
  "-3.01i",
  "-3.01e-",
  // trailing whitespace is forbidden
  " 1",
  "1 ",
];

/** TestQuantityParseEmit: input -> canonical string, with the value it denotes. */
export const quantityParseEmit: ReadonlyArray<{ input: string; canonical: string; m: string; e: number }> = [
  { input: "1Ki", canonical: "1Ki", m: "1024", e: 0 },
  { input: "1Mi", canonical: "1Mi", m: "1048576", e: 0 },
  { input: "1Gi", canonical: "1Gi", m: "1073741824", e: 0 },
  { input: "1024Mi", canonical: "1Gi", m: "1073741824", e: 0 },
  { input: "1000M", canonical: "1G", m: "1", e: 9 },
  { input: ".001Ki", canonical: "1024m", m: "1024", e: -3 },
  { input: ".000001Ki", canonical: "1024u", m: "1024", e: -6 },
  { input: ".000000001Ki", canonical: "1024n", m: "1024", e: -9 },
  { input: ".000000000001Ki", canonical: "2n", m: "2", e: -9 },
];

/** TestQuantityString: both spellings parse to decQuantity(m, e). */
export const quantityStringTable: ReadonlyArray<{ m: string; e: number; expect: string; alternate: string }> = [
  { m: String(1024 * 1024 * 1024), e: 0, expect: "1Gi", alternate: "1024Mi" },
  { m: String(300 * 1024 * 1024), e: 0, expect: "300Mi", alternate: "307200Ki" },
  { m: String(6 * 1024), e: 0, expect: "6Ki", alternate: "" },
  { m: String(1001n * 1024n ** 3n), e: 0, expect: "1001Gi", alternate: "1025024Mi" },
  { m: String(1024n ** 4n), e: 0, expect: "1Ti", alternate: "1024Gi" },
  { m: "5", e: 0, expect: "5", alternate: "5000m" },
  { m: "500", e: -3, expect: "500m", alternate: "0.5" },
  { m: "1", e: 9, expect: "1G", alternate: "1000M" },
  { m: "1000", e: 6, expect: "1G", alternate: "0.001T" },
  { m: "1000000", e: 3, expect: "1G", alternate: "" },
  { m: "1000000000", e: 0, expect: "1G", alternate: "" },
  { m: "1", e: -3, expect: "1m", alternate: "1000u" },
  { m: "80", e: -3, expect: "80m", alternate: "" },
  { m: "1080", e: -3, expect: "1080m", alternate: "1.08" },
  { m: "108", e: -2, expect: "1080m", alternate: "1080000000n" },
  { m: "10800", e: -4, expect: "1080m", alternate: "" },
  { m: "300", e: 6, expect: "300M", alternate: "" },
  { m: "1", e: 12, expect: "1T", alternate: "" },
  { m: "1", e: 18, expect: "1E", alternate: "" },
  { m: "1", e: 21, expect: "1e21", alternate: "1000E" },
  { m: "5", e: 21, expect: "5e21", alternate: "5000E" },
  { m: "1", e: 24, expect: "1e24", alternate: "1000000E" },
  { m: "1234567", e: 6, expect: "1234567M", alternate: "" },
  { m: "1234567", e: -3, expect: "1234567m", alternate: "" },
  { m: "3", e: 3, expect: "3k", alternate: "" },
  { m: "1025", e: 0, expect: "1025", alternate: "" },
  { m: "0", e: 0, expect: "0", alternate: "" },
  { m: "0", e: 0, expect: "0", alternate: "" },
  { m: "1", e: 9, expect: "1e9", alternate: ".001e12" },
  { m: "1", e: -3, expect: "1e-3", alternate: "0.001e0" },
  { m: "1", e: -9, expect: "1e-9", alternate: "1000e-12" },
  { m: "80", e: -3, expect: "80e-3", alternate: "" },
  { m: "300", e: 6, expect: "300e6", alternate: "" },
  { m: "1", e: 12, expect: "1e12", alternate: "" },
  { m: "1", e: 3, expect: "1e3", alternate: "" },
  { m: "3", e: 3, expect: "3e3", alternate: "" },
  { m: "3", e: 3, expect: "3k", alternate: "" },
  { m: "0", e: 0, expect: "0", alternate: "00" },
  { m: "1", e: -9, expect: "1n", alternate: "" },
  { m: "80", e: -9, expect: "80n", alternate: "" },
  { m: "1080", e: -9, expect: "1080n", alternate: "" },
  { m: "108", e: -8, expect: "1080n", alternate: "" },
  { m: "10800", e: -10, expect: "1080n", alternate: "" },
  { m: "1", e: -6, expect: "1u", alternate: "" },
  { m: "80", e: -6, expect: "80u", alternate: "" },
  { m: "1080", e: -6, expect: "1080u", alternate: "" },
];

/** TestQuantityCmp `table`. */
export const quantityCmpTable: ReadonlyArray<{ x: string; y: string; expect: -1 | 0 | 1 }> = [
  { x: "0", y: "0", expect: 0 },
  { x: "100m", y: "50m", expect: 1 },
  { x: "50m", y: "100m", expect: -1 },
  { x: "10000T", y: "100Gi", expect: 1 },
];

/**
 * TestJSONWhitespace: JSON inputs to Quantity.UnmarshalJSON and the expected
 * String(). As YAML values: quoted ones are strings, bare ones numbers.
 */
export const quantityJsonWhitespace: ReadonlyArray<{ value: string | number; m: string }> = [
  { value: " 1", m: "1" },
  { value: "1 ", m: "1" },
  { value: 1, m: "1" },
  { value: 10, m: "10" },
  { value: -1, m: "-1" },
];
