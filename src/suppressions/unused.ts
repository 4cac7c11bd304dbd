/**
 * What a run's suppressions did not do: baseline entries and exceptions that matched nothing, and exceptions past
 * their date. The run records each file's result here (in whatever thread it was linted), then reports these as
 * diagnostics at the entries' own lines, in the baseline file and in `.platlint.yaml`.
 */
import { resolve } from '../settings-file/path-functions.js';
import { rulesNamedBy } from '../../rules/aliases.js';
import baselineUnusedRule from '../../rules/baseline/unused/index.js';
import exceptionExpiredRule from '../../rules/exception/expired/index.js';
import exceptionUnusedRule from '../../rules/exception/unused/index.js';
import { globMatches } from '../engine/globs.js';
import { FileReporter } from '../engine/reporter.js';
import { isRuleEnabled, type RuleSettings } from '../engine/settings.js';
import type { FileResult, Rule, RuleFinding } from '../engine/types.js';
import type { BaselineEntry } from './baseline.js';
import type { ConfigFile, ExceptionEntry } from '../settings-file/load.js';
import { isExpired } from './exceptions.js';
import { relativeTo, shownPath } from '../settings-file/paths.js';
import type { Suppressions } from './suppressions.js';

/** Where the CLI reports, and with which settings. */
export interface UnusedReporting {
  /** The rule settings in force for `file` (the baseline file, the configuration file). */
  settingsFor(file: string): RuleSettings;
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
  const { configFile, cwd } = sources;
  const configDir = suppressions.options.configDir;
  const baseline = suppressions.options.baseline;
  return {
    settingsFor: (file) => sources.settingsFor(file),
    filesMatching: (globs) => sources.lintableFiles(configDir).filter((file) => globMatches(relativeTo(configDir, file), globs, { dot: true })),
    config: configFile && { path: configFile.path, name: shownPath(cwd, configFile.path), text: configFile.text, locationOf: (index) => configFile.locationOf(['exceptions', index]) },
    baselineName: baseline && shownPath(cwd, baseline.path),
  };
}

function describeRules(entry: ExceptionEntry): string {
  return entry.rules.join(', ');
}

export class SuppressionLedger {
  private readonly usedEntries = new Set<number>();
  private readonly usedExceptions = new Set<number>();
  /** Baseline entries whose problem an exception suppressed instead, with that exception. */
  private readonly takenOver = new Map<number, number>();
  /** The files linted (read), whatever they held, as the results name them; made absolute when first asked. */
  private readonly lintedAsNamed: string[] = [];
  private lintedPaths: Set<string> | undefined;

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
    this.lintedAsNamed.push(result.file);
    this.lintedPaths?.add(resolve(this.suppressions.options.cwd, result.file));
    for (const s of result.suppressed ?? []) {
      (s.by === 'baseline' ? this.usedEntries : this.usedExceptions).add(s.entry);
      if (s.overlaps !== undefined) this.takenOver.set(s.overlaps, s.entry);
    }
  }

  hasLinted(absolute: string): boolean {
    return this.linted().has(absolute);
  }

  /**
   * Absolute paths of the files linted. Resolved on demand: most runs have no baseline or exception to judge, and
   * resolving every file's path as its result came in was a measurable part of a run over thousands of small files.
   */
  private linted(): Set<string> {
    this.lintedPaths ??= new Set(this.lintedAsNamed.map((file) => resolve(this.suppressions.options.cwd, file)));
    return this.lintedPaths;
  }

  /** Indices of the baseline entries whose file this run linted and that matched nothing. */
  unusedEntries(): number[] {
    const baseline = this.suppressions.options.baseline;
    const dir = this.suppressions.baselineDir;
    if (!baseline || dir === undefined) return [];
    const lintedNames = new Set([...this.linted()].map((file) => relativeTo(dir, file)));
    const judged = (entry: BaselineEntry): boolean => rulesNamedBy(entry.rule).some((rule) => this.judges(rule, resolve(dir, entry.file)));
    const unused = (entry: BaselineEntry, index: number): boolean => !this.usedEntries.has(index) && lintedNames.has(entry.file) && judged(entry);
    return baseline.entries.flatMap((entry, index) => (unused(entry, index) ? [index] : []));
  }

  /** The problems to report: one FileResult for the baseline file and one for the configuration file, if any. */
  problems(reporting: UnusedReporting): FileResult[] {
    return [this.baselineProblems(reporting), this.exceptionProblems(reporting)].filter((r): r is FileResult => r !== undefined);
  }

  private baselineProblems(reporting: UnusedReporting): FileResult | undefined {
    const baseline = this.suppressions.options.baseline;
    const unused = this.unusedEntries();
    if (!baseline || unused.length === 0) return undefined;
    const reporter = new FileReporter({ text: baseline.text, settings: reporting.settingsFor(baseline.path) });
    if (!reporter.isOn(baselineUnusedRule)) return undefined;
    for (const index of unused) {
      const entry = baseline.entries[index];
      if (!entry) continue;
      const lineStart = reporter.offsetAt(baseline.lines[index] ?? 1, 1);
      const start = lineStart + (/^\s*/.exec(baseline.text.slice(lineStart))?.[0].length ?? 0);
      const data = { rule: entry.rule, path: entry.path, object: entry.object, file: entry.file };
      // Said as it happened: the problem is gone, or an exception suppresses it now.
      const exception = this.takenOver.get(index);
      const config = reporting.config;
      const finding = exception !== undefined && config
        ? baselineUnusedRule.finding('takenOver', { ...data, exception: `${config.name}:${config.locationOf(exception).line}` })
        : baselineUnusedRule.finding('unused', data);
      reporter.report({ ...finding, range: reporter.toLineEnd(start), pointer: '', document: 0 });
    }
    return { file: reporting.baselineName ?? baseline.path, documents: 0, skipped: 0, diagnostics: reporter.finish({ withFrames: false }).diagnostics };
  }

  private exceptionProblems(reporting: UnusedReporting): FileResult | undefined {
    const config = reporting.config;
    const { exceptions, options } = this.suppressions;
    if (!config || exceptions.length === 0) return undefined;
    const reporter = new FileReporter({ text: config.text, settings: reporting.settingsFor(config.path) });
    const report = (finding: RuleFinding, index: number): void => {
      const { line, column } = config.locationOf(index);
      reporter.report({ ...finding, range: reporter.toLineEnd(reporter.offsetAt(line, column)), pointer: '', document: 0 });
    };
    exceptions.forEach(({ entry }, index) => {
      if (isExpired(entry, options.today)) {
        report(exceptionExpiredRule.finding('expired', { rules: describeRules(entry), expires: entry.expires ?? '' }), index);
      } else if (reporter.isOn(exceptionUnusedRule) && !this.usedExceptions.has(index) && this.judged(entry, reporting)) {
        report(exceptionUnusedRule.finding('unused', { rules: describeRules(entry) }), index);
      }
    });
    const diagnostics = reporter.finish({ withFrames: false }).diagnostics;
    return diagnostics.length ? { file: config.name, documents: 0, skipped: 0, diagnostics } : undefined;
  }

  /** An exception with `files` is judged only by a run that linted every file they match; one without, by any run. */
  private judged(entry: ExceptionEntry, reporting: UnusedReporting): boolean {
    return entry.files === undefined || reporting.filesMatching(entry.files).every((file) => this.linted().has(file));
  }
}
