/**
 * What the engine hands back for a file: the rule model (src/rule-model/types.ts, re-exported here for the engine's
 * users) and the results of a run, with what was suppressed, skipped or failed.
 */

export * from '../rule-model/types.js';
import type { CheckFailure, Diagnostic } from '../rule-model/types.js';

/** A rule that could not check some documents of a file: its first failure there, and how many. */
export interface FailedChecks {
  rule: string;
  first: Omit<CheckFailure, 'skipped'>;
  documents: number;
  /** Of those, the documents it was not run on. */
  skipped: number;
}

/** A diagnostic a baseline entry or an exception (`entry`: its index) keeps out of the report, with why. */
export interface SuppressedDiagnostic extends Diagnostic {
  by: 'baseline' | 'exception';
  /** The index of the baseline entry or exception that matched: how a run finds the ones that matched nothing. */
  entry: number;
  /** The exception's reason. */
  reason?: string;
  /** An exception's: the baseline entry that matched the problem too, which the exception took it over from. */
  overlaps?: number;
}

/** A document or list item that was not linted because it is not a platform object (src/engine/scope.ts). */
export interface SkippedObject {
  /** Index of the YAML document; absent when the whole file was skipped unparsed (templated YAML). */
  document?: number;
  /** 1-based line where the skipped object starts. */
  line: number;
  /** JSON Pointer of the object in its document: '' for the document itself, `/items/2` in a List. */
  path: string;
  reason: string;
}

/** A platform object linted in a file: what its problems are about, whatever line they are on. */
export interface LintedObject {
  document: number;
  /** JSON Pointer of the object in its document: '' for the document, `/items/2` in a List. */
  path: string;
  /** apiVersion, kind, namespace and name (src/platform/identity.ts `identityKey`); absent when it has no name. */
  identity?: string;
}

export interface FileResult {
  file: string;
  diagnostics: Diagnostic[];
  /** What a baseline or exceptions suppressed; absent when nothing was. */
  suppressed?: SuppressedDiagnostic[];
  documents: number;
  /** Documents and list items skipped as not platform objects (= skips.length for a parsed file). */
  skipped: number;
  /** Why each skipped object, or the whole file, was not linted. */
  skips?: SkippedObject[];
  /** Nothing in the file was a platform object: it was skipped (templated, or every document someone else's). */
  skippedFile?: boolean;
  /** Source lines referenced by diagnostics, secrets masked, for code frames. */
  frameLines?: Map<number, string>;
  /** The fixed text, with `--fix-dry-run` (and for stdin with `--fix`). */
  output?: string;
  /** With `--fix`: the problems fixed in the file it wrote (or in stdin's `output`); with `--fix-dry-run`, those fixed in `output`; absent when none were. */
  fixed?: number;
  /** The platform objects linted, in file order, for formats that key problems by object (GitLab fingerprints). */
  objects?: LintedObject[];
  /** Set when the file could not be read at all (CI formats show it; the CLI also prints it to stderr). */
  ioError?: string;
  /** The rules that could not check some of its documents (custom policies): the run reports each once. */
  failedChecks?: FailedChecks[];
  /** With `timing`: the milliseconds each rule that ran took on this file, by rule id (`schema/*` for the schema stage). */
  timings?: Record<string, number>;
}

/** The result of a file nothing was linted in: yet to be linted, unreadable (add `ioError`), or skipped. */
export function emptyResult(file: string): FileResult {
  return { file, diagnostics: [], documents: 0, skipped: 0 };
}
