/**
 * What a run's suppressions did not do: baseline entries and exceptions that matched nothing, and exceptions past
 * their date. The run records each file's result here (in whatever thread it was linted), then reports these as
 * diagnostics at the entries' own lines, in the baseline file and in `.platlint.yaml`.
 */
import { resolve } from '../settings-file/path-functions.js';
import { DiagnosticSink, type ReportingRule } from '../engine/diagnostics.js';
import { globMatches } from '../engine/globs.js';
import { isRuleEnabled, type RuleSettings } from '../engine/settings.js';
import type { FileResult, Rule } from '../engine/types.js';
import type { BaselineEntry } from './baseline.js';
import type { ConfigFile, ExceptionEntry } from '../settings-file/load.js';
import { isExpired } from './exceptions.js';
import { relativeTo, shownPath } from '../settings-file/paths.js';
import type { Suppressions } from './suppressions.js';

/** Where the CLI reports: the enabled rule of an id (settings of the file it reports in), else undefined. */
export interface UnusedReporting {
  /** The rule of an id, when it is enabled in the settings of `file`. */
  enabledRule(ruleId: string, file: string): { rule: ReportingRule; settings: RuleSettings } | undefined;
  /** The files (absolute) platlint would lint that match globs relative to the configuration file's folder. */
  filesMatching(globs: readonly string[]): readonly string[];
  /** The configuration file, when there is one: its path, its name as reported, its text and its exceptions' places. */
  config?: { path: string; name: string; text: string; locationOf(index: number): { line: number; column: number } } | undefined;
  /** The baseline file's name as reported. */
  baselineName?: string | undefined;
}

/** What a run knows that says where its suppressions' problems are reported, and which files an exception covers. */
export interface ReportingSources {
  cwd: string;
  rules: readonly Rule[];
  settingsFor(file: string): RuleSettings;
  configFile: ConfigFile | undefined;
  /** The files (absolute) the run would lint under a folder (absolute): the CLI walks it, the playground has its own. */
  lintableFiles(dir: string): readonly string[];
}

/**
 * A ledger's judge (`SuppressionLedger`'s second argument): whether a run could have found a problem of a rule in a
 * file, by the settings in force there. An id no rule has any more is judged: it never matches.
 */
export function judgeBySettings(rules: readonly Rule[], settingsFor: (file: string) => RuleSettings): (ruleId: string, file: string) => boolean {
  const byId = new Map(rules.map((rule) => [rule.meta.id, rule]));
  return (ruleId, file) => {
    const rule = byId.get(ruleId);
    return !rule || isRuleEnabled(rule.meta, settingsFor(file).get(ruleId));
  };
}

export function reportingOf(suppressions: Suppressions, sources: ReportingSources): UnusedReporting {
  const byId = new Map(sources.rules.map((rule) => [rule.meta.id, rule]));
  const { configFile, cwd } = sources;
  const configDir = suppressions.options.configDir;
  const baseline = suppressions.options.baseline;
  return {
    enabledRule: (ruleId, file) => {
      const rule = byId.get(ruleId);
      const settings = sources.settingsFor(file);
      return rule && isRuleEnabled(rule.meta, settings.get(ruleId)) ? { rule: rule.meta, settings } : undefined;
    },
    filesMatching: (globs) => sources.lintableFiles(configDir).filter((file) => globMatches(relativeTo(configDir, file), globs, { dot: true })),
    config: configFile && { path: configFile.path, name: shownPath(cwd, configFile.path), text: configFile.text, locationOf: (index) => configFile.locationOf(['exceptions', index]) },
    baselineName: baseline && shownPath(cwd, baseline.path),
  };
}

/** The end of the line that starts at `offset`'s line: an entry's diagnostic spans its line from the entry on. */
function lineEnd(text: string, offset: number): number {
  const end = text.indexOf('\n', offset);
  return (end < 0 ? text.length : end) - (text[end - 1] === '\r' ? 1 : 0);
}

function describeRules(entry: ExceptionEntry): string {
  return entry.rules.join(', ');
}

export class SuppressionLedger {
  private readonly usedEntries = new Set<number>();
  private readonly usedExceptions = new Set<number>();
  /** Baseline entries whose problem an exception suppressed instead, with that exception. */
  private readonly takenOver = new Map<number, number>();
  /** Absolute paths of the files linted (read), whatever they held. */
  private readonly linted = new Set<string>();

  /**
   * `judges(ruleId, file)`: whether the run could have found a problem of that rule in that file (absolute): an entry
   * of a rule turned off there (`--rule ID=off`) is not unused. An id no rule has any more is judged: it never matches.
   */
  constructor(
    private readonly suppressions: Suppressions,
    private readonly judges: (ruleId: string, file: string) => boolean = () => true,
  ) {}

