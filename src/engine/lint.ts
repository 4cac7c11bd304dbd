import { parseYaml, type ParsedYaml } from '../yaml/parse.js';
import { yamlDirectiveFindings } from '../yaml/go-directives.js';
import resourceNotAnObjectRule from '../../rules/resource/not-an-object/index.js';
import ruleErrorRule from '../../rules/internal/rule-error/index.js';
import { validateTarget } from '../schema/validate.js';
import { LintTarget } from './document.js';
import type { NodeSpace, OffsetRange } from './node-space.js';
import { TargetExtractor } from './extract.js';
import { readYaml, unreadableText, type ReadDocument } from './read-yaml.js';
import { holdsPlatformObject } from './scope.js';
import { templateMarker } from './templated.js';
import { parseDirectives } from './directives.js';
import { FileReporter, type DiagnosticSubject, type Suppressor } from './reporter.js';
import { innermostObject, objectSlot } from './object-slots.js';
import { checkText, decodeSource, type Decoded } from './decode.js';
import { collectSecrets } from './secrets.js';
import { withSecretValues, type SecretMap, type SecretValues } from './masking.js';
import type { RuleSettings } from './settings.js';
import { readsDocument, rulePlan, type RulePlan } from './rule-plan.js';
import { identityKey, objectName } from '../platform/identity.js';
import { isRecord } from '../platform/data.js';
import { emptyResult, type CheckFailure, type FailedChecks, type FileResult, type Finding, type LintedObject, type Report, type Rule, type RuleContext, type SkippedObject } from './types.js';
import { atText, embeddedCandidate, embeddedHint, type EmbeddedSource } from './embedded.js';
import { toPointer } from './locator.js';
import { inScalar } from '../yaml/locate.js';

/**
 * What the engine finds over all the documents of a file and one document alone cannot tell: given when the text
 * linted is a part of a file (the editor lints a file a document at a time, FileLinter.facts of each part).
 */
export interface FileFacts {
  /** A document of the file is a platform object: a stray list or scalar document is then a mistake (documentScope). */
  platformObjects: boolean;
  /** The secrets of the whole file: a message quoting one of another document's is scrubbed too. */
  secrets: SecretValues;
}

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
  /** `--timing`: measure what each rule takes (FileResult.timings). */
  timing?: boolean;
  /** False (`--no-inline-directives`): `# platlint-disable` comments suppress nothing and are not reported. */
  inlineDirectives?: boolean;
  /** The facts of the whole file when the text is a part of it; found in the text when absent. */
  file?: FileFacts;
}

/** The row of the timing table for the schema validation stage, which reports for every `schema/` rule at once. */
export const SCHEMA_TIMING = 'schema/*';

/** Lints one file's text. Never throws for any input: parser and rule failures become diagnostics. */
export class FileLinter {
  private readonly plan: RulePlan;
  private reporter!: FileReporter;
  private parsed!: ParsedYaml;
  /** Ranges of documents that could not be read, whose rules never ran: their directives cannot be "unused". */
  private readonly unparsed: OffsetRange[] = [];
  /** The objects linted, by document and pointer (`0\u0000/items/2`): what a diagnostic is about, for the suppressor. */
  private readonly objects = new Map<string, string>();
  /** What the rules keep while this file is linted (RuleContext.fileState), and what they could not check. */
  private readonly fileStates = new Map<object, unknown>();
  private readonly failedChecks = new Map<string, FailedChecks>();
  /** With `timing`: milliseconds by rule id. */
  private readonly timings: Map<string, number> | undefined;
  /** What the rule running now has reported on the target it judges, and what it could not check. */
  private reports: Report[] = [];
  private failures: CheckFailure[] = [];
  /** The text's own facts, whatever `options.file` says of the whole file: what `facts()` gives. */
  private platformObjects = false;
  private spaces: NodeSpace[] = [];
  private secrets: SecretMap | undefined;
  /** Which facts of the file the result depends on: a list or scalar document's scope, the secrets of a diagnostic. */
  private readonly uses = { platformObjects: false, secrets: false };

