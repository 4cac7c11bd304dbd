import { describe, expect, it } from "vitest";
import {
  compareQuantities,
  formatQuantityValue,
  parseQuantity,
  quantityFromYaml,
  type QuantityValue,
} from "../../src/formats/index.js";
import {
  quantityCmpTable,
  quantityJsonWhitespace,
  quantityParseEmit,
  quantityParseInvalid,
  quantityParseTable,
  quantityStringTable,
} from "./data/k8s-quantity.js";

function dec(m: string, e: number): QuantityValue {
  const mm = BigInt(m);
  return e >= 0 ? { num: mm * 10n ** BigInt(e), den: 1n } : { num: mm, den: 10n ** BigInt(-e) };
}

function expectValue(input: string, want: QuantityValue): void {
  const r = parseQuantity(input);
  expect(r.ok, r.ok ? "" : `${input}: ${r.reason}`).toBe(true);
  if (r.ok) expect(compareQuantities(r.value, want), `${input} = ${formatQuantityValue(r.value)}`).toBe(0);
}

describe("k8s TestQuantityParse table", () => {
  it.each(quantityParseTable.map((c) => [c.input, c]))("%s", (_n, c) => {
    const r = parseQuantity(c.input);
    expect(r.ok, r.ok ? "" : r.reason).toBe(true);
    if (!r.ok) return;
    expect(compareQuantities(r.value, dec(c.m, c.e)), formatQuantityValue(r.value)).toBe(0);
    expect(r.format).toBe(c.format);
  });
  it.each(quantityParseTable.map((c) => [c.input, c]))("-%s (negated)", (_n, c) => {
    const want = dec(c.m, c.e);
    const r = parseQuantity("-" + c.input);
    expect(r.ok, r.ok ? "" : r.reason).toBe(true);
    if (!r.ok) return;
    expect(compareQuantities(r.value, { num: -want.num, den: want.den })).toBe(0);
    expect(r.format).toBe(c.format);
  });
  it.each(quantityParseTable.map((c) => [c.input, c]))("+%s", (_n, c) => {
    const r = parseQuantity("+" + c.input);
    expect(r.ok, r.ok ? "" : r.reason).toBe(true);
    if (!r.ok) return;
    expect(compareQuantities(r.value, dec(c.m, c.e))).toBe(0);
    expect(r.format).toBe(c.format);
  });
});

describe("k8s TestQuantityParse invalid", () => {
  it.each(quantityParseInvalid.map((c) => [JSON.stringify(c), c]))("%s", (_n, input) => {
    expect(parseQuantity(input).ok).toBe(false);
  });
});

describe("k8s TestQuantityParseEmit values", () => {
  it.each(quantityParseEmit.map((c) => [c.input, c]))("%s", (_n, c) => {
    expectValue(c.input, dec(c.m, c.e));
    expectValue(c.canonical, dec(c.m, c.e));
  });
});

describe("k8s TestQuantityString: canonical and alternate spellings", () => {
  it.each(quantityStringTable.map((c, i) => [`${i}: ${c.expect} / ${c.alternate}`, c]))("%s", (_n, c) => {
    expectValue(c.expect, dec(c.m, c.e));
    if (c.alternate !== "") expectValue(c.alternate, dec(c.m, c.e));
  });
});

describe("k8s TestQuantityCmp", () => {
  it.each(quantityCmpTable.map((c) => [c.x, c.y, c.expect]))("cmp(%s, %s) = %i", (x, y, want) => {
    const a = parseQuantity(x);
    const b = parseQuantity(y);
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) expect(compareQuantities(a.value, b.value)).toBe(want);
  });
});

describe("k8s TestJSONWhitespace (quantityFromYaml)", () => {
  it.each(quantityJsonWhitespace.map((c) => [JSON.stringify(c.value), c]))("%s", (_n, c) => {
    const r = quantityFromYaml(c.value);
    expect(r.ok).toBe(true);
    if (r.ok) expect(compareQuantities(r.value, dec(c.m, 0))).toBe(0);
  });
});

