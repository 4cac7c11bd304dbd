/**
 * How lint time grows with the number of keys in one mapping (issue 18: it used to be quadratic, from the yaml
 * package's duplicate-key check; issue 31: quadratic again for double-quoted values, from the escape check). Lints
 * a User whose `metadata.annotations` has N keys, for N = 25k, 50k, 100k, 200k (or the sizes given), once with plain
 * values and once with double-quoted ones, and prints for each shape the CPU time per key, the time against the
 * previous size's (about 2 when the sizes double and the growth is linear), and quoted against plain.
 *
 * Each size lints the same number of keys in all (800,000 by default: 32 runs of 25,000 keys, 4 of 200,000), and
 * the figure is that total's CPU time (this process's user + system) over the keys. A garbage collection of the whole
 * heap lands in one run in several and costs in proportion to the heap, so the median of a few runs of one size
 * said more about where those collections fell than about the size (2.35 one run, 1.9 the next); over equal work
 * each size pays its share. CPU time is what a loaded machine disturbs least.
 *
 *   npm run bench:keys                       # 25000 50000 100000 200000, 800,000 keys each
 *   node dist/test/bench/keys.js [--total N] [SIZE ...]
 *
 * Each run lints text already in memory in this process (no disk, no formatter), after one warm-up run per size and
 * shape, so the figure is the parse, the checks and the rules. The two shapes alternate within a size, so that a
 * change in the machine's load hits both alike.
 */
import { builtinRules } from '../../rules/index.js';
import { lintText } from '../../src/engine/lint.js';
import { useNodeHost } from '../../src/project/node-host.js';
import { presetSettings } from '../../src/engine/presets.js';

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
  runs: number;
  /** CPU microseconds a key, over all the runs of the size. */
  cpuPerKey: Record<Shape, number>;
}

const DEFAULT_TOTAL = 800_000;

function main(argv: readonly string[]): void {
  const totalAt = argv.indexOf('--total');
  const total = totalAt >= 0 ? Number(argv[totalAt + 1]) : DEFAULT_TOTAL;
  const sizes = argv.filter((arg, i) => /^\d+$/.test(arg) && argv[i - 1] !== '--total').map(Number);
  const unknown = argv.filter((arg) => !/^\d+$/.test(arg) && arg !== '--total');
  if (unknown.length) throw new Error(`unknown argument ${unknown[0]}: give --total N and sizes`);
  if (!Number.isInteger(total) || total < 1) throw new Error('--total takes a whole number above 0');
  const options = { filename: 'many-keys.yaml', rules: builtinRules, settings: presetSettings('recommended', builtinRules) };
  const rows: Row[] = [];
  for (const keys of sizes.length ? sizes : [25_000, 50_000, 100_000, 200_000]) {
    const texts = { plain: manyKeysUser(keys, 'plain'), quoted: manyKeysUser(keys, 'quoted') };
    const cpuMicros: Record<Shape, number> = { plain: 0, quoted: 0 };
    for (const shape of SHAPES) lintText(texts[shape], options);
    const runs = Math.max(1, Math.round(total / keys));
    for (let run = 0; run < runs; run++) {
      for (const shape of run % 2 === 0 ? SHAPES : [...SHAPES].reverse()) {
        const startCpu = process.cpuUsage();
        const result = lintText(texts[shape], options);
        const used = process.cpuUsage(startCpu);
        cpuMicros[shape] += used.user + used.system;
        if (result.diagnostics.some((d) => d.ruleId.startsWith('yaml/'))) throw new Error(`unexpected YAML finding at ${keys} ${shape} keys`);
      }
    }
    rows.push({ keys, runs, cpuPerKey: { plain: cpuMicros.plain / (runs * keys), quoted: cpuMicros.quoted / (runs * keys) } });
  }
  const out = [
    `keys in one mapping, about ${total} keys linted at each size and shape (node ${process.version})`,
    '    keys  runs  shape   CPU µs/key  CPU vs previous size  CPU quoted vs plain',
  ];
  rows.forEach((row, i) => {
    const previous = rows[i - 1];
    for (const shape of SHAPES) {
      const perKey = row.cpuPerKey[shape];
      const growth = previous ? ((perKey * row.keys) / (previous.cpuPerKey[shape] * previous.keys)).toFixed(2) + ` (keys x${(row.keys / previous.keys).toFixed(2)})` : '';
      const versus = shape === 'quoted' ? (perKey / row.cpuPerKey.plain).toFixed(2) : '';
      out.push(`${String(row.keys).padStart(8)}  ${String(row.runs).padStart(4)}  ${shape.padEnd(6)}  ${perKey.toFixed(2).padStart(10)}  ${growth.padStart(20)}  ${versus.padStart(19)}`);
    }
  });
  process.stdout.write(out.join('\n') + '\n');
}

try {
  main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`bench:keys: ${(error as Error).message}\n`);
  process.exitCode = 2;
}