  constructor(private readonly options: LintOptions) {
    this.plan = rulePlan(options.rules, options.settings, options.pruneSections);
    this.timings = options.timing ? new Map() : undefined;
  }

  /** Runs `work`, adding the time it takes to `id`'s when timing. */
  private timed<T>(id: string, work: () => T): T {
    if (!this.timings) return work();
    const start = performance.now();
    try {
      return work();
    } finally {
      this.timings.set(id, (this.timings.get(id) ?? 0) + performance.now() - start);
    }
  }

  private startReporter(parsed: ParsedYaml): void {
    this.parsed = parsed;
    const { rules, settings, docsUrl, suppressor, embedded } = this.options;
    const subjectOf = suppressor ? (document: number, pointer: string): DiagnosticSubject => this.subjectOf(document, pointer) : undefined;
    const embeddedAt = embedded?.length ? embedded.map((source) => toPointer(source.at)) : undefined;
    this.reporter = new FileReporter({ text: parsed.text, lineCounter: parsed.lineCounter, settings, rules, docsUrl, suppressor, subjectOf, embeddedAt });
  }

  /** Keeps the name a baseline entry or an exception gives the object, for the suppressor. */
  private nameObject(target: LintTarget, kind: string): void {
    const pointer = target.pointer([]);
    this.objects.set(objectSlot(target.documentIndex, pointer), objectName(kind, target.data, target.documentIndex, pointer));
  }

  /** The innermost object linted whose data holds the pointer, else the document. */
  private subjectOf(document: number, pointer: string): DiagnosticSubject {
    return innermostObject(this.objects, document, pointer) ?? { object: `#${document}`, pointer };
  }

  private runRules(target: LintTarget): void {
    const { kind, apiVersion, data } = target;
    const old = this.options.previousOf?.(target);
    if (kind && this.plan.schema) for (const finding of this.timed(SCHEMA_TIMING, () => validateTarget(target))) this.reporter.reportOn(target, finding.rule, finding);
    // One context for the target, its options set per rule: rules use it while they run and keep nothing of it.
    const context: RuleContext = {
      report: (r) => void this.reports.push(r),
      failed: (failure) => void this.failures.push(failure),
      fileState: <S>(key: object, init: () => S): S => {
        if (!this.fileStates.has(key)) this.fileStates.set(key, init());
        return this.fileStates.get(key) as S;
      },
      options: {},
      facts: target,
      fromRaw: target.fromRaw,
    };
    if (kind) {
      const document = old ? { kind, apiVersion, data, old } : { kind, apiVersion, data };
      for (const planned of target.fromRaw ? this.plan.rawStatusChecks : this.plan.checks[kind]) {
        // A section the previous version had counts too: its removal is a change to judge.
        if (!readsDocument(planned, data) && !(old && readsDocument(planned, old))) continue;
        // Transition rules compare with the previous version: without one they have nothing to say.
        if (planned.rule.meta.transition && !old) continue;
        context.options = planned.options;
        this.runRule(planned.rule, target, () => planned.rule.check(document, context));
      }
    }
    // The status out of spec.raw and an embedded configuration are parts of objects, not objects of their own.
    if (target.fromRaw || target.embedded || this.plan.objectChecks.length === 0) return;
    const object = { kind: kind ?? String(data['kind']), apiVersion, data, ...(old ? { old } : {}) };
    for (const planned of this.plan.objectChecks) {
      context.options = planned.options;
      this.runRule(planned.rule, target, () => planned.rule.checkObject(object, context));
    }
  }