describe("quantities: brief examples and upstream quirks (not an upstream table)", () => {
  it("accepts", () => {
    expectValue("500m", dec("5", -1));
    expectValue("1.5Gi", dec(String(1.5 * 2 ** 30), 0));
    expectValue("1e3", dec("1", 3));
    expectValue("+1", dec("1", 0));
    expectValue("1.", dec("1", 0));
    expectValue(".5", dec("5", -1));
    expectValue("1E", dec("1", 18));
  });
  it("rejects", () => {
    for (const s of ["6GB", "1.5.5", "", "1 Gi", "1e", "1Kib", "1KB", "1k ", "0x10", "1,5", "--1", "1e1.5", "Pi", "Ei", ".Ei", "1e-"]) {
      expect(parseQuantity(s).ok, s).toBe(false);
    }
  });
  it("digitless inputs parse as zero upstream (apimachinery#165) and are flagged", () => {
    for (const s of ["Gi", "Ki", "Ti", "k", "m", "n", "M", "+", "-", ".", "-.", "e5"]) {
      const r = parseQuantity(s);
      expect(r.ok, s).toBe(true);
      if (r.ok) {
        expect(r.value, s).toEqual({ num: 0n, den: 1n });
        expect(r.digitless, s).toBe(true);
      }
    }
    const normal = parseQuantity("1Gi");
    expect(normal.ok && normal.digitless).toBe(false);
  });
  it("exponent int32 wrap-around and huge exponents", () => {
    expectValue("1e4294967296", dec("1", 0)); // int32(2^32) == 0 upstream
    expectValue("1e-2147483648", dec("1", -9)); // rounds up to 1n
    expectValue("0e999999", dec("0", 0));
    expect(parseQuantity("1e99999999999999999999").ok).toBe(false); // does not fit int64
    expect(parseQuantity("1e999999").ok).toBe(false); // beyond what platlint evaluates
  });
  it("compares across units exactly", () => {
    const q = (s: string): QuantityValue => {
      const r = parseQuantity(s);
      if (!r.ok) throw new Error(r.reason);
      return r.value;
    };
    expect(compareQuantities(q("1Gi"), q("1G"))).toBe(1);
    expect(compareQuantities(q("1000M"), q("1G"))).toBe(0);
    expect(compareQuantities(q("1024Mi"), q("1Gi"))).toBe(0);
    expect(compareQuantities(q("500m"), q("0.5"))).toBe(0);
    expect(compareQuantities(q("-1"), q("1m"))).toBe(-1);
    expect(compareQuantities(q("1e-3"), q("1m"))).toBe(0);
  });
  it("YAML numbers and other types", () => {
    const one = quantityFromYaml(1);
    expect(one.ok && formatQuantityValue(one.value)).toBe("1");
    const half = quantityFromYaml(0.5);
    expect(half.ok && formatQuantityValue(half.value)).toBe("0.5");
    const big = quantityFromYaml(1e21);
    expect(big.ok && compareQuantities(big.value, dec("1", 21))).toBe(0);
    const tiny = quantityFromYaml(1e-7);
    expect(tiny.ok && compareQuantities(tiny.value, dec("100", -9))).toBe(0);
    const bi = quantityFromYaml(12345678901234567890n);
    expect(bi.ok).toBe(true);
    expect(quantityFromYaml(" 500m\n").ok).toBe(true);
    for (const v of [true, null, undefined, {}, [], Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(quantityFromYaml(v).ok, String(v)).toBe(false);
    }
  });
  it("formatQuantityValue", () => {
    expect(formatQuantityValue(dec("1080", -3))).toBe("1.08");
    expect(formatQuantityValue(dec("-5", -1))).toBe("-0.5");
    expect(formatQuantityValue(dec("3", 3))).toBe("3000");
  });
});
