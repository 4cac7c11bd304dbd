/**
 * Records what the platform's Go decoder makes of every case of the differential table (cases.ts), so the tests
 * need no Go: `npm run oracle:record` builds the Go oracle (../shared/tools/go-oracle, Debian's Go packages) into a
 * temporary directory, runs the table through it, and writes fixtures/go-oracle/recorded.jsonl. This script is the
 * only place Go is needed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { oracleCases, type OracleCase } from './cases.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const oracleDir = resolve(repoRoot, '../shared/tools/go-oracle');
export const RECORDING = join(repoRoot, 'fixtures/go-oracle/recorded.jsonl');

/** kubectl's YAMLReader: a new document at every line that is `---` alone or followed by a space or tab. */
export function splitLikeKubectl(text: string): string[] {
  const documents: string[] = [];
  let current = '';
  for (const line of text.split(/(?<=\n)/)) {
    const bare = line.replace(/\r?\n$/, '');
    if (bare.startsWith('---') && (bare.length === 3 || bare[3] === ' ' || bare[3] === '\t')) {
      if (current.length > 0) documents.push(current);
      current = '';
      continue;
    }
    current += line;
  }
  if (current.trim().length > 0) documents.push(current);
  return documents;
}

function buildOracle(): string {
  const fromEnv = process.env['GO_ORACLE'];
  if (fromEnv) return fromEnv;
  const out = join(tmpdir(), 'platlint-go-oracle');
  mkdirSync(out, { recursive: true });
  const printed = execFileSync('bash', [join(oracleDir, 'build.sh'), out], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const binary = printed.trim().split('\n').pop() ?? '';
  if (!existsSync(binary)) throw new Error(`the oracle build printed no binary path: ${printed}`);
  return binary;
}

interface BatchLine {
  id: string;
  yaml: string;
  target: string;
  raw?: string;
  scalar?: string;
}

function batchLines(c: OracleCase): BatchLine[] {
  if (c.target === 'raw') return [{ id: c.id, yaml: c.yaml, target: 'raw', raw: c.raw ?? '', ...(c.scalar ? { scalar: c.scalar } : {}) }];
  return splitLikeKubectl(c.yaml).map((chunk, i) => ({ id: `${c.id}#${i}`, yaml: chunk, target: 'user', ...(c.scalar && i === 0 ? { scalar: c.scalar } : {}) }));
}

function main(): void {
  const binary = buildOracle();
  const cases = oracleCases();
  const lines = cases.flatMap(batchLines);
  const output = execFileSync(binary, ['batch'], { input: lines.map((l) => JSON.stringify(l)).join('\n') + '\n', encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const answers = output.trim().split('\n');
  if (answers.length !== lines.length) throw new Error(`the oracle answered ${answers.length} lines for ${lines.length} inputs`);
  // Go's answers stay as the text it printed: its JSON holds int64 and uint64 values a JS number would round.
  const byCase = new Map<string, string[]>();
  answers.forEach((answer, i) => {
    const caseId = (lines[i]?.id ?? '').replace(/#\d+$/, '');
    byCase.set(caseId, [...(byCase.get(caseId) ?? []), answer]);
  });
  const recorded = cases.map((c) => `{"id":${JSON.stringify(c.id)},"yaml":${JSON.stringify(c.yaml)},"raw":${JSON.stringify(c.raw ?? null)},"go":[${(byCase.get(c.id) ?? []).join(',')}]}`);
  mkdirSync(dirname(RECORDING), { recursive: true });
  writeFileSync(RECORDING, recorded.join('\n') + '\n');
  process.stdout.write(`recorded ${cases.length} cases (${lines.length} oracle inputs) in ${RECORDING}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
