import type { Diagnostic } from '../rule-model/types.js';
import type { FileResult } from './types.js';

/** Two producers find the same problem at the same place (a policy file's YAML syntax error, say) under one key. */
function problemKey(d: Diagnostic): string {
  return `${d.ruleId} ${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.message}`;
}

/**
 * The one result of a file that several producers reported on: a policy file's load problems, the evaluation errors
 * of its rules at the end of the run and the file itself when it is among the linted ones. Reports list each file
 * once. Diagnostics come in the order of their place in the file, a problem found twice at one place once.
 */
export function mergeFileResults(results: readonly FileResult[]): FileResult {
  const [first, ...rest] = results;
  if (!first) throw new Error('mergeFileResults needs a result');
  if (rest.length === 0) return first;
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const d of results.flatMap((r) => r.diagnostics)) {
    const key = problemKey(d);
    if (seen.has(key)) continue;
    seen.add(key);
    diagnostics.push(d);
  }
  diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
  const merged: FileResult = {
    file: first.file,
    diagnostics,
    documents: results.reduce((sum, r) => sum + r.documents, 0),
    skipped: results.reduce((sum, r) => sum + r.skipped, 0),
  };
  const suppressed = results.flatMap((r) => r.suppressed ?? []);
  if (suppressed.length) merged.suppressed = suppressed;
  const skips = results.flatMap((r) => r.skips ?? []);
  if (skips.length) merged.skips = skips;
  // As for one result: a file is skipped whole only when nothing in it was linted and nothing is reported in it.
  if (diagnostics.length === 0 && results.some((r) => r.skippedFile)) merged.skippedFile = true;
  const frames = results.flatMap((r) => [...(r.frameLines ?? [])]);
  if (frames.length) merged.frameLines = new Map(frames);
  const objects = results.flatMap((r) => r.objects ?? []);
  if (objects.length) merged.objects = objects;
  const failedChecks = results.flatMap((r) => r.failedChecks ?? []);
  if (failedChecks.length) merged.failedChecks = failedChecks;
  const output = results.find((r) => r.output !== undefined)?.output;
  if (output !== undefined) merged.output = output;
  const ioError = results.find((r) => r.ioError !== undefined)?.ioError;
  if (ioError !== undefined) merged.ioError = ioError;
  return merged;
}

/**
 * The results of the files that can get results at the end of a run as well as before (policy files, whose rules'
 * evaluation errors are known last; the configuration file and the baseline, with their unused entries): held, and
 * given back at the end, one merged result a file, so that a report lists each file once.
 */
export class LateResults {
  /** By key, in the order of the files given. */
  private readonly held: Map<string, FileResult[]>;

  /** `keyOf` says which names are one file (the command line resolves them against its directory). */
  constructor(
    files: readonly string[],
    private readonly keyOf: (file: string) => string = (file) => file,
  ) {
    this.held = new Map(files.map((file) => [keyOf(file), []]));
  }

  /** Keeps the result if its file is a late one (then the caller does not report it now). */
  hold(result: FileResult): boolean {
    const held = this.held.get(this.keyOf(result.file));
    held?.push(result);
    return held !== undefined;
  }

  /** One result for each late file that got any, in the order of the files given. */
  release(): FileResult[] {
    return [...this.held.values()].filter((results) => results.length > 0).map(mergeFileResults);
  }
}
