/**
 * The one reporter of a file: every producer of findings (the rules' checks, the engine's stages, `patch`, the
 * policy loader, `policy test`, the suppressions) hands it a rule's message with its data and where, and nothing
 * else. It owns what each of them would otherwise repeat: whether the rule is on, the severity from the settings,
 * the message and note from the rule's messages, the place (a data path of a linted object, or offsets) as a range,
 * then, for the whole file, supersedes, the inline directives, dedupe, sorting, secret scrubbing, the suppressions
 * (baseline, exceptions) and the code frames.
 */
import type { LineCounter } from 'yaml';
import { lineCounterOf } from '../yaml/lines.js';
import type { LintTarget } from './document.js';
import type { OffsetRange } from './node-space.js';
import { directiveFindings, type DirectivePlaces } from './directive-findings.js';
import { applyDirectives } from './directive-ranges.js';
import type { Directive } from './directives.js';
import { fixToEdits } from './fixes.js';
import { rulePlan } from './rule-plan.js';
import { holdsSecret, maskLine, noSecrets, scrubMessage, scrubWording, type SecretMap } from './masking.js';
import { effectiveSeverity, formatMessage, isRuleEnabled, messageSpec, type RuleSettings } from './settings.js';
import type { Diagnostic, Finding, MessageSpec, Report, Rule, SuppressedDiagnostic, TextEdit } from './types.js';
import { lineEnd } from '../yaml/lines.js';
import { fixTitle } from './message-text.js';

/**
 * The object a diagnostic is about, as a baseline and exceptions name it: `Kind/name`, or `Kind#3` (its document's
 * index) for an object without a name, or `#3` for a document that is no object at all (a syntax error); and the
 * diagnostic's data path inside that object, so that moving the object in its file (a List item) changes nothing.
 */
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

export interface ReporterOptions {
  /** The file's text: lines and columns, and the code frames, come from it. */
  text: string;
  /** The parser's line index of `text`, when it was parsed; else the reporter indexes the lines itself. */
  lineCounter?: LineCounter | undefined;
  settings: RuleSettings;
  /**
   * The rules of the run: a rule that is not one of them is not reported (the file linter's rule list). Absent,
   * every rule is reported as the settings say (a policy file, the baseline file).
   */
  rules?: readonly Rule[] | undefined;
  docsUrl?: ((ruleId: string) => string | undefined) | undefined;
  suppressor?: Suppressor | undefined;
  /** The object a data path of a document belongs to; without it, the document (`#index`) with the whole path. */
  subjectOf?: ((document: number, pointer: string) => DiagnosticSubject) | undefined;
  /** JSON Pointers of the embedded configurations (`.platlint.yaml` `embedded`): a finding inside one names it. */
  embeddedAt?: readonly string[] | undefined;
}

/** The file's inline `# platlint-…` directives, and what a directive that did nothing needs to be reported. */
export interface DirectiveScope extends DirectivePlaces {
  directives: readonly Directive[];
  /** Every rule id a directive may name. */
  knownIds: readonly string[];
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
  /**
   * What the message and note were made of (the rule's wording, the finding's data), to scrub what they quote apart
   * from the wording; none for a diagnostic made elsewhere.
   */
  spec?: MessageSpec;
  finding?: Finding;
}

/**
 * A message made again with secrets scrubbed: what it quotes of the file (its data, the decoded position) of every
 * secret and piece of one, the rule's wording of whole secrets only.
 */
function scrubbedMessage(template: string, data: Finding['data'], inside: string | undefined, secrets: SecretMap): string {
  const quoted = data && Object.fromEntries(Object.entries(data).map(([key, value]) => [key, scrubMessage(String(value), secrets)]));
  const message = formatMessage(template, quoted);
  return scrubWording(inside ? `${message} (${scrubMessage(inside, secrets)})` : message, secrets);
}

/**
 * A rule that prints the number it reports prints it exactly: past 2^53 a JS number is rounded, so the text comes
 * from the value as the platform's decoder reads it (`-9223372036854775808`, not `-9223372036854776000`).
 */
function exactNumbers(target: LintTarget, report: Report): Report['data'] {
  const data = report.data;
  if (!data) return data;
  let inexact = false;
  for (const key in data) {
    const v = data[key];
    inexact ||= typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v);
  }
  if (!inexact) return data;
  const read = target.goScalar(report.path);
  if (read?.type !== 'int') return data;
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, typeof v === 'number' && v === read.value ? read.exact : v]));
}

/** Collects one file's findings and turns them into its diagnostics. */
export class FileReporter {
  private pending: Pending[] = [];
  private readonly lines: LineCounter;
  private readonly enabled: ReadonlyMap<string, Rule> | undefined;

