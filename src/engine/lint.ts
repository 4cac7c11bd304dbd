import type { Document } from 'yaml';
import { MAX_NESTING, parseYaml, withLineFeeds, type ParsedYaml } from '../yaml/parse.js';
import { directiveFindings } from '../yaml/go-directives.js';
import { validateTarget } from '../schema/validate.js';
import { decodeSpace, LintTarget, type NodeSpace, type OffsetRange } from './document.js';
import { TargetExtractor, type EngineFinding } from './extract.js';
import { aliasFinding, recoverSwallowedDocuments, yamlErrorFindings } from './yaml-errors.js';
import { objectScope } from './scope.js';
import { templateMarker } from './templated.js';
import { applyDirectives, parseDirectives } from './directives.js';
import { fixToEdits } from './fixes.js';
import { decodeSource } from './decode.js';
import { collectSecrets, maskLine, scrubMessage } from './secrets.js';
import { effectiveSeverity, formatMessage, isRuleEnabled, messageSpec, type RuleSettings } from './settings.js';
import { readsDocument, rulePlan, type RulePlan } from './rule-plan.js';
import type { Diagnostic, FileResult, Report, Rule, RuleContext, SkippedObject, TextEdit } from './types.js';

export interface LintOptions {
  filename: string;
  rules: readonly Rule[];
  settings: RuleSettings;
  docsUrl?: (ruleId: string) => string | undefined;
  /** Keep masked source lines for code frames (stylish output). */
  withFrames?: boolean;
  /**
   * The previous version of an object, when the file is linted as an update (`diff`, `patch`, `lint --base`).
   * Without it no transition rule runs and nothing old is looked up.
   */
  previousOf?: (target: LintTarget) => Readonly<Record<string, unknown>> | undefined;
}

interface Pending {
  diagnostic: Diagnostic;
  start: number;
  end: number;
}

/**
 * A rule that prints the number it reports prints it exactly: past 2^53 a JS number is rounded, so the text comes
 * from the value as the platform's decoder reads it (`-9223372036854775808`, not `-9223372036854776000`).
 */
function exactNumbers(target: LintTarget, report: Report): Report['data'] {
  const data = report.data;
  if (!data || !Object.values(data).some((v) => typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v))) return data;
  const read = target.goScalar(report.path);
  if (read?.type !== 'int') return data;
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, typeof v === 'number' && v === read.value ? read.exact : v]));
}

/** Lints one file's text. Never throws for any input: parser and rule failures become diagnostics. */
export class FileLinter {
  private readonly plan: RulePlan;
  private readonly pending: Pending[] = [];
  private parsed!: ParsedYaml;
  /** Ranges of documents that could not be read, whose rules never ran: their directives cannot be "unused". */
  private readonly unparsed: OffsetRange[] = [];

  constructor(private readonly options: LintOptions) {
    this.plan = rulePlan(options.rules, options.settings);
  }

  private enabled(ruleId: string): Rule | undefined {
    return this.plan.enabled.get(ruleId);
  }

  private emit(rule: Rule, messageId: string, data: Report['data'], range: OffsetRange, pointer: string, document: number, extra: Partial<Diagnostic> = {}): void {
    const spec = messageSpec(rule.meta, messageId);
    const start = this.parsed.lineCounter.linePos(range[0]);
    const end = this.parsed.lineCounter.linePos(range[1]);
    const docsUrl = this.options.docsUrl?.(rule.meta.id);
    this.pending.push({
      start: range[0],
      end: range[1],
      diagnostic: {
        ruleId: rule.meta.id,
        severity: effectiveSeverity(rule.meta, spec, this.options.settings.get(rule.meta.id)),
        message: formatMessage(spec.text, data),
        ...(spec.note ? { note: formatMessage(spec.note, data) } : {}),
        line: start.line,
        column: start.col,
        endLine: end.line,
        endColumn: end.col,
        path: pointer,
        document,
        ...(docsUrl ? { docsUrl } : {}),
        ...extra,
      },
    });
  }

  private emitFinding(finding: EngineFinding): void {
    const rule = this.enabled(finding.ruleId);
    if (rule) this.emit(rule, finding.messageId, finding.data, finding.range, finding.pointer, finding.documentIndex);
  }

