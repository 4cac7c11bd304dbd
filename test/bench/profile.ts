/**
 * Where the time goes, from the `.cpuprofile` files `node --cpu-prof` writes (one per thread): self time grouped
 * by the part of the work it belongs to (the nearest known caller), and the functions with the most self time.
 * Works on the bundled CLI too, where file names no longer tell packages apart: it goes by function names.
 *
 *   node dist/test/bench/profile.js DIR     # prints the summary of every profile in DIR
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  profiles: number;
  /** Sampled time, all threads together. */
  totalMs: number;
  areas: { area: string; ms: number; share: number }[];
  topFunctions: { fn: string; ms: number; share: number }[];
}

/** Areas by the nearest caller's name (esbuild may add a number to a name it had to rename). */
const AREAS: readonly [RegExp, string][] = [
  [/^check\d*$/, 'rules (check functions)'],
  [/^validateTarget\d*$/, 'schema validation (ajv and mapping)'],
  [/^parseAllDocuments\d*$/, 'yaml: parse and compose'],
  [/^toJS\d*$/, 'yaml: toJS'],
  [/^(extract|classify|rawStatus)\d*$/, 'engine: find documents'],
  [/^(emit|emitReport|emitFinding|finish|applyDirectives)\d*$/, 'engine: diagnostics, positions, directives'],
  [/^(readFileSync|decodeSource)\d*$/, 'read and decode files'],
  [/^format(Json|Stylish|Sarif|Github|Junit)\d*$/, 'format the report'],
  [/^(runRules|lint|lintText|lintBytes)\d*$/, 'engine: other'],
];

function areaOf(chain: readonly CallFrame[]): string {
  const leaf = chain[0];
  if (leaf?.functionName === '(garbage collector)') return 'garbage collector';
  if (leaf?.functionName === '(idle)' || leaf?.functionName === '(program)') return 'idle, program';
  for (const frame of chain) {
    for (const [pattern, area] of AREAS) if (pattern.test(frame.functionName)) return area;
  }
  if (chain.some((f) => f.url.startsWith('node:internal/modules') || f.functionName === 'compileForInternalLoader')) return 'loading modules';
  return 'other';
}

export function summarizeProfiles(dir: string): ProfileSummary {
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  for (const file of files) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    const self = new Map<number, number>();
    profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
    for (const [id, micros] of self) {
      total += micros;
      const chain: CallFrame[] = [];
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
        const node = byId.get(cur);
        if (node) chain.push(node.callFrame);
      }
      const area = areaOf(chain);
      areas.set(area, (areas.get(area) ?? 0) + micros);
      const leaf = chain[0];
      if (leaf) {
        const where = leaf.url ? `${leaf.url.replace(/^.*\/(node_modules|dist)\//, '')}:${leaf.lineNumber + 1}` : '';
        const fn = `${leaf.functionName || '(anonymous)'} ${where}`.trim();
        functions.set(fn, (functions.get(fn) ?? 0) + micros);
      }
    }
  }
  const rows = <K extends string>(map: Map<string, number>, key: K, limit: number): ({ ms: number; share: number } & Record<K, string>)[] =>
    [...map]
      .sort((x, y) => y[1] - x[1])
      .slice(0, limit)
      .map(([name, micros]) => ({ [key]: name, ms: Math.round(micros / 1000), share: Number((micros / Math.max(1, total)).toFixed(3)) }) as { ms: number; share: number } & Record<K, string>);
  return { profiles: files.length, totalMs: Math.round(total / 1000), areas: rows(areas, 'area', 20), topFunctions: rows(functions, 'fn', 15) };
}

export function formatSummary(summary: ProfileSummary): string {
  const lines = [`${summary.profiles} profile(s), ${summary.totalMs} ms sampled`];
  for (const a of summary.areas) lines.push(`  ${String(a.ms).padStart(7)} ms ${(a.share * 100).toFixed(1).padStart(5)}%  ${a.area}`);
  lines.push('  top functions (self time):');
  for (const f of summary.topFunctions) lines.push(`  ${String(f.ms).padStart(7)} ms ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.fn}`);
  return lines.join('\n');
}

if (process.argv[1] && /profile\.js$/.test(process.argv[1]) && process.argv[2]) {
  process.stdout.write(formatSummary(summarizeProfiles(process.argv[2])) + '\n');
}
