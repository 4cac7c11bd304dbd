/**
 * Linting as the editor needs it: a multi-document file is linted one YAML document at a time, so that typing in
 * one document re-lints only that one (each with the facts of the whole file the CLI finds over all documents);
 * and a document that does not parse keeps its last good rule diagnostics (marked stale) instead of losing them
 * and raising false `directive/unused` on its directives.
 */
import { checkText } from '../engine/decode.js';
import { FileLinter, lintBuffer, lintText, type FileFacts, type LintOptions } from '../engine/lint.js';
import { ruleCategory, type Diagnostic, type FailedChecks, type FileResult, type TextEdit } from '../engine/types.js';
import directiveUnknownRule from '../../rules/directive/unknown-rule/index.js';
import directiveUnusedRule from '../../rules/directive/unused/index.js';
import yamlSyntaxRule from '../../rules/yaml/syntax/index.js';

export interface Chunk {
  /** File offset and 0-based line where the chunk starts (its `---` line, or the start of the file). */
  start: number;
  startLine: number;
  text: string;
}

/**
 * Directives that span documents (`disable`/`enable` blocks, `disable-file`) and `%` directive lines, which belong
 * to the `---` after them, make the documents depend on each other: such files are linted whole.
 */
const WHOLE_FILE = /platlint-(?:disable-file|disable(?!-)|enable)\b|^%/m;

/** Splits at `---` lines: a document marker at column 0 ends whatever came before it, block scalars included. */
export function splitDocuments(text: string): Chunk[] {
  const chunks: Chunk[] = [];
  let start = 0;
  let startLine = 0;
  let line = 0;
  for (let offset = 0; offset <= text.length; ) {
    const next = text.indexOf('\n', offset);
    const end = next < 0 ? text.length : next + 1;
    if (offset > 0 && /^---(?:[ \t\r\n]|$)/.test(text.slice(offset, offset + 4)) && offset !== start) {
      chunks.push({ start, startLine, text: text.slice(start, offset) });
      start = offset;
      startLine = line;
    }
    if (next < 0) break;
    offset = end;
    line++;
  }
  chunks.push({ start, startLine, text: text.slice(start) });
  return chunks;
}