  private emitReport(rule: Rule, target: LintTarget, report: Report): void {
    const edits = (fix: Report['fix']): TextEdit[] | undefined => (fix ? fixToEdits(target, this.parsed.text, fix) : undefined);
    const fixEdits = edits(report.fix);
    const suggestions = (report.suggestions ?? []).flatMap((s) => {
      const e = edits(s.fix);
      return e ? [{ description: s.description, edits: e }] : [];
    });
    this.emit(rule, report.messageId, exactNumbers(target, report), target.range(report.path, report.at ?? 'value'), target.pointer(report.path), target.documentIndex, {
      ...(fixEdits ? { fix: { edits: fixEdits } } : {}),
      ...(suggestions.length ? { suggestions } : {}),
    });
  }

  private runRules(target: LintTarget): void {
    if (!target.kind) return;
    const { kind, apiVersion, data } = target;
    const old = this.options.previousOf?.(target);
    if (this.plan.schema) {
      for (const finding of validateTarget(target)) {
        const rule = this.enabled(finding.ruleId);
        if (rule) this.emitReport(rule, target, finding);
      }
    }
    const document = old ? { kind, apiVersion, data, old } : { kind, apiVersion, data };
    let reports: Report[] = [];
    const report = (r: Report): void => {
      reports.push(r);
    };
    // One context for the target, its options set per rule: rules use it while they run and keep nothing of it.
    const context: RuleContext = { report, options: {}, facts: target, fromRaw: target.fromRaw };
    for (const planned of target.fromRaw ? this.plan.rawStatusChecks : this.plan.checks[kind]) {
      // A section the previous version had counts too: its removal is a change to judge.
      if (!readsDocument(planned, data) && !(old && readsDocument(planned, old))) continue;
      const { rule } = planned;
      // Transition rules compare with the previous version: without one they have nothing to say.
      if (rule.meta.transition && !old) continue;
      try {
        context.options = planned.options;
        rule.check(document, context);
        for (const r of reports) this.emitReport(rule, target, r);
      } catch (error) {
        // Reported even when turned off: a rule that crashed must not pass for a clean file.
        const internal = this.plan.all.get('internal/rule-error');
        if (internal) {
          this.emit(internal, 'failed', { rule: rule.meta.id, detail: error instanceof Error ? error.message : String(error) }, target.range([], 'value'), target.pointer([]), target.documentIndex);
        }
      }
      // A rule that threw keeps nothing it reported before; the next rule starts with an empty list.
      if (reports.length) reports = [];
    }
  }