  constructor(private readonly options: ReporterOptions) {
    this.lines = options.lineCounter ?? lineCounterOf(options.text);
    this.enabled = options.rules && rulePlan(options.rules, options.settings).enabled;
  }

  /** Whether the rule's findings are reported in this file. */
  isOn(rule: Rule): boolean {
    if (rule.meta.alwaysOn) return true;
    if (this.enabled) return this.enabled.has(rule.meta.id);
    return isRuleEnabled(rule.meta, this.options.settings.get(rule.meta.id));
  }

  /** The offset of a 1-based line and column, for a place known only by them (a configuration error's message). */
  offsetAt(line: number, column: number): number {
    const start = this.lines.lineStarts[line - 1];
    return start === undefined ? this.options.text.length : Math.min(start + column - 1, this.options.text.length);
  }

  /** From `offset` to the end of its line (its line break left out), at least one character. */
  toLineEnd(offset: number): OffsetRange {
    return [offset, Math.max(offset + 1, lineEnd(this.options.text, offset))];
  }

  private position(range: OffsetRange): Pick<Diagnostic, 'line' | 'column' | 'endLine' | 'endColumn'> {
    const start = this.lines.linePos(range[0]);
    const end = this.lines.linePos(range[1]);
    return { line: start.line, column: start.col, endLine: end.line, endColumn: end.col };
  }

  /**
   * A finding at its place in the file; nothing when its rule is off. Built field by field rather than with
   * conditional spreads: each spread is an object made and copied, for every diagnostic of a run. The fields keep
   * the order the reports print them in.
   */
  report(finding: Finding): void {
    const { rule, data, range } = finding;
    if (!this.isOn(rule)) return;
    const { meta } = rule;
    const spec = messageSpec(rule, finding.messageId);
    const docsUrl = this.options.docsUrl?.(meta.id);
    // An engine stage's finding says nothing of embedded configurations: its pointer tells. A report on a linted
    // object says which it is in, if any (reportOn).
    const embedded = 'embedded' in finding ? finding.embedded : this.options.embeddedAt?.find((at) => finding.pointer === at || finding.pointer.startsWith(`${at}/`));
    const ruleId = meta.id;
    const severity = effectiveSeverity(meta, spec, this.options.settings.get(ruleId));
    const message = finding.inside ? `${formatMessage(spec.text, data)} (${finding.inside})` : formatMessage(spec.text, data);
    const { line, column, endLine, endColumn } = this.position(range);
    const path = finding.pointer;
    const document = finding.document;
    const diagnostic: Diagnostic = spec.note
      ? { ruleId, severity, message, note: formatMessage(spec.note, data), line, column, endLine, endColumn, path, document }
      : { ruleId, severity, message, line, column, endLine, endColumn, path, document };
    if (embedded !== undefined) diagnostic.embedded = embedded;
    if (docsUrl) diagnostic.docsUrl = docsUrl;
    if (finding.fix) diagnostic.fix = finding.fix;
    if (finding.suggestions?.length) diagnostic.suggestions = finding.suggestions;
    this.pending.push({ start: range[0], end: range[1], supersedes: meta.supersedes ?? [], diagnostic, spec, finding });
  }

