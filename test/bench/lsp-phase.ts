/** The language server's latency in `npm run bench` (lsp-latency.ts): 1,000- and 5,000-line files. */
import type { Bench } from './context.js';
import { measureLatency, type LatencyResult } from './lsp-latency.js';
import { log, root, table } from './measure.js';

/** Goals of issue #16: diagnostics within the debounce plus 30 ms (1,000 lines) and plus 100 ms (5,000 lines). */
const GOALS: readonly { lines: number; overDebounceMs: number }[] = [
  { lines: 1_000, overDebounceMs: 30 },
  { lines: 5_000, overDebounceMs: 100 },
];

export async function lspPhase(bench: Bench): Promise<{ results: LatencyResult[]; before: LatencyResult[]; targets: Record<string, boolean> }> {
  const edits = bench.options.smoke ? 4 : 30;
  const results: LatencyResult[] = [];
  const before: LatencyResult[] = [];
  for (const goal of GOALS) {
    results.push(await measureLatency(root, goal.lines, edits));
    if (bench.options.beforeBin) before.push(await measureLatency(root, goal.lines, edits, bench.options.beforeBin));
  }
  const targets = Object.fromEntries(GOALS.map((goal, i) => [`language server, ${goal.lines} lines: debounce + ${goal.overDebounceMs} ms`, (results[i]?.overDebounceMs ?? Infinity) <= goal.overDebounceMs]));
  log(table([
    ['language server', 'documents', 'edits', 'open', 'median', 'p90', 'max', 'over debounce', 'goal met'],
    ...before.map((r) => [`${r.lines} lines (before)`, String(r.documents), String(r.edits), `${r.openMs} ms`, `${r.medianMs} ms`, `${r.p90Ms} ms`, `${r.maxMs} ms`, `${r.overDebounceMs} ms`, '']),
    ...results.map((r, i) => [`${r.lines} lines`, String(r.documents), String(r.edits), `${r.openMs} ms`, `${r.medianMs} ms`, `${r.p90Ms} ms`, `${r.maxMs} ms`, `${r.overDebounceMs} ms`, Object.values(targets)[i] ? 'yes' : 'NO']),
  ]));
  return { results, before, targets };
}