  lint(text: string): FileResult {
    const result: FileResult = { file: this.options.filename, diagnostics: [], documents: 0, skipped: 0 };
    const template = templateMarker(text, this.options.filename);
    if (template) {
      // Not YAML until rendered: parsing it would only produce a flood of syntax errors.
      return { ...result, skips: [{ line: template.line, path: '', reason: template.reason }], skippedFile: true };
    }
    const spaces: NodeSpace[] = [];
    const lines = withLineFeeds(text);
    try {
      this.parsed = recoverSwallowedDocuments(parseYaml(lines));
    } catch (error) {
      // The parser recurses on nesting; absurdly deep input exhausts the stack rather than failing cleanly.
      this.parsed = { text: lines, lineCounter: parseYaml('').lineCounter, documents: [] };
      const rule = this.enabled('yaml/syntax');
      if (rule) this.emit(rule, 'syntax', { detail: `the file cannot be parsed: ${(error as Error).message}`, code: 'PARSE' }, [0, Math.min(1, text.length)], '', 0);
    }
    if (this.parsed.tooDeep) {
      const rule = this.enabled('yaml/syntax');
      const at = this.parsed.tooDeep.offset;
      if (rule) this.emit(rule, 'syntax', { detail: `lists and mappings nest deeper than ${MAX_NESTING} levels from here, the most platlint reads`, code: 'TOO_DEEP' }, [at, at + 1], '', 0);
    }
    const extractor = new TargetExtractor(this.parsed);
    const readable: { index: number; space: NodeSpace; data: unknown; duplicateKeys: EngineFinding[]; decoding: EngineFinding[] }[] = [];
    this.parsed.documents.forEach((doc: Document.Parsed, index) => {
      const space: NodeSpace = { doc, root: doc.contents, text: lines };
      spaces.push(space);
      const findings = yamlErrorFindings(index, space, doc, '');
      const duplicateKeys = findings.filter((f) => f.ruleId === 'yaml/duplicate-key');
      for (const finding of findings) if (finding.ruleId !== 'yaml/duplicate-key') this.emitFinding(finding);
      if (doc.contents === null || !doc.errors.every((e) => e.code === 'DUPLICATE_KEY')) {
        for (const finding of duplicateKeys) this.emitFinding(finding);
      }
      if (doc.contents === null) return;
      result.documents++;
      // Up to the next document: a document that swallowed the rest of the file (unclosed quote) ends there.
      const unparsed: OffsetRange = [doc.range[0], Math.min(doc.range[2], this.parsed.documents[index + 1]?.range[0] ?? Infinity)];
      if (doc.errors.some((e) => e.code !== 'DUPLICATE_KEY')) {
        this.unparsed.push(unparsed);
        return;
      }
      let data: unknown;
      let decoding: EngineFinding[];
      try {
        // Values as the platform's Go decoder reads them, with where it refuses or changes one.
        const decoded = decodeSpace(space);
        data = decoded.data;
        decoding = decoded.findings.map((f) => ({ ...f, documentIndex: index, pointer: '' }));
        if (decoded.fatal) {
          for (const finding of decoding) this.emitFinding(finding);
          this.unparsed.push(unparsed);
          return;
        }
      } catch (error) {
        this.emitFinding(aliasFinding(index, doc, error));
        this.unparsed.push(unparsed);
        return;
      }
      // `---` followed by nothing or only comments, or an explicit null document: nothing to lint.
      if (data === null || data === undefined) return;
      readable.push({ index, space, data, duplicateKeys, decoding });
    });
    const fileHasPlatformObjects = readable.some(({ data }) => typeof data === 'object' && data !== null && !Array.isArray(data) && objectScope(data as Record<string, unknown>).linted);
    const skips: SkippedObject[] = [];
    let objects = 0;
    for (const { index, space, data, duplicateKeys, decoding } of readable) {
      const extraction = extractor.extract(index, space, data, fileHasPlatformObjects);
      // Duplicate keys and values the platform reads differently are its decoder's business only in its own
      // objects (`on:` is a GitHub workflow's key, not a boolean); other tools have their own rules.
      if (extraction.skipped.length === 0 || extraction.targets.length > 0) for (const finding of [...duplicateKeys, ...decoding]) this.emitFinding(finding);
      objects += extraction.objects;
      for (const skip of extraction.skipped) skips.push({ document: index, line: this.parsed.lineCounter.linePos(skip.range[0]).line, path: skip.pointer, reason: skip.reason });
      for (const target of extraction.targets) {
        if (target.raw) spaces.push(target.raw.space);
        this.runRules(target);
      }
    }
    for (const finding of extractor.findings) this.emitFinding(finding);
    for (const finding of directiveFindings(this.parsed, objects > 0)) this.emitFinding(finding);
    result.skipped = skips.length;
    if (skips.length) result.skips = skips;
    this.finish(result, spaces);
    if (objects === 0 && skips.length > 0 && result.diagnostics.length === 0) result.skippedFile = true;
    return result;
  }

  /** Inline `# platlint-…` directives: drop what they suppress, and report the ones that did nothing. */
  private applyDirectives(): void {
    const directives = parseDirectives(this.parsed.text);
    if (directives.length === 0) return;
    const outcome = applyDirectives(directives, this.pending.map((p) => p.diagnostic), this.options.rules.map((r) => r.meta.id));
    const inUnparsed = (offset: number): boolean => this.unparsed.some((range) => offset >= range[0] && offset < range[1]);
    const kept = this.pending.filter((_, i) => !outcome.suppressed.has(i));
    this.pending.length = 0;
    this.pending.push(...kept);
    const documentAt = (offset: number): number => {
      const index = this.parsed.documents.findIndex((doc, i) => Math.min(doc.range?.[2] ?? 0, this.parsed.documents[i + 1]?.range[0] ?? Infinity) > offset);
      return index < 0 ? Math.max(0, this.parsed.documents.length - 1) : index;
    };
    for (const [ruleId, list] of [['directive/unused', outcome.unused], ['directive/unknown-rule', outcome.unknown]] as const) {
      const rule = this.enabled(ruleId);
      if (!rule) continue;
      for (const { directive, id } of list) {
        if (ruleId === 'directive/unused' && inUnparsed(directive.start)) continue;
        const data = { directive: `platlint-${directive.kind}`, id: id || 'all rules' };
        this.emit(rule, id ? 'withId' : 'all', data, [directive.start, directive.end], '', documentAt(directive.start));
      }
    }
  }