  /** What a rule reports on one target is reported when it returns; a rule that throws is one internal error. */
  private runRule(rule: Rule, target: LintTarget, check: () => void): void {
    try {
      this.timed(rule.meta.id, check);
      for (const r of this.reports) this.reporter.reportOn(target, rule, r);
      for (const failure of this.failures) this.noteFailure(rule, failure);
    } catch (error) {
      // Reported even when turned off (meta.alwaysOn): a rule that crashed must not pass for a clean file.
      const finding = ruleErrorRule.finding('failed', { rule: rule.meta.id, detail: error instanceof Error ? error.message : String(error) });
      this.reporter.report({ ...finding, range: target.range([], 'value'), pointer: target.pointer([]), document: target.documentIndex });
    }
    // A rule that threw keeps nothing it reported before; the next rule starts with empty lists.
    if (this.reports.length) this.reports = [];
    if (this.failures.length) this.failures = [];
  }

  private noteFailure(rule: Rule, failure: CheckFailure): void {
    const { skipped, ...first } = failure;
    const checks = this.failedChecks.get(rule.meta.id) ?? { rule: rule.meta.id, first, documents: 0, skipped: 0 };
    checks.documents++;
    if (skipped) checks.skipped++;
    this.failedChecks.set(rule.meta.id, checks);
  }

