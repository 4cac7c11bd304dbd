/**
 * The baseline file: the problems a repository had when it adopted platlint, each keyed by what it is about (file,
 * object, rule, data path), never by line or count, so that edits elsewhere in a file leave its entries matching.
 * One entry a line, sorted: two branches that each change the baseline merge without conflicts in most cases.
 */
import { ConfigError } from '../settings-file/load.js';
import { findNodeAtLocation, parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { sha256 } from '../project/node-host.js';
import { lineCounterOf } from '../yaml/lines.js';

export const BASELINE_FILE_NAME = '.platlint-baseline.json';
const BASELINE_VERSION = 1;

export interface BaselineEntry {
  /** Relative to the baseline file's folder, with `/`. */
  file: string;
  /** `Kind/name`, or `Kind#document` for an object without a name (DiagnosticSubject). */
  object: string;
  /** As written: a former id matches the problems of every rule it names now (rules/aliases.ts). */
  rule: string;
  /** JSON Pointer inside the object. */
  path: string;
  /** The message's hash, only where the rule reported more than once on one path when the baseline was written. */
  hash?: string;
}

export interface Baseline {
  /** Absolute path of the file. */
  path: string;
  text: string;
  entries: BaselineEntry[];
  /** Each entry's 1-based line in the file (1 when the file is not laid out one entry a line). */
  lines: number[];
}

/** A short hash of a diagnostic's message (secrets already scrubbed from it), to tell two problems on one path apart. */
export function messageHash(message: string): string {
  return sha256().update(message).digest('hex').slice(0, 10);
}

function compareEntries(a: BaselineEntry, b: BaselineEntry): number {
  const order = (e: BaselineEntry): string[] => [e.file, e.object, e.rule, e.path, e.hash ?? ''];
  const [x, y] = [order(a), order(b)];
  for (let i = 0; i < x.length; i++) {
    const left = x[i] ?? '';
    const right = y[i] ?? '';
    if (left !== right) return left < right ? -1 : 1;
  }
  return 0;
}

function entryLine(entry: BaselineEntry): string {
  const { file, object, rule, path, hash } = entry;
  return JSON.stringify(hash === undefined ? { file, object, rule, path } : { file, object, rule, path, hash });
}

/**
 * Each entry once. An entry matches every problem it names, so two problems with the same message on one path (a
 * parser repeating itself) are one entry: a second would match nothing and be reported unused.
 */
export function uniqueEntries(entries: readonly BaselineEntry[]): BaselineEntry[] {
  return [...new Map(entries.map((entry) => [entryLine(entry), entry])).values()];
}

/** The file's text: entries sorted, one a line. */
export function serializeBaseline(entries: readonly BaselineEntry[]): string {
  const sorted = [...entries].sort(compareEntries);
  const body = sorted.map((entry, i) => `    ${entryLine(entry)}${i < sorted.length - 1 ? ',' : ''}`);
  return [`{`, `  "version": ${BASELINE_VERSION},`, `  "entries": [`, ...body, `  ]`, `}`, ''].join('\n');
}

function isEntry(value: unknown): value is BaselineEntry {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entry = value as Record<string, unknown>;
  return ['file', 'object', 'rule', 'path'].every((key) => typeof entry[key] === 'string') && (entry['hash'] === undefined || typeof entry['hash'] === 'string');
}

/** jsonc-parser's error codes in the words of `invalid JSON: …`. */
const JSON_ERRORS: Readonly<Record<string, string>> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: "expected ':'",
  CommaExpected: "expected ','",
  CloseBraceExpected: "expected '}'",
  CloseBracketExpected: "expected ']'",
  EndOfFileExpected: 'unexpected text after the end',
  InvalidCommentToken: 'comments are not allowed',
  UnexpectedEndOfComment: 'comments are not allowed',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid \\u escape',
  InvalidEscapeCharacter: 'invalid escape in a string',
  InvalidCharacter: 'control character in a string',
};

/** A merge left its markers in the file: `<<<<<<< ours`, `=======`, `>>>>>>> theirs`, each at the start of a line. */
const CONFLICT_MARKER = /^(?:<{7}|={7}|>{7})(?: |\r?$)/m;

/**
 * Reads a baseline; a file that is not one is a configuration error (exit 2), said in one line at its place. A
 * UTF-8 byte-order mark (some Windows editors add one) is skipped, as in the files platlint lints.
 */
export function parseBaseline(path: string, source: string): Baseline {
  const text = source.startsWith('\ufeff') ? source.slice(1) : source;
  const at = (offset: number): string => {
    const { line, col } = lineCounterOf(text).linePos(offset);
    return `${path}:${line}:${col}`;
  };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(jsonProblem(text, at) ?? `${path}: invalid JSON: ${(error as Error).message.split('\n')[0] ?? ''}`);
  }
  const fields = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  const { version, entries: list } = fields;
  // A version checked first: another version may not keep its entries in a list.
  if (version !== BASELINE_VERSION && (version !== undefined || Array.isArray(list))) {
    const root = parseTree(text);
    const node = root && findNodeAtLocation(root, ['version']);
    const found = version === undefined ? 'has no "version"' : `is version ${JSON.stringify(version)}`;
    throw new ConfigError(`${at(node?.offset ?? 0)}: the baseline ${found}, and this platlint reads version ${BASELINE_VERSION} only (upgrade platlint, or delete the file and run platlint baseline again)`);
  }
  if (!Array.isArray(list)) throw new ConfigError(`${path}: not a platlint baseline: no "entries" list (delete the file and run platlint baseline again)`);
  const entries = list.map((value, i) => {
    if (!isEntry(value)) throw new ConfigError(`${path}: entry ${i + 1} needs "file", "object", "rule" and "path" strings`);
    return value;
  });
  return { path, text, entries, lines: entryLines(text, entries.length) };
}

/** Where and why a text that `JSON.parse` refused is not JSON: a merge's markers, or the first syntax error. */
function jsonProblem(text: string, at: (offset: number) => string): string | undefined {
  const conflict = CONFLICT_MARKER.exec(text);
  if (conflict) return `${at(conflict.index)}: merge conflict markers: resolve the conflict (keep the entries of both sides), or delete the file and run platlint baseline again`;
  const errors: ParseError[] = [];
  parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return undefined;
  const what = first.offset >= text.length ? 'unexpected end of the file' : (JSON_ERRORS[printParseErrorCode(first.error)] ?? 'invalid JSON');
  return `${at(first.offset)}: invalid JSON: ${what}`;
}

/** Where each entry stands, when the file keeps the layout `serializeBaseline` writes. */
function entryLines(text: string, count: number): number[] {
  const lines: number[] = [];
  text.split('\n').forEach((line, i) => {
    if (/^\s*\{\s*"file"/.test(line)) lines.push(i + 1);
  });
  return lines.length === count ? lines : new Array<number>(count).fill(1);
}