  /** One cause, one diagnostic: drop what a more specific rule says on the same range (RuleMeta.supersedes). */
  private dropSuperseded(): void {
    const rangeOf = (d: Diagnostic): string => `${d.document}:${d.line}:${d.column}-${d.endLine}:${d.endColumn}`;
    const superseded = new Set<string>();
    for (const { diagnostic } of this.pending) {
      for (const id of this.plan.all.get(diagnostic.ruleId)?.meta.supersedes ?? []) superseded.add(`${id}\u0000${rangeOf(diagnostic)}`);
    }
    if (superseded.size === 0) return;
    const kept = this.pending.filter(({ diagnostic }) => !superseded.has(`${diagnostic.ruleId}\u0000${rangeOf(diagnostic)}`));
    this.pending.length = 0;
    this.pending.push(...kept);
  }

  private finish(result: FileResult, spaces: NodeSpace[]): void {
    this.dropSuperseded();
    this.applyDirectives();
    const seen = new Set<string>();
    const unique = this.pending.filter(({ diagnostic: d }) => {
      const key = `${d.ruleId}\u0000${d.line}:${d.column}-${d.endLine}:${d.endColumn}\u0000${d.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    unique.sort((a, b) => a.start - b.start || a.end - b.end || a.diagnostic.ruleId.localeCompare(b.diagnostic.ruleId));
    if (unique.length === 0) return;
    const secrets = collectSecrets(spaces, this.parsed.text);
    result.diagnostics = unique.map(({ diagnostic }) => ({
      ...diagnostic,
      message: scrubMessage(diagnostic.message, secrets),
      ...(diagnostic.note !== undefined ? { note: scrubMessage(diagnostic.note, secrets) } : {}),
    }));
    if (this.options.withFrames) {
      const lines = new Map<number, string>();
      const text = this.parsed.text;
      for (const d of result.diagnostics) {
        for (let line = Math.max(1, d.line - 1); line <= Math.min(d.endLine, d.line + 2); line++) {
          if (lines.has(line)) continue;
          const start = this.parsed.lineCounter.lineStarts[line - 1];
          if (start === undefined) continue;
          let end = text.indexOf('\n', start);
          if (end < 0) end = text.length;
          // A secret is masked where it stands under its key, and wherever else in the file it is repeated.
          lines.set(line, scrubMessage(maskLine(text.slice(start, end).replace(/\r$/, ''), start, secrets), secrets));
        }
      }
      result.frameLines = lines;
    }
  }
}

export function lintText(text: string, options: LintOptions): FileResult {
  return new FileLinter(options).lint(text);
}

/** Lints a file's raw bytes: undecodable input (binary, UTF-16, invalid UTF-8) is one `yaml/syntax` diagnostic. */
export function lintBytes(bytes: Uint8Array, options: LintOptions): FileResult {
  const decoded = decodeSource(bytes);
  if (decoded.ok) return lintText(decoded.text, options);
  const rule = options.rules.find((r) => r.meta.id === 'yaml/syntax');
  const docsUrl = options.docsUrl?.('yaml/syntax');
  return {
    file: options.filename,
    documents: 0,
    skipped: 0,
    diagnostics: rule && isRuleEnabled(rule.meta, options.settings.get('yaml/syntax'))
      ? [{ ruleId: 'yaml/syntax', severity: 'error', message: `YAML syntax error: ${decoded.reason}.`, line: 1, column: 1, endLine: 1, endColumn: 2, path: '', document: 0, ...(docsUrl ? { docsUrl } : {}) }]
      : [],
  };
}
