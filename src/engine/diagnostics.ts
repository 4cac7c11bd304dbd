/**
 * The one place a finding becomes a diagnostic, for every path that reports one (the file linter, undecodable
 * bytes, `patch`, the policy loader, the language server's configuration problems): the severity from the
 * settings, the message and note from the rule's messages, then, for the whole file, supersedes, directives,
 * suppressions, dedupe, sorting, secret scrubbing and the code frames.
 */
import { LineCounter } from 'yaml';
import type { OffsetRange } from './node-space.js';
import { applyDirectives, type Directive } from './directives.js';
import { maskLine, scrubMessage, type SecretMap } from './secrets.js';
import { effectiveSeverity, formatMessage, messageSpec, type RuleSettings } from './settings.js';
import type { Diagnostic, RuleMeta, SuppressedDiagnostic } from './types.js';
import { shown } from '../../rules/message-text.js';

/** What a diagnostic takes from its rule: the id, the messages, the default severity and what it supersedes. */
export type ReportingRule = Pick<RuleMeta, 'id' | 'severity' | 'messages' | 'supersedes'>;

/** What a rule (or the engine, for its own rules) found, placed in the file. */
export interface Finding {
  rule: ReportingRule;
  messageId: string;
  data?: Readonly<Record<string, unknown>> | undefined;
  range: OffsetRange;
  /** JSON Pointer into the document's data. */
  pointer: string;
  document: number;
  fix?: Diagnostic['fix'];
  suggestions?: Diagnostic['suggestions'];
  /** Where inside decoded text the finding is, when its range can only be the encoded value (base64). */
  inside?: string;
  /** JSON Pointer of the embedded configuration the finding is in (Diagnostic.embedded). */
  embedded?: string;
}

/**
 * The object a diagnostic is about, as a baseline and exceptions name it: `Kind/name`, or `Kind#3` (its document's
 * index) for an object without a name, or `#3` for a document that is no object at all (a syntax error); and the
 * diagnostic's data path inside that object, so that moving the object in its file (a List item) changes nothing.
 */
/** A diagnostic the engine itself raises while finding the documents to lint. */
export interface EngineFinding {
  ruleId: string;
  messageId: string;
  data?: Record<string, string | number>;
  documentIndex: number;
  range: OffsetRange;
  pointer: string;
  /** Where in an embedded text the finding is, when its range collapses onto the value (NodeSpace.positionsIn). */
  inside?: string;
}

export interface DiagnosticSubject {
  object: string;
  pointer: string;
}

/** Why a diagnostic is not reported: the baseline entry or the exception (index into its list) that matched. */
export interface Suppression {
  by: 'baseline' | 'exception';
  entry: number;
  reason?: string;
  /** An exception's: the baseline entry that matched the problem too, which the exception took it over from. */
  overlaps?: number;
}

/**
 * Where suppressions apply (a baseline, exceptions: issue 28). It sees each diagnostic as it will be reported,
 * after the inline directives, with secrets scrubbed, and the object it is about; a suppression drops it from the
 * diagnostics into `suppressed`. The default suppresses nothing.
 */
export interface Suppressor {
  suppression(diagnostic: Readonly<Diagnostic>, subject: DiagnosticSubject): Suppression | undefined;
}

export const SUPPRESS_NOTHING: Suppressor = { suppression: () => undefined };

export interface DiagnosticSinkOptions {
  /** The file's text: lines and columns, and the code frames, come from it. */
  text: string;
  /** The parser's line index of `text`, when it was parsed; else the sink indexes the lines itself. */
  lineCounter?: LineCounter;
  settings: RuleSettings;
  docsUrl?: ((ruleId: string) => string | undefined) | undefined;
  suppressor?: Suppressor | undefined;
  /** The object a data path of a document belongs to; without it, the document (`#index`) with the whole path. */
  subjectOf?: ((document: number, pointer: string) => DiagnosticSubject) | undefined;
}

