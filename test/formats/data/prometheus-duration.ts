/**
 * Test tables from Prometheus' model.ParseDuration tests.
 *
 * Sources:
 * - prometheus/common model/time_test.go, current version (TestParseDuration
 *   `baseCases`, TestDuration_UnmarshalJSON's extra "289y" row,
 *   TestParseBadDuration). The prometheus/common copy stored in our search
 *   index is older (@ 06628cd7a2738be693a65a27834b660cd369c891); the current
 *   text was found by exact-string search (index id 1261613181, repository not
 *   reported by the index, content identical to prometheus/common's file).
 * - "-1w" comes from TestParseBadDuration in the older stored copy (current
 *   upstream moved negative values to ParseDurationAllowNegative; plain
 *   ParseDuration still rejects them).
 * - The `negativeCases` of the current TestParseDuration exercise
 *   ParseDurationAllowNegative, which retention does not use: dropped.
 */

const MS = 1n;
const S = 1000n * MS;
const MIN = 60n * S;
const H = 60n * MIN;
const D = 24n * H;

/** in -> milliseconds, and the canonical String() upstream expects. */
export const parseDurationCases: ReadonlyArray<{ in: string; ms: bigint; str?: string }> = [
  { in: "0", ms: 0n, str: "0s" },
  { in: "0w", ms: 0n, str: "0s" },
  { in: "0s", ms: 0n },
  { in: "324ms", ms: 324n * MS },
  { in: "3s", ms: 3n * S },
  { in: "5m", ms: 5n * MIN },
  { in: "1h", ms: H },
  { in: "4d", ms: 4n * D },
  { in: "4d1h", ms: 4n * D + H },
  { in: "14d", ms: 14n * D, str: "2w" },
  { in: "3w", ms: 3n * 7n * D },
  { in: "3w2d1h", ms: 3n * 7n * D + 2n * D + H, str: "23d1h" },
  { in: "10y", ms: 10n * 365n * D },
  { in: "289y", ms: 289n * 365n * D }, // TestDuration_UnmarshalJSON
];

export const parseBadDuration: readonly string[] = [
  "1",
  "1y1m1d",
  "-1w", // older copy of the test, see header
  "1.5d",
  "d",
  "294y",
  "200y10400w",
  "107675d",
  "2584200h",
  "",
];
