import { describe, expect, it } from "vitest";
import { parseRFC3339 } from "../../src/formats/index.js";
import { rfc3339Cases, rfc3339Derived } from "./data/go-time.js";

describe.each([
  ["upstream", rfc3339Cases],
  ["derived", rfc3339Derived],
])("Go time.Parse(RFC3339) %s cases", (_kind, cases) => {
  it.each(cases.map((c) => [`${c.source}: ${JSON.stringify(c.in)}`, c]))("%s", (_n, c) => {
    const r = parseRFC3339(c.in);
    expect(r.ok, r.ok ? "" : r.reason).toBe(c.ok);
    if (r.ok) {
      if (c.offset !== undefined) expect(r.offsetSeconds).toBe(c.offset);
      if (c.nanos !== undefined) expect(r.fields.nanosecond).toBe(c.nanos);
    } else if (c.err !== undefined) {
      expect(r.reason).toContain(c.err);
    }
  });
});

describe("utc / zulu flags", () => {
  it("Z is UTC and zulu", () => {
    const r = parseRFC3339("2024-01-02T03:04:05Z");
    expect(r).toMatchObject({ ok: true, utc: true, zulu: true, offsetSeconds: 0 });
  });
  it("+00:00 / -00:00 are UTC but not zulu", () => {
    expect(parseRFC3339("2024-01-02T03:04:05+00:00")).toMatchObject({ ok: true, utc: true, zulu: false });
    expect(parseRFC3339("2024-01-02T03:04:05-00:00")).toMatchObject({ ok: true, utc: true, zulu: false });
  });
  it("a non-zero offset is not UTC", () => {
    expect(parseRFC3339("2024-01-02T03:04:05+02:00")).toMatchObject({ ok: true, utc: false, offsetSeconds: 7200 });
  });
  it("fields", () => {
    const r = parseRFC3339("2024-02-29T23:59:59.5Z");
    expect(r.ok && r.fields).toEqual({ year: 2024, month: 2, day: 29, hour: 23, minute: 59, second: 59, nanosecond: 500000000 });
  });
});