/** The file's inline `# platlint-…` directives, and how to report the ones that did nothing. */
export interface DirectiveScope {
  directives: readonly Directive[];
  /** Every rule id a directive may name. */
  knownIds: readonly string[];
  /** The rules that report directives, when they are enabled. */
  unusedRule: ReportingRule | undefined;
  unknownRule: ReportingRule | undefined;
  renamedRule: ReportingRule | undefined;
  /** A directive in a document whose rules never ran cannot be unused. */
  inUnparsed(offset: number): boolean;
  documentAt(offset: number): number;
}

export interface FinishOptions {
  directives?: DirectiveScope;
  /** The secrets to scrub from messages and mask in code frames, asked only when there is a diagnostic; none if absent. */
  secrets?: () => SecretMap;
  withFrames: boolean;
}

export interface Finished {
  diagnostics: Diagnostic[];
  /** What the suppressor dropped, with why. */
  suppressed: SuppressedDiagnostic[];
  /** Source lines referenced by the diagnostics, secrets masked (with `withFrames`). */
  frameLines?: Map<number, string>;
}

interface Pending {
  diagnostic: Diagnostic;
  start: number;
  end: number;
  supersedes: readonly string[];
}

/** The line index of a text known only as a string (not parsed as YAML). */
export function lineCounterOf(text: string): LineCounter {
  const counter = new LineCounter();
  counter.addNewLine(0);
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) counter.addNewLine(at + 1);
  return counter;
}

/** Collects one file's findings and turns them into its diagnostics. */
export class DiagnosticSink {
  private pending: Pending[] = [];
  private readonly lines: LineCounter;

  constructor(private readonly options: DiagnosticSinkOptions) {
    this.lines = options.lineCounter ?? lineCounterOf(options.text);
  }

  /** The offset of a 1-based line and column, for a place known only by them (a configuration error's message). */
  offsetAt(line: number, column: number): number {
    const start = this.lines.lineStarts[line - 1];
    return start === undefined ? this.options.text.length : Math.min(start + column - 1, this.options.text.length);
  }

  private position(range: OffsetRange): Pick<Diagnostic, 'line' | 'column' | 'endLine' | 'endColumn'> {
    const start = this.lines.linePos(range[0]);
    const end = this.lines.linePos(range[1]);
    return { line: start.line, column: start.col, endLine: end.line, endColumn: end.col };
  }

  emit(finding: Finding): void {
    const { rule, data, range } = finding;
    const spec = messageSpec(rule, finding.messageId);
    const docsUrl = this.options.docsUrl?.(rule.id);
    this.pending.push({
      start: range[0],
      end: range[1],
      supersedes: rule.supersedes ?? [],
      diagnostic: {
        ruleId: rule.id,
        severity: effectiveSeverity(rule, spec, this.options.settings.get(rule.id)),
        message: finding.inside ? `${formatMessage(spec.text, data)} (${finding.inside})` : formatMessage(spec.text, data),
        ...(spec.note ? { note: formatMessage(spec.note, data) } : {}),
        ...this.position(range),
        path: finding.pointer,
        document: finding.document,
        ...(finding.embedded !== undefined ? { embedded: finding.embedded } : {}),
        ...(docsUrl ? { docsUrl } : {}),
        ...(finding.fix ? { fix: finding.fix } : {}),
        ...(finding.suggestions?.length ? { suggestions: finding.suggestions } : {}),
      },
    });
  }

  /**
   * A diagnostic made from another text, placed in this one (`patch` lints the patched object and shows each
   * diagnostic where its value was written). Its edits were for the other text: they are dropped.
   */
  relocate(diagnostic: Diagnostic, place: { range: OffsetRange; pointer: string; document: number }): void {
    const { fix: _fix, suggestions: _suggestions, ...rest } = diagnostic;
    this.pending.push({
      start: place.range[0],
      end: place.range[1],
      supersedes: [],
      diagnostic: { ...rest, ...this.position(place.range), path: place.pointer, document: place.document },
    });
  }