  lint(text: string): FileResult {
    const result: FileResult = emptyResult(this.options.filename);
    const template = templateMarker(text, this.options.filename);
    if (template) {
      // Not YAML until rendered: parsing it would only produce a flood of syntax errors.
      return { ...result, skips: [{ line: template.line, path: '', reason: template.reason }], skippedFile: true };
    }
    const read = readYaml(text);
    this.startReporter(read.parsed);
    for (const finding of read.findings) this.reporter.report(finding);
    const spaces: NodeSpace[] = [];
    const readable: ReadDocument[] = [];
    for (const document of read.documents) {
      spaces.push(document.space);
      for (const finding of document.findings) this.reporter.report(finding);
      if (document.doc.contents === null) continue;
      result.documents++;
      if (document.unreadable) this.unparsed.push(document.range);
      // `---` followed by nothing or only comments, or an explicit null document: nothing to lint.
      else if (document.data !== null && document.data !== undefined) readable.push(document);
    }
    const extractor = new TargetExtractor(this.parsed, this.plan.foreign);
    this.platformObjects = holdsPlatformObject(readable.map(({ data }) => data));
    this.uses.platformObjects = readable.some(({ data }) => !isRecord(data));
    const fileHasPlatformObjects = this.options.file?.platformObjects ?? this.platformObjects;
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
      const ours = (finding: Finding): boolean => !inside || inside.some(([start, end]) => finding.range[0] >= start && finding.range[0] < end);
      // Objects of other APIs (linted only by the rules judging any kind) are no more the decoder's business than before.
      const foreignOnly = extraction.targets.length > 0 && extraction.targets.every((t) => t.kind === undefined);
      if (!foreignOnly && (extraction.skipped.length === 0 || extraction.targets.length > 0)) for (const finding of [...duplicateKeys, ...decoding]) if (ours(finding)) this.reporter.report(finding);
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
        if (target.kind && this.options.suppressor) this.nameObject(target, target.kind);
        this.runRules(target);
      }
    }
    for (const finding of extractor.findings) this.reporter.report(finding);
    // Every embedded text the extractor read, whether or not it could be linted, has its secrets masked.
    spaces.push(...extractor.spaces);
    if (objects === 0 && missingEmbedded) {
      // Named by `embedded` but holding none of its paths: a stale entry or a moved key, worth a line, not an error.
      const finding = resourceNotAnObjectRule.finding('embeddedMissing', { at: embedded.map((source) => atText(source.at)).join(' or ') });
      this.reporter.report({ ...finding, range: missingEmbedded, pointer: '', document: 0 });
    }
    for (const finding of yamlDirectiveFindings(this.parsed, objects > 0)) this.reporter.report(finding);
    result.skipped = skips.length;
    if (skips.length) result.skips = skips;
    if (linted.length) result.objects = linted;
    this.finish(result, spaces);
    if (objects === 0 && skips.length > 0 && result.diagnostics.length === 0) result.skippedFile = true;
    return result;
  }

  /** The secrets of the text linted, found once (asked for a diagnostic, and by `facts`). */
  private ownSecrets(): SecretMap {
    this.secrets ??= collectSecrets(this.spaces, this.parsed.text);
    return this.secrets;
  }

  /**
   * After `lint`: what the text tells of the file it is a part of (`own`, for `options.file` of the other parts),
   * and which of the file's facts its result depends on (`uses`): with others that differ only elsewhere, it is the same.
   */
  facts(): { own: FileFacts; uses: Readonly<Record<keyof FileFacts, boolean>> } {
    const { values, pieces } = this.parsed ? this.ownSecrets() : { values: new Set<string>(), pieces: new Set<string>() };
    return { own: { platformObjects: this.platformObjects, secrets: { values, pieces } }, uses: this.uses };
  }

  private finish(result: FileResult, spaces: NodeSpace[]): void {
    this.spaces = spaces;
    const directives = this.options.inlineDirectives === false ? [] : parseDirectives(this.parsed.text);
    const documents = this.parsed.documents;
    const documentAt = (offset: number): number => {
      const index = documents.findIndex((doc, i) => Math.min(doc.range?.[2] ?? 0, documents[i + 1]?.range[0] ?? Infinity) > offset);
      return index < 0 ? Math.max(0, documents.length - 1) : index;
    };
    const finished = this.reporter.finish({
      directives: {
        directives,
        knownIds: this.options.rules.map((r) => r.meta.id),
        inUnparsed: (offset) => this.unparsed.some((range) => offset >= range[0] && offset < range[1]),
        documentAt,
        editable: (offset, edits) => {
          const doc = documents[documentAt(offset)];
          if (doc === undefined || !inScalar(doc, offset)) return true;
          const block = spaces.find(({ block }) => block && block.body[0] <= offset && offset < block.body[1])?.block;
          return block !== undefined && edits.every((edit) => block.keeps(edit));
        },
      },
      secrets: () => {
        this.uses.secrets = true;
        return withSecretValues(this.ownSecrets(), this.options.file?.secrets);
      },
      withFrames: this.options.withFrames === true,
    });
    result.diagnostics = finished.diagnostics;
    if (finished.suppressed.length) result.suppressed = finished.suppressed;
    if (finished.frameLines) result.frameLines = finished.frameLines;
    if (this.failedChecks.size) result.failedChecks = [...this.failedChecks.values()];
    if (this.timings) result.timings = Object.fromEntries(this.timings);
  }

  /** Bytes that are no text (binary, UTF-16, invalid UTF-8): one `yaml/syntax` diagnostic, nothing linted. */
  undecodable(reason: string): FileResult {
    this.startReporter({ text: '', lineCounter: parseYaml('').lineCounter, documents: [] });
    this.reporter.report(unreadableText(reason, 0));
    const { diagnostics, suppressed } = this.reporter.finish({ withFrames: false });
    return { file: this.options.filename, documents: 0, skipped: 0, diagnostics, ...(suppressed.length ? { suppressed } : {}) };
  }
}

function objectOf(target: LintTarget): LintedObject {
  const identity = identityKey(target.data);
  return { document: target.documentIndex, path: target.pointer([]), ...(identity !== undefined ? { identity } : {}) };
}

export function lintText(text: string, options: LintOptions): FileResult {
  return new FileLinter(options).lint(text);
}

/** Text that could not be decoded or was refused (binary, UTF-16, invalid UTF-8) is one `yaml/syntax` diagnostic. */
function lintDecoded(decoded: Decoded, options: LintOptions): FileResult {
  return decoded.ok ? lintText(decoded.text, options) : new FileLinter(options).undecodable(decoded.reason);
}

/** Lints a file's raw bytes. */
export function lintBytes(bytes: Uint8Array, options: LintOptions): FileResult {
  return lintDecoded(decodeSource(bytes), options);
}

/** Lints an editor's buffer, text already: with the checks lintBytes makes of the bytes it would be saved as. */
export function lintBuffer(text: string, options: LintOptions): FileResult {
  return lintDecoded(checkText(text), options);
}