function lineCount(text: string): number {
  let count = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

function shiftEdits(edits: readonly TextEdit[], by: number): TextEdit[] {
  return edits.map((e) => ({ ...e, start: e.start + by, end: e.end + by }));
}

function shift(d: Diagnostic, lines: number, offset: number, documents: number): Diagnostic {
  return {
    ...d,
    line: d.line + lines,
    endLine: d.endLine + lines,
    document: d.document + documents,
    ...(d.fix ? { fix: { edits: shiftEdits(d.fix.edits, offset) } } : {}),
    ...(d.suggestions ? { suggestions: d.suggestions.map((s) => ({ ...s, edits: shiftEdits(s.edits, offset) })) } : {}),
  };
}

/** Diagnostics the parse of a broken document still produces fresh; everything else is kept from the last parse. */
const FRESH_WHEN_BROKEN = (d: Diagnostic): boolean => ruleCategory(d.ruleId) === 'yaml' || d.ruleId === directiveUnknownRule.meta.id;

type FactsUsed = ReturnType<FileLinter['facts']>['uses'];

/** A document linted alone: its result, its own facts, and the facts of the file it used (factsKey). */
interface LintedChunk {
  result: FileResult;
  own: FileFacts;
  uses: FactsUsed;
  factsKey: string;
}

/** The facts a document not linted before is linted with: most files edited hold platform objects, few secrets. */
const FIRST_GUESS: FileFacts = { platformObjects: true, secrets: { values: new Set(), pieces: new Set() } };

/** What of the file's facts a result depends on: two files whose keys are equal give it the same result. */
function factsKey(facts: FileFacts, uses: FactsUsed): string {
  return JSON.stringify([uses.platformObjects && facts.platformObjects, uses.secrets ? secretsKey(facts) : '']);
}

/** The secrets of a file's facts as one text, made once per facts (each document of the file is keyed by them). */
const secretsKeys = new WeakMap<FileFacts, string>();
function secretsKey(facts: FileFacts): string {
  let key = secretsKeys.get(facts);
  if (key === undefined) {
    key = JSON.stringify([[...facts.secrets.values].sort(), [...facts.secrets.pieces].sort()]);
    secretsKeys.set(facts, key);
  }
  return key;
}

/** The facts of a file from those of its documents. */
function fileFacts(parts: readonly FileFacts[]): FileFacts {
  return {
    platformObjects: parts.some((p) => p.platformObjects),
    secrets: { values: new Set(parts.flatMap((p) => [...p.secrets.values])), pieces: new Set(parts.flatMap((p) => [...p.secrets.pieces])) },
  };
}

function lintChunk(text: string, options: LintOptions, facts: FileFacts): LintedChunk {
  const linter = new FileLinter({ ...options, file: facts });
  const result = linter.lint(text);
  const { own, uses } = linter.facts();
  return { result, own, uses, factsKey: factsKey(facts, uses) };
}

export interface EditorLint {
  result: FileResult;
  /** Diagnostics carried over from the last version of their document that parsed. */
  stale: ReadonlySet<Diagnostic>;
}

/** One open document's linting state: per-document results by text, and the last good diagnostics of each. */
export class DocumentLinting {
  private cache = new Map<string, LintedChunk>();
  /** The facts of the file when it was last linted a document at a time: most edits leave them as they were. */
  private facts: FileFacts = FIRST_GUESS;
  /** What else the cached results depend on besides their text (`lint`'s `context`). */
  private context = '';
  /** By chunk index: diagnostics of the last version that parsed, lines relative to the chunk's start. */
  private lastGood: Diagnostic[][] = [];

  /**
   * `context` names what else a document's result depends on (the rule sets, the objects of other files that
   * admission policies read): when it changes, no document's result is reused.
   */
  lint(text: string, options: LintOptions, context = ''): EditorLint {
    if (context !== this.context) {
      this.cache.clear();
      this.context = context;
    }
    if (!checkText(text).ok) {
      // No text at all (NUL bytes): what the CLI says of the file, and nothing kept of what it was before.
      this.cache.clear();
      this.lastGood = [];
      return { result: lintBuffer(text, options), stale: new Set() };
    }
    const chunks = splitDocuments(text);
    // With `embedded` entries, whether the file holds one of their paths is a fact of the whole file.
    const whole = WHOLE_FILE.test(text) || chunks.length === 1 || (options.embedded?.length ?? 0) > 0;
    const perChunk: Diagnostic[][] = chunks.map(() => []);
    let documents = 0;
    let skipped = 0;
    // What the rules could not check, document by document: a reused document's as when it was linted.
    const failedChecks: FailedChecks[] = [];
    if (whole) {
      // checkText passed above: the buffer is text.
      const result = lintText(text, options);
      documents = result.documents;
      skipped = result.skipped;
      failedChecks.push(...(result.failedChecks ?? []));
      for (const d of result.diagnostics) {
        let index = chunks.length - 1;
        while (index > 0 && (chunks[index]?.startLine ?? 0) > d.line - 1) index--;
        perChunk[index]?.push(d);
      }
      this.cache.clear();
    } else {
      // Keyed by text: the same text lints the same wherever it sits, up to the shift below, given the same facts of
      // the file. A document not linted yet is linted with the facts of the last lint, which most edits keep; when
      // the file's facts change (a platform object or a secret added or gone), each document whose result depends
      // on them is linted again.
      const cache = new Map<string, LintedChunk>();
      const first = chunks.map((chunk) => {
        const linted = cache.get(chunk.text) ?? this.cache.get(chunk.text) ?? lintChunk(chunk.text, options, this.facts);
        cache.set(chunk.text, linted);
        return linted;
      });
      this.facts = fileFacts(first.map((linted) => linted.own));
      chunks.forEach((chunk, index) => {
        let linted = first[index] as LintedChunk;
        if (linted.factsKey !== factsKey(this.facts, linted.uses)) {
          linted = lintChunk(chunk.text, options, this.facts);
          cache.set(chunk.text, linted);
        }
        const { result } = linted;
        perChunk[index] = result.diagnostics.map((d) => shift(d, chunk.startLine, chunk.start, documents));
        documents += result.documents;
        skipped += result.skipped;
        failedChecks.push(...(result.failedChecks ?? []));
      });
      this.cache = cache;
    }
    const stale = new Set<Diagnostic>();
    const lastGood: Diagnostic[][] = [];
    const broken = perChunk.map((list) => list.some((d) => d.ruleId === yamlSyntaxRule.meta.id));
    // Linted whole, a directive in one document may suppress diagnostics of another: while any document is broken,
    // every document keeps its last `directive/unused` rather than report directives whose targets went missing.
    const crossDocument = whole && broken.some(Boolean);
    const carry = (chunk: Chunk, list: readonly Diagnostic[]): Diagnostic[] => {
      const lastLine = chunk.startLine + lineCount(chunk.text);
      return list.map((d): Diagnostic => {
        const { fix: _fix, suggestions: _suggestions, ...rest } = d;
        const kept = { ...rest, line: Math.min(d.line + chunk.startLine, lastLine), endLine: Math.min(d.endLine + chunk.startLine, lastLine) };
        stale.add(kept);
        return kept;
      });
    };
    const byPosition = (a: Diagnostic, b: Diagnostic): number => a.line - b.line || a.column - b.column;
    const diagnostics = chunks.flatMap((chunk, index) => {
      const fresh = perChunk[index] ?? [];
      const previous = this.lastGood[index] ?? [];
      const relative = (list: readonly Diagnostic[]): Diagnostic[] => list.map((d) => ({ ...d, line: d.line - chunk.startLine, endLine: d.endLine - chunk.startLine }));
      if (!broken[index] && !crossDocument) {
        lastGood[index] = relative(fresh);
        return fresh;
      }
      if (!broken[index]) {
        const unused = (d: Diagnostic): boolean => d.ruleId === directiveUnusedRule.meta.id;
        const keptUnused = previous.filter(unused);
        lastGood[index] = [...relative(fresh.filter((d) => !unused(d))), ...keptUnused];
        return [...fresh.filter((d) => !unused(d)), ...carry(chunk, keptUnused)].sort(byPosition);
      }
      lastGood[index] = previous;
      return [...fresh.filter(FRESH_WHEN_BROKEN), ...carry(chunk, previous.filter((d) => !FRESH_WHEN_BROKEN(d)))].sort(byPosition);
    });
    this.lastGood = lastGood;
    return { result: { file: options.filename, diagnostics, documents, skipped, ...(failedChecks.length ? { failedChecks } : {}) }, stale };
  }
}