  /**
   * A report on a linted object (a rule's check, the schema pass), placed by its data path: at the key or the
   * value, in the file's own documents or in the YAML text of `spec.raw`; its fixes become text edits.
   */
  reportOn(target: LintTarget, rule: Rule, report: Report): void {
    // An embedded configuration is a Config's status and nothing more: what a rule says of the object around it
    // (its metadata, its spec) is about a document that does not exist.
    if (target.embedded && report.path[0] !== 'status') return;
    // A finding of a rule that is off is not placed, nor its fixes turned into edits: the schema pass finds every
    // mistake whichever of its rules are on, and report() would drop it only after that work.
    if (!this.isOn(rule)) return;
    const at = report.at ?? 'value';
    const finding: Finding = {
      rule,
      messageId: report.messageId,
      data: exactNumbers(target, report),
      range: target.range(report.path, at),
      pointer: target.pointer(report.path),
      document: target.documentIndex,
      embedded: target.embedded?.pointer,
    };
    const fixEdits = report.fix && fixToEdits(target, this.options.text, report.fix);
    if (fixEdits) finding.fix = { edits: fixEdits };
    if (report.suggestions?.length) {
      const suggestions: { description: string; edits: TextEdit[] }[] = [];
      for (const suggestion of report.suggestions) {
        const edits = fixToEdits(target, this.options.text, suggestion.fix);
        if (edits) suggestions.push({ description: suggestion.description, edits });
      }
      finding.suggestions = suggestions;
    }
    const inside = target.decodedPosition(report.path, at);
    if (inside) finding.inside = inside;
    this.report(finding);
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
      const key = `${d.ruleId}\u0000${d.severity}\u0000${d.line}:${d.column}-${d.endLine}:${d.endColumn}\u0000${d.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    unique.sort((a, b) => a.start - b.start || a.end - b.end || a.diagnostic.ruleId.localeCompare(b.diagnostic.ruleId));
    if (unique.length === 0) return { diagnostics: [], suppressed: [] };
    const secrets = options.secrets?.() ?? noSecrets();
    const suppressor = this.options.suppressor ?? SUPPRESS_NOTHING;
    const subjectOf = this.options.subjectOf ?? ((document: number, pointer: string) => ({ object: `#${document}`, pointer }));
    const diagnostics: Diagnostic[] = [];
    const suppressed: SuppressedDiagnostic[] = [];
    const anySecret = secrets.values.size > 0 || secrets.pieces.size > 0;
    for (const { diagnostic: scrubbed, spec, finding } of unique) {
      // The reporter's own objects, scrubbed in place: nothing else has seen them yet.
      if (anySecret) {
        scrubbed.message = spec && finding ? scrubbedMessage(spec.text, finding.data, finding.inside, secrets) : scrubMessage(scrubbed.message, secrets);
        if (scrubbed.note !== undefined) scrubbed.note = spec?.note !== undefined && finding ? scrubbedMessage(spec.note, finding.data, undefined, secrets) : scrubMessage(scrubbed.note, secrets);
        // A key can hold a secret too (a URL with its password); the baseline written and the one read see the same path.
        scrubbed.path = scrubMessage(scrubbed.path, secrets);
        scrubEdits(scrubbed, secrets);
      }
      if (scrubbed.fix) this.holdUnfixable(scrubbed);
      const suppression = suppressor.suppression(scrubbed, subjectOf(scrubbed.document, scrubbed.path));
      if (suppression) suppressed.push({ ...scrubbed, ...suppression });
      else diagnostics.push(scrubbed);
    }
    return options.withFrames ? { diagnostics, suppressed, frameLines: this.frameLines(diagnostics, secrets) } : { diagnostics, suppressed };
  }

  /**
   * The fix of an `unfixable` rule becomes its first suggestion, named after the message as scrubbed: `--fix` and the
   * editor's fix-all pass it by, a person can still apply it as a quick fix.
   */
  private holdUnfixable(diagnostic: Diagnostic): void {
    const { fix } = diagnostic;
    if (!fix || this.options.settings.get(diagnostic.ruleId)?.unfixable !== true) return;
    delete diagnostic.fix;
    diagnostic.suggestions = [{ description: fixTitle(diagnostic.message), edits: fix.edits }, ...(diagnostic.suggestions ?? [])];
  }

  /**
   * One cause, one diagnostic: drop what a more specific rule says of the same value at the same range
   * (RuleMeta.supersedes). The value counts too: in a text whose positions collapse onto its scalar (a quoted or
   * base64 spec.raw), every diagnostic has the scalar's range.
   */
  private dropSuperseded(): void {
    const placeOf = (d: Diagnostic): string => `${d.document}:${d.line}:${d.column}-${d.endLine}:${d.endColumn}:${d.path}`;
    const superseded = new Set<string>();
    for (const { diagnostic, supersedes } of this.pending) {
      for (const id of supersedes) superseded.add(`${id}\u0000${placeOf(diagnostic)}`);
    }
    if (superseded.size === 0) return;
    this.pending = this.pending.filter(({ diagnostic }) => !superseded.has(`${diagnostic.ruleId}\u0000${placeOf(diagnostic)}`));
  }

  /** Drops what the directives suppress, and reports the ones that did nothing. */
  private applyDirectives(scope: DirectiveScope): void {
    if (scope.directives.length === 0) return;
    const outcome = applyDirectives(scope.directives, this.pending.map((p) => p.diagnostic), scope.knownIds);
    this.pending = this.pending.filter((_, i) => !outcome.suppressed.has(i));
    for (const finding of directiveFindings(scope.directives, outcome, scope)) this.report(finding);
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

/**
 * A fix or a suggestion whose edits would write a secret value is dropped: every report would show the secret in its
 * edits, and masked they would write the mask into the file. What a suggestion's description quotes is scrubbed.
 */
function scrubEdits(diagnostic: Diagnostic, secrets: SecretMap): void {
  const writesSecret = (edits: readonly TextEdit[]): boolean => edits.some((edit) => holdsSecret(edit.text, secrets));
  if (diagnostic.fix && writesSecret(diagnostic.fix.edits)) delete diagnostic.fix;
  if (!diagnostic.suggestions) return;
  const kept = diagnostic.suggestions.filter((suggestion) => !writesSecret(suggestion.edits)).map((suggestion) => ({ ...suggestion, description: scrubMessage(suggestion.description, secrets) }));
  if (kept.length) diagnostic.suggestions = kept;
  else delete diagnostic.suggestions;
}