  finish(options: FinishOptions): Finished {
    this.dropSuperseded();
    if (options.directives) this.applyDirectives(options.directives);
    const seen = new Set<string>();
    const unique = this.pending.filter(({ diagnostic: d }) => {
      const key = `${d.ruleId}\u0000${d.line}:${d.column}-${d.endLine}:${d.endColumn}\u0000${d.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    unique.sort((a, b) => a.start - b.start || a.end - b.end || a.diagnostic.ruleId.localeCompare(b.diagnostic.ruleId));
    if (unique.length === 0) return { diagnostics: [], suppressed: [] };
    const secrets = options.secrets?.() ?? { ranges: [], values: new Set<string>() };
    const suppressor = this.options.suppressor ?? SUPPRESS_NOTHING;
    const subjectOf = this.options.subjectOf ?? ((document: number, pointer: string) => ({ object: `#${document}`, pointer }));
    const diagnostics: Diagnostic[] = [];
    const suppressed: SuppressedDiagnostic[] = [];
    for (const { diagnostic } of unique) {
      const scrubbed = {
        ...diagnostic,
        message: scrubMessage(diagnostic.message, secrets),
        ...(diagnostic.note !== undefined ? { note: scrubMessage(diagnostic.note, secrets) } : {}),
      };
      const suppression = suppressor.suppression(scrubbed, subjectOf(scrubbed.document, scrubbed.path));
      if (suppression) suppressed.push({ ...scrubbed, ...suppression });
      else diagnostics.push(scrubbed);
    }
    return options.withFrames ? { diagnostics, suppressed, frameLines: this.frameLines(diagnostics, secrets) } : { diagnostics, suppressed };
  }

  /** One cause, one diagnostic: drop what a more specific rule says on the same range (RuleMeta.supersedes). */
  private dropSuperseded(): void {
    const rangeOf = (d: Diagnostic): string => `${d.document}:${d.line}:${d.column}-${d.endLine}:${d.endColumn}`;
    const superseded = new Set<string>();
    for (const { diagnostic, supersedes } of this.pending) {
      for (const id of supersedes) superseded.add(`${id}\u0000${rangeOf(diagnostic)}`);
    }
    if (superseded.size === 0) return;
    this.pending = this.pending.filter(({ diagnostic }) => !superseded.has(`${diagnostic.ruleId}\u0000${rangeOf(diagnostic)}`));
  }

  /** Drops what the directives suppress, and reports the ones that did nothing. */
  private applyDirectives(scope: DirectiveScope): void {
    if (scope.directives.length === 0) return;
    const outcome = applyDirectives(scope.directives, this.pending.map((p) => p.diagnostic), scope.knownIds);
    this.pending = this.pending.filter((_, i) => !outcome.suppressed.has(i));
    for (const [rule, list] of [[scope.unusedRule, outcome.unused], [scope.unknownRule, outcome.unknown], [scope.renamedRule, outcome.renamed]] as const) {
      if (!rule) continue;
      for (const entry of list) {
        const { directive, id } = entry;
        if (rule === scope.unusedRule && scope.inUnparsed(directive.start)) continue;
        // An id is shown cut short: a comment can hold a line of any length.
        const data = { directive: `platlint-${directive.kind}`, id: id ? shown(id) : 'all rules', ...('current' in entry ? { current: entry.current } : {}) };
        this.emit({ rule, messageId: id ? 'withId' : 'all', data, range: [directive.start, directive.end], pointer: '', document: scope.documentAt(directive.start) });
      }
    }
  }

  private frameLines(diagnostics: readonly Diagnostic[], secrets: SecretMap): Map<number, string> {
    const lines = new Map<number, string>();
    const text = this.options.text;
    for (const d of diagnostics) {
      for (let line = Math.max(1, d.line - 1); line <= Math.min(d.endLine, d.line + 2); line++) {
        if (lines.has(line)) continue;
        const start = this.lines.lineStarts[line - 1];
        if (start === undefined) continue;
        let end = text.indexOf('\n', start);
        if (end < 0) end = text.length;
        // A secret is masked where it stands under its key, and wherever else in the file it is repeated.
        lines.set(line, scrubMessage(maskLine(text.slice(start, end).replace(/\r$/, ''), start, secrets), secrets));
      }
    }
    return lines;
  }
}
