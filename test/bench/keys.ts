/**
 * How lint time grows with the number of keys in one mapping (issue 18: it used to be quadratic, from the yaml
 * package's duplicate-key check). Lints a User whose `metadata.annotations` has N keys, for N = 10k, 50k, 100k
 * (or the sizes given), and prints the median time, the time per key, and that per-key time against the smallest
 * size's: about 1 for every size when the growth is linear.
 *
 *   npm run bench:keys                       # 10000 50000 100000, 5 repetitions each
 *   node dist/test/bench/keys.js [--reps N] [SIZE ...]
 *
 * Each repetition runs the engine in this process on text already in memory (no disk, no formatter), after one
 * warm-up run, so the figure is the parse, the checks and the rules.
 */
import { performance } from 'node:perf_hooks';
import { builtinRules } from '../../rules/index.js';
import { lintText } from '../../src/engine/lint.js';
import { presetSettings } from '../../src/engine/presets.js';
import { median } from './measure.js';

function manyKeysUser(keys: number): string {
  const lines = ['apiVersion: management.platform/v1', 'kind: User', 'metadata:', '  name: jane', '  annotations:'];
  for (let i = 0; i < keys; i++) lines.push(`    example.com/key-${i}: value-${i}`);
  lines.push('spec:', '  email: jane@example.com', '');
  return lines.join('\n');
}

function main(argv: readonly string[]): void {
  const repsAt = argv.indexOf('--reps');
  const reps = repsAt >= 0 ? Number(argv[repsAt + 1]) : 5;
  const sizes = argv.filter((arg, i) => /^\d+$/.test(arg) && argv[i - 1] !== '--reps').map(Number);
  if (!Number.isInteger(reps) || reps < 1) throw new Error('--reps takes a whole number above 0');
  const options = { filename: 'many-keys.yaml', rules: builtinRules, settings: presetSettings('recommended', builtinRules) };
  const rows: { keys: number; bytes: number; ms: number; usPerKey: number }[] = [];
  for (const keys of sizes.length ? sizes : [10_000, 50_000, 100_000]) {
    const text = manyKeysUser(keys);
    lintText(text, options);
    const times: number[] = [];
    for (let rep = 0; rep < reps; rep++) {
      const start = performance.now();
      const result = lintText(text, options);
      times.push(performance.now() - start);
      if (result.diagnostics.some((d) => d.ruleId.startsWith('yaml/'))) throw new Error(`unexpected YAML finding at ${keys} keys`);
    }
    const ms = median(times);
    rows.push({ keys, bytes: Buffer.byteLength(text), ms, usPerKey: (ms * 1000) / keys });
  }
  const base = rows[0]?.usPerKey ?? 1;
  const out = [`keys in one mapping, median of ${reps} (node ${process.version})`, '    keys       bytes     ms   µs/key  µs/key vs first'];
  for (const row of rows) {
    out.push(
      `${String(row.keys).padStart(8)}  ${String(row.bytes).padStart(10)}  ${row.ms.toFixed(0).padStart(5)}  ${row.usPerKey.toFixed(2).padStart(7)}  ${(row.usPerKey / base).toFixed(2).padStart(6)}`,
    );
  }
  process.stdout.write(out.join('\n') + '\n');
}

main(process.argv.slice(2));
