import { describe, expect, it } from "vitest";
import { parseGoDuration, parseRetention } from "../../src/formats/index.js";
import { durationStringRoundTrip, parseDurationErrorTests, parseDurationTests } from "./data/go-time.js";
import { parseBadDuration, parseDurationCases } from "./data/prometheus-duration.js";

describe("Go time_test.go parseDurationTests", () => {
  it.each(parseDurationTests.map((c) => [c.in, c.want]))("ParseDuration(%j)", (input, want) => {
    const r = parseGoDuration(input);
    expect(r).toEqual({ ok: true, nanoseconds: want });
  });
});

describe("Go time_test.go parseDurationErrorTests", () => {
  it.each(parseDurationErrorTests.map((c) => [c.in, c.expect]))("ParseDuration(%j) fails", (input, expectSub) => {
    const r = parseGoDuration(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain(expectSub);
  });
});

describe("Go durationTests / TestParseDurationRoundTrip", () => {
  it.each(durationStringRoundTrip.map((c) => [c.str, c.d]))("ParseDuration(%j)", (s, d) => {
    expect(parseGoDuration(s)).toEqual({ ok: true, nanoseconds: d });
  });
});

describe("Go ParseDuration extras (not upstream)", () => {
  it("no day unit, no spaces, unit required", () => {
    for (const s of ["1d", "1 s", " 1s", "1s ", "1S", "1H", "10", "1.5.5s", "1e3s"]) {
      expect(parseGoDuration(s).ok, s).toBe(false);
    }
  });
  it("messages are Go's", () => {
    expect(parseGoDuration("1d")).toEqual({ ok: false, reason: 'time: unknown unit "d" in duration "1d"' });
    expect(parseGoDuration("3")).toEqual({ ok: false, reason: 'time: missing unit in duration "3"' });
    expect(parseGoDuration("")).toEqual({ ok: false, reason: 'time: invalid duration ""' });
  });
  it("quotes non-ASCII as UTF-8 bytes in its errors, as Go's time.quote", () => {
    expect(parseGoDuration("1µ\"")).toEqual({ ok: false, reason: 'time: unknown unit "\\xc2\\xb5\\"" in duration "1\\xc2\\xb5\\""' });
  });
});

describe("prometheus/common TestParseDuration", () => {
  it.each(parseDurationCases.map((c) => [c.in, c.ms]))("ParseDuration(%j)", (input, ms) => {
    const r = parseRetention(input);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.milliseconds).toBe(ms);
      expect(r.nanoseconds).toBe(ms * 1_000_000n);
    }
  });
});

describe("prometheus/common TestParseBadDuration", () => {
  it.each(parseBadDuration.map((c) => [c]))("ParseDuration(%j) fails", (input) => {
    expect(parseRetention(input).ok).toBe(false);
  });
});

describe("retention extras (not upstream)", () => {
  it("accepts the documented forms", () => {
    for (const s of ["1y", "30d", "12h", "1h30m", "2w", "90d", "1y2w3d4h5m6s7ms"]) expect(parseRetention(s).ok, s).toBe(true);
  });
  it("rejects other forms", () => {
    for (const s of ["1.5d", "30 d", "d30", "1h1h", "1m1h", "1D", "-1d", "+1d", "1us", "P30D"]) {
      expect(parseRetention(s).ok, s).toBe(false);
    }
  });
  it("messages", () => {
    expect(parseRetention("")).toEqual({ ok: false, reason: "empty duration string" });
    expect(parseRetention("3x")).toEqual({ ok: false, reason: 'unknown unit "x" in duration "3x"' });
    expect(parseRetention("294y")).toEqual({ ok: false, reason: "duration out of range" });
  });
});
