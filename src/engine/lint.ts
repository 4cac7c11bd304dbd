import type { Document } from 'yaml';
import { parseYaml, withLineFeeds, type ParsedYaml } from '../yaml/parse.js';
import { directiveFindings } from '../yaml/go-directives.js';
import { validateTarget } from '../schema/validate.js';
import { LintTarget } from './document.js';
import type { NodeSpace, OffsetRange } from './node-space.js';
import { TargetExtractor } from './extract.js';
import { decodeDocument, recoverSwallowedDocuments, tooDeepFinding, yamlErrorFindings } from './yaml-errors.js';
import { objectScope } from './scope.js';
import { templateMarker } from './templated.js';
import { parseDirectives } from './directives.js';
import { DiagnosticSink, type DiagnosticSubject, type EngineFinding, type Finding, type Suppressor } from './diagnostics.js';
import { innermostObject, objectSlot } from './object-slots.js';
import { fixToEdits } from './fixes.js';
import { decodeSource } from './decode.js';
import { collectSecrets } from './secrets.js';
import type { RuleSettings } from './settings.js';
import { readsDocument, rulePlan, type RulePlan } from './rule-plan.js';
import { identityOf } from '../platform/identity.js';
import type { FileResult, LintedObject, Report, Rule, RuleContext, SkippedObject, TextEdit } from './types.js';
import { atText, embeddedCandidate, embeddedHint, type EmbeddedSource } from './embedded.js';
import { toPointer } from './locator.js';

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
  /** False runs every rule on every document, whatever its `meta.sections` (rule-plan.ts): to test the sections. */
  pruneSections?: boolean;
  /** Where suppressions (a baseline, exceptions) apply; none by default. */
  suppressor?: Suppressor;
  /**
   * The `embedded` entries of `.platlint.yaml` whose `files` match this file: a document that is no platform object
   * is linted as the configuration at the first of their paths it holds, and nothing else of it.
   */
  embedded?: readonly EmbeddedSource[];
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
  private sink!: DiagnosticSink;
  private parsed!: ParsedYaml;
  /** Ranges of documents that could not be read, whose rules never ran: their directives cannot be "unused". */
  private readonly unparsed: OffsetRange[] = [];
  /** The objects linted, by document and pointer (`0\u0000/items/2`): what a diagnostic is about, for the suppressor. */
  private readonly objects = new Map<string, string>();

  /** JSON Pointers of the embedded entries' paths, which mark the engine's own findings inside them. */
  private readonly embeddedPointers: readonly string[];

  constructor(private readonly options: LintOptions) {
    this.plan = rulePlan(options.rules, options.settings, options.pruneSections);
    this.embeddedPointers = (options.embedded ?? []).map((source) => toPointer(source.at));
  }

  private enabled(ruleId: string): Rule | undefined {
    return this.plan.enabled.get(ruleId);
  }

  private startSink(parsed: ParsedYaml): void {
    this.parsed = parsed;
    const { settings, docsUrl, suppressor } = this.options;
    const subjectOf = suppressor ? (document: number, pointer: string): DiagnosticSubject => this.subjectOf(document, pointer) : undefined;
    this.sink = new DiagnosticSink({ text: parsed.text, lineCounter: parsed.lineCounter, settings, docsUrl, suppressor, subjectOf });
  }

  private noteObject(target: LintTarget): void {
    const pointer = target.pointer([]);
    const metadata = target.data['metadata'];
    const name = typeof metadata === 'object' && metadata !== null ? (metadata as Record<string, unknown>)['name'] : undefined;
    const document = target.documentIndex;
    const object = typeof name === 'string' && name !== '' ? `${target.kind ?? ''}/${name}` : `${target.kind ?? ''}#${document}${pointer}`;
    this.objects.set(objectSlot(document, pointer), object);
  }

  /** The innermost object linted whose data holds the pointer, else the document. */
  private subjectOf(document: number, pointer: string): DiagnosticSubject {
    return innermostObject(this.objects, document, pointer) ?? { object: `#${document}`, pointer };
  }

  /** A finding of one of the engine's own rules (parser, extraction, directives), when that rule is enabled. */
  private emitEnabled(ruleId: string, finding: Omit<Finding, 'rule'>): void {
    const rule = this.enabled(ruleId);
    if (rule) this.sink.emit({ ...finding, rule: rule.meta });
  }

  private emitFinding(finding: EngineFinding): void {
    const embedded = this.embeddedPointers.find((at) => finding.pointer === at || finding.pointer.startsWith(`${at}/`));
    this.emitEnabled(finding.ruleId, {
      messageId: finding.messageId,
      data: finding.data,
      range: finding.range,
      pointer: finding.pointer,
      document: finding.documentIndex,
      ...(embedded !== undefined ? { embedded } : {}),
      ...(finding.inside ? { inside: finding.inside } : {}),
    });
  }

  private emitReport(rule: Rule, target: LintTarget, report: Report): void {
    // An embedded configuration is a Config's status and nothing more: what a rule says of the object around it
    // (its metadata, its spec) is about a document that does not exist.
    if (target.embedded && report.path[0] !== 'status') return;
    const inside = target.decodedPosition(report.path, report.at ?? 'value');
    const edits = (fix: Report['fix']): TextEdit[] | undefined => (fix ? fixToEdits(target, this.parsed.text, fix) : undefined);
    const fixEdits = edits(report.fix);
    const suggestions = (report.suggestions ?? []).flatMap((s) => {
      const e = edits(s.fix);
      return e ? [{ description: s.description, edits: e }] : [];
    });
    this.sink.emit({
      rule: rule.meta,
      messageId: report.messageId,
      data: exactNumbers(target, report),
      range: target.range(report.path, report.at ?? 'value'),
      pointer: target.pointer(report.path),
      document: target.documentIndex,
      ...(fixEdits ? { fix: { edits: fixEdits } } : {}),
      suggestions,
      ...(inside ? { inside } : {}),
      ...(target.embedded ? { embedded: target.embedded.pointer } : {}),
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
          const data = { rule: rule.meta.id, detail: error instanceof Error ? error.message : String(error) };
          this.sink.emit({ rule: internal.meta, messageId: 'failed', data, range: target.range([], 'value'), pointer: target.pointer([]), document: target.documentIndex });
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
      this.startSink(recoverSwallowedDocuments(parseYaml(lines)));
    } catch (error) {
      // The parser recurses on nesting; absurdly deep input exhausts the stack rather than failing cleanly.
      this.startSink({ text: lines, lineCounter: parseYaml('').lineCounter, documents: [] });
      const data = { detail: `the file cannot be parsed: ${(error as Error).message}`, code: 'PARSE' };
      this.emitEnabled('yaml/syntax', { messageId: 'syntax', data, range: [0, Math.min(1, text.length)], pointer: '', document: 0 });
    }
    if (this.parsed.tooDeep) this.emitFinding(tooDeepFinding(0, this.parsed.tooDeep.offset, ''));
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
      // Values as the platform's Go decoder reads them, with where it refuses or changes one.
      const { data, findings: decoding, readable: decoded } = decodeDocument(space, index, '');
      if (!decoded) {
        for (const finding of decoding) this.emitFinding(finding);
        this.unparsed.push(unparsed);
        return;
      }
      // `---` followed by nothing or only comments, or an explicit null document: nothing to lint.
      if (data === null || data === undefined) return;
      readable.push({ index, space, data, duplicateKeys, decoding });
    });
    const fileHasPlatformObjects = readable.some(({ data }) => typeof data === 'object' && data !== null && !Array.isArray(data) && objectScope(data as Record<string, unknown>).linted);
    const skips: SkippedObject[] = [];
    const linted: LintedObject[] = [];
    let objects = 0;
    let missingEmbedded: OffsetRange | undefined;
    const embedded = this.options.embedded ?? [];
    for (const { index, space, data, duplicateKeys, decoding } of readable) {
      const extraction = extractor.extract(index, space, data, fileHasPlatformObjects, embedded);
      // Duplicate keys and values the platform reads differently are its decoder's business only in its own
      // objects (`on:` is a GitHub workflow's key, not a boolean); other tools have their own rules.
      const inside = extraction.embeddedRanges;
      const ours = (finding: EngineFinding): boolean => !inside || inside.some(([start, end]) => finding.range[0] >= start && finding.range[0] < end);
      if (extraction.skipped.length === 0 || extraction.targets.length > 0) for (const finding of [...duplicateKeys, ...decoding]) if (ours(finding)) this.emitFinding(finding);
      objects += extraction.objects;
      if (extraction.missingEmbedded) missingEmbedded ??= extraction.skipped[0]?.range;
      for (const skip of extraction.skipped) {
        const candidate = embedded.length === 0 && skip.pointer === '' ? embeddedCandidate(data) : undefined;
        const reason = candidate ? embeddedHint(skip.reason, this.options.filename.replace(/\\/g, '/'), candidate) : skip.reason;
        skips.push({ document: index, line: this.parsed.lineCounter.linePos(skip.range[0]).line, path: skip.pointer, reason });
      }
      for (const target of extraction.targets) {
        // The status parsed out of a Config's spec.raw is the same object as the Config.
        if (!target.raw) linted.push(objectOf(target));
        if (target.kind && this.options.suppressor) this.noteObject(target);
        this.runRules(target);
      }
    }
    for (const finding of extractor.findings) this.emitFinding(finding);
    // Every embedded text the extractor read, whether or not it could be linted, has its secrets masked.
    spaces.push(...extractor.spaces);
    if (objects === 0 && missingEmbedded) {
      // Named by `embedded` but holding none of its paths: a stale entry or a moved key, worth a line, not an error.
      const data = { at: embedded.map((source) => atText(source.at)).join(' or ') };
      this.emitEnabled('resource/not-an-object', { messageId: 'embeddedMissing', data, range: missingEmbedded, pointer: '', document: 0 });
    }
    for (const finding of directiveFindings(this.parsed, objects > 0)) this.emitFinding(finding);
    result.skipped = skips.length;
    if (skips.length) result.skips = skips;
    if (linted.length) result.objects = linted;
    this.finish(result, spaces);
    if (objects === 0 && skips.length > 0 && result.diagnostics.length === 0) result.skippedFile = true;
    return result;
  }

  private finish(result: FileResult, spaces: NodeSpace[]): void {
    const directives = parseDirectives(this.parsed.text);
    const documents = this.parsed.documents;
    const finished = this.sink.finish({
      directives: {
        directives,
        knownIds: this.options.rules.map((r) => r.meta.id),
        unusedRule: this.enabled('directive/unused')?.meta,
        unknownRule: this.enabled('directive/unknown-rule')?.meta,
        renamedRule: this.enabled('directive/renamed-rule')?.meta,
        inUnparsed: (offset) => this.unparsed.some((range) => offset >= range[0] && offset < range[1]),
        documentAt: (offset) => {
          const index = documents.findIndex((doc, i) => Math.min(doc.range?.[2] ?? 0, documents[i + 1]?.range[0] ?? Infinity) > offset);
          return index < 0 ? Math.max(0, documents.length - 1) : index;
        },
      },
      secrets: () => collectSecrets(spaces, this.parsed.text),
      withFrames: this.options.withFrames === true,
    });
    result.diagnostics = finished.diagnostics;
    if (finished.suppressed.length) result.suppressed = finished.suppressed;
    if (finished.frameLines) result.frameLines = finished.frameLines;
  }

  /** Bytes that are no text (binary, UTF-16, invalid UTF-8): one `yaml/syntax` diagnostic, nothing linted. */
  undecodable(reason: string): FileResult {
    this.startSink({ text: '', lineCounter: parseYaml('').lineCounter, documents: [] });
    this.emitEnabled('yaml/syntax', { messageId: 'syntax', data: { detail: reason }, range: [0, 1], pointer: '', document: 0 });
    const { diagnostics, suppressed } = this.sink.finish({ withFrames: false });
    return { file: this.options.filename, documents: 0, skipped: 0, diagnostics, ...(suppressed.length ? { suppressed } : {}) };
  }
}

function objectOf(target: LintTarget): LintedObject {
  const identity = identityOf(target.data);
  return { document: target.documentIndex, path: target.pointer([]), ...(identity !== undefined ? { identity } : {}) };
}

export function lintText(text: string, options: LintOptions): FileResult {
  return new FileLinter(options).lint(text);
}

/** Lints a file's raw bytes: undecodable input (binary, UTF-16, invalid UTF-8) is one `yaml/syntax` diagnostic. */
export function lintBytes(bytes: Uint8Array, options: LintOptions): FileResult {
  const decoded = decodeSource(bytes);
  return decoded.ok ? lintText(decoded.text, options) : new FileLinter(options).undecodable(decoded.reason);
}