  record(result: FileResult): void {
    if (result.ioError !== undefined) return;
    this.linted.add(resolve(this.suppressions.options.cwd, result.file));
    for (const s of result.suppressed ?? []) {
      (s.by === 'baseline' ? this.usedEntries : this.usedExceptions).add(s.entry);
      if (s.overlaps !== undefined) this.takenOver.set(s.overlaps, s.entry);
    }
  }

  hasLinted(absolute: string): boolean {
    return this.linted.has(absolute);
  }

  /** Indices of the baseline entries whose file this run linted and that matched nothing. */
  unusedEntries(): number[] {
    const baseline = this.suppressions.options.baseline;
    const dir = this.suppressions.baselineDir;
    if (!baseline || dir === undefined) return [];
    const lintedNames = new Set([...this.linted].map((file) => relativeTo(dir, file)));
    const unused = (entry: BaselineEntry, index: number): boolean => !this.usedEntries.has(index) && lintedNames.has(entry.file) && this.judges(entry.rule, resolve(dir, entry.file));
    return baseline.entries.flatMap((entry, index) => (unused(entry, index) ? [index] : []));
  }

  /** The problems to report: one FileResult for the baseline file and one for the configuration file, if any. */
  problems(reporting: UnusedReporting): FileResult[] {
    return [this.baselineProblems(reporting), this.exceptionProblems(reporting)].filter((r): r is FileResult => r !== undefined);
  }

  private baselineProblems(reporting: UnusedReporting): FileResult | undefined {
    const baseline = this.suppressions.options.baseline;
    const unused = this.unusedEntries();
    const enabled = baseline && unused.length ? reporting.enabledRule('baseline/unused', baseline.path) : undefined;
    if (!baseline || !enabled) return undefined;
    const sink = new DiagnosticSink({ text: baseline.text, settings: enabled.settings });
    for (const index of unused) {
      const entry = baseline.entries[index];
      if (!entry) continue;
      const lineStart = sink.offsetAt(baseline.lines[index] ?? 1, 1);
      const start = lineStart + (/^\s*/.exec(baseline.text.slice(lineStart))?.[0].length ?? 0);
      const data = { rule: entry.rule, path: entry.path, object: entry.object, file: entry.file };
      // Said as it happened: the problem is gone, or an exception suppresses it now.
      const exception = this.takenOver.get(index);
      const config = reporting.config;
      const range: [number, number] = [start, Math.max(start + 1, lineEnd(baseline.text, start))];
      if (exception !== undefined && config) {
        const at = `${config.name}:${config.locationOf(exception).line}`;
        sink.emit({ rule: enabled.rule, messageId: 'takenOver', data: { ...data, exception: at }, range, pointer: '', document: 0 });
      } else {
        sink.emit({ rule: enabled.rule, messageId: 'unused', data, range, pointer: '', document: 0 });
      }
    }
    return { file: reporting.baselineName ?? baseline.path, documents: 0, skipped: 0, diagnostics: sink.finish({ withFrames: false }).diagnostics };
  }

  private exceptionProblems(reporting: UnusedReporting): FileResult | undefined {
    const config = reporting.config;
    const { exceptions, options } = this.suppressions;
    if (!config || exceptions.length === 0) return undefined;
    const expired = reporting.enabledRule('exception/expired', config.path);
    const unused = reporting.enabledRule('exception/unused', config.path);
    const sink = new DiagnosticSink({ text: config.text, settings: unused?.settings ?? expired?.settings ?? new Map() });
    const emit = (rule: ReportingRule, messageId: string, index: number, data: Record<string, string>): void => {
      const { line, column } = config.locationOf(index);
      const start = sink.offsetAt(line, column);
      sink.emit({ rule, messageId, data, range: [start, Math.max(start + 1, lineEnd(config.text, start))], pointer: '', document: 0 });
    };
    exceptions.forEach(({ entry }, index) => {
      if (isExpired(entry, options.today)) {
        if (expired) emit(expired.rule, 'expired', index, { rules: describeRules(entry), expires: entry.expires ?? '' });
      } else if (unused && !this.usedExceptions.has(index) && this.judged(entry, reporting)) {
        emit(unused.rule, 'unused', index, { rules: describeRules(entry) });
      }
    });
    const diagnostics = sink.finish({ withFrames: false }).diagnostics;
    return diagnostics.length ? { file: config.name, documents: 0, skipped: 0, diagnostics } : undefined;
  }

  /** An exception with `files` is judged only by a run that linted every file they match; one without, by any run. */
  private judged(entry: ExceptionEntry, reporting: UnusedReporting): boolean {
    return entry.files === undefined || reporting.filesMatching(entry.files).every((file) => this.linted.has(file));
  }
}
