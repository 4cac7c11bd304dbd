/**
 * The language server's latency: the built server (`platlint lsp --stdio`) driven over stdio like an editor
 * drives it. A multi-document file of about 1,000 or 5,000 lines (Configs and Users from the realistic corpus) is
 * opened, then one document of it is edited, one keystroke at a time, and each keystroke is timed from the
 * `didChange` notification to the `publishDiagnostics` of that version. The server waits `LINT_DELAY_MS` after a
 * change before it lints (so that typing is not linted keystroke by keystroke); what it adds to that is the figure.
 *
 *   node dist/test/bench/lsp-latency.js [--lines 1000,5000] [--edits N]   # prints one JSON line
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type ProtocolConnection } from 'vscode-languageserver/node.js';
import { LINT_DELAY_MS } from '../../src/lsp/server.js';
import { median, root } from './measure.js';
import { loadSources, realisticFile } from './realistic-corpus.js';
import { binOf } from './context.js';

export interface LatencyResult {
  lines: number;
  documents: number;
  edits: number;
  /** Delay the server waits after a change before it lints. */
  debounceMs: number;
  /** didChange to publishDiagnostics, as the editor sees it. */
  medianMs: number;
  p90Ms: number;
  maxMs: number;
  /** What the server adds to its own debounce (median): the figure the goal is set on. */
  overDebounceMs: number;
  /** Time to the first diagnostics after didOpen (rule set loading and a full lint included). */
  openMs: number;
  diagnostics: number;
}

/** A multi-document file of at least `lines` lines, made of the realistic corpus's documents. */
export function latencyFile(fixturesDir: string, lines: number): { text: string; documents: number } {
  const sources = loadSources(fixturesDir);
  const parts: string[] = [];
  let count = 0;
  for (let i = 0; count < lines; i++) {
    const file = realisticFile(sources, 7, i);
    for (const part of file.text.split(/^---\n/m)) {
      if (!/^kind: /m.test(part) || count >= lines) continue;
      parts.push(part);
      count += part.split('\n').length - 1;
    }
  }
  return { text: parts.map((p) => '---\n' + p).join(''), documents: parts.length };
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
}

interface Published {
  uri: string;
  version?: number;
  diagnostics: unknown[];
}

/** Measures one file size against a freshly started server. */
export async function measureLatency(root: string, lines: number, edits: number, bin = binOf(root)): Promise<LatencyResult> {
  const child = spawn(process.execPath, [bin, 'lsp', '--stdio'], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
  const connection: ProtocolConnection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const waiting = new Map<number, (p: Published) => void>();
  connection.onNotification('textDocument/publishDiagnostics', (p: Published) => {
    const resolve = p.version !== undefined ? waiting.get(p.version) : undefined;
    if (resolve && p.version !== undefined) {
      waiting.delete(p.version);
      resolve(p);
    }
  });
  // Requests the server may make of the client, answered as an editor would.
  for (const method of ['client/registerCapability', 'window/showMessageRequest', 'workspace/configuration']) connection.onRequest(method, () => null);
  connection.listen();
  const published = (version: number): Promise<Published> => new Promise((resolve) => waiting.set(version, resolve));
  try {
    await connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(root).href, capabilities: {}, workspaceFolders: null });
    await connection.sendNotification('initialized', {});
    const { text, documents } = latencyFile(join(root, 'fixtures'), lines);
    const uri = pathToFileURL(join(root, 'bench-out', `lsp-latency-${lines}.yaml`)).href;
    const lineCount = text.split('\n').length - 1;
    let version = 1;
    let start = performance.now();
    const opened = published(version);
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version, text } });
    const first = await opened;
    const openMs = performance.now() - start;
    // Typing into the metadata.name value of a document in the middle of the file.
    const lineList = text.split('\n');
    const middle = lineList.findIndex((line, i) => i >= lineList.length / 2 && /^ {2}name: \S/.test(line));
    const column = (lineList[middle] ?? '').length;
    const times: number[] = [];
    for (let e = 0; e < edits; e++) {
      version++;
      const typed = e % 2 === 0 ? { range: { start: { line: middle, character: column }, end: { line: middle, character: column } }, text: 'x' } : { range: { start: { line: middle, character: column }, end: { line: middle, character: column + 1 } }, text: '' };
      const answer = published(version);
      start = performance.now();
      await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [typed] });
      await answer;
      times.push(performance.now() - start);
    }
    const medianMs = median(times);
    return {
      lines: lineCount,
      documents,
      edits,
      debounceMs: LINT_DELAY_MS,
      medianMs: Math.round(medianMs),
      p90Ms: Math.round(percentile(times, 0.9)),
      maxMs: Math.round(Math.max(...times)),
      overDebounceMs: Math.round(medianMs - LINT_DELAY_MS),
      openMs: Math.round(openMs),
      diagnostics: first.diagnostics.length,
    };
  } finally {
    await connection.sendRequest('shutdown').catch(() => undefined);
    await connection.sendNotification('exit').catch(() => undefined);
    connection.dispose();
    child.kill();
  }
}

if (process.argv[1] && /lsp-latency\.js$/.test(process.argv[1])) {
  const args = process.argv.slice(2);
  const value = (flag: string): string | undefined => args[args.indexOf(flag) + 1];
  const sizes = (args.includes('--lines') ? (value('--lines') ?? '') : '1000,5000').split(',').map(Number);
  const edits = args.includes('--edits') ? Number(value('--edits')) : 20;
  const out: LatencyResult[] = [];
  for (const lines of sizes) out.push(await measureLatency(root, lines, edits));
  process.stdout.write(JSON.stringify(out) + '\n');
}
