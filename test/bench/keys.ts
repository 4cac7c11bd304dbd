/**
 * How lint time grows with the number of keys in one mapping (issue 18: it used to be quadratic, from the yaml
 * package's duplicate-key check; issue 31: quadratic again for double-quoted values, from the escape check). Lints
 * a User whose `metadata.annotations` has N keys, for N = 25k, 50k, 100k, 200k (or the sizes given), once with plain
 * values and once with double-quoted ones, and prints for each shape the median time, the time per key, the time
 * against the previous size's (about 2 when the sizes double and the growth is linear), and quoted against plain.
 * The ratios are of CPU time (this process's user + system), which a loaded machine disturbs less than wall time.
 *
 *   npm run bench:keys                       # 25000 50000 100000 200000, 5 repetitions each
 *   node dist/test/bench/keys.js [--reps N] [SIZE ...]
 *
 * Each repetition runs the engine in this process on text already in memory (no disk, no formatter), after one
 * warm-up run, so the figure is the parse, the checks and the rules. The two shapes alternate within a size, so
 * that a change in the machine's load hits both alike.
 */
import { performance } from 'node:perf_hooks';
import { builtinRules } from '../../rules/index.js';
import { lintText } from '../../src/engine/lint.js';
import { useNodeHost } from '../../src/project/node-host.js';
import { presetSettings } from '../../src/engine/presets.js';
import { median } from './measure.js';

// Certificates are read with Node's reader, as the CLI reads them.
useNodeHost();

const SHAPES = ['plain', 'quoted'] as const;
type Shape = (typeof SHAPES)[number];

function manyKeysUser(keys: number, shape: Shape): string {
  const lines = ['apiVersion: management.platform/v1', 'kind: User', 'metadata:', '  name: jane', '  annotations:'];
  for (let i = 0; i < keys; i++) lines.push(shape === 'quoted' ? `    example.com/key-${i}: "value-${i}"` : `    example.com/key-${i}: value-${i}`);
  lines.push('spec:', '  email: jane@example.com', '');
  return lines.join('\n');
}

interface Row {
  keys: number;
  wallMs: Record<Shape, number>;
  cpuMs: Record<Shape, number>;
}

function main(argv: readonly string[]): void {
  const repsAt = argv.indexOf('--reps');
  const reps = repsAt >= 0 ? Number(argv[repsAt + 1]) : 5;
  const sizes = argv.filter((arg, i) => /^\d+$/.test(arg) && argv[i - 1] !== '--reps').map(Number);
  if (!Number.isInteger(reps) || reps < 1) throw new Error('--reps takes a whole number above 0');
  const options = { filename: 'many-keys.yaml', rules: builtinRules, settings: presetSettings('recommended', builtinRules) };
  const rows: Row[] = [];
  for (const keys of sizes.length ? sizes : [25_000, 50_000, 100_000, 200_000]) {
    const texts = { plain: manyKeysUser(keys, 'plain'), quoted: manyKeysUser(keys, 'quoted') };
    const wall: Record<Shape, number[]> = { plain: [], quoted: [] };
    const cpu: Record<Shape, number[]> = { plain: [], quoted: [] };
    for (const shape of SHAPES) lintText(texts[shape], options);
    for (let rep = 0; rep < reps; rep++) {
      for (const shape of rep % 2 === 0 ? SHAPES : [...SHAPES].reverse()) {
        const start = performance.now();
        const startCpu = process.cpuUsage();
        const result = lintText(texts[shape], options);
        const used = process.cpuUsage(startCpu);
        wall[shape].push(performance.now() - start);
        cpu[shape].push((used.user + used.system) / 1000);
        if (result.diagnostics.some((d) => d.ruleId.startsWith('yaml/'))) throw new Error(`unexpected YAML finding at ${keys} ${shape} keys`);
      }
    }
    rows.push({ keys, wallMs: { plain: median(wall.plain), quoted: median(wall.quoted) }, cpuMs: { plain: median(cpu.plain), quoted: median(cpu.quoted) } });
  }
  const out = [
    `keys in one mapping, median of ${reps} (node ${process.version})`,
    '    keys  shape  wall ms   CPU ms  CPU µs/key  CPU vs previous size  CPU quoted vs plain',
  ];
  rows.forEach((row, i) => {
    const previous = rows[i - 1];
    for (const shape of SHAPES) {
      const ms = row.cpuMs[shape];
      const growth = previous ? (ms / previous.cpuMs[shape]).toFixed(2) + ` (keys x${(row.keys / previous.keys).toFixed(2)})` : '';
      const versus = shape === 'quoted' ? (ms / row.cpuMs.plain).toFixed(2) : '';
      out.push(`${String(row.keys).padStart(8)}  ${shape.padEnd(6)}  ${row.wallMs[shape].toFixed(0).padStart(7)}  ${ms.toFixed(0).padStart(7)}  ${((ms * 1000) / row.keys).toFixed(2).padStart(10)}  ${growth.padStart(20)}  ${versus.padStart(19)}`);
    }
  });
  process.stdout.write(out.join('\n') + '\n');
}

main(process.argv.slice(2));
