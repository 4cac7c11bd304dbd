import { relative, resolve } from 'node:path';
import { fixUntilStable } from '../engine/fix-apply.js';
import { foreignJudge } from '../engine/rule-plan.js';
import { lintBytes, lintText } from '../engine/lint.js';
import { hasByteOrderMark } from '../engine/decode.js';
import { maskSecretsInText } from '../engine/secrets.js';
import { severityInForce, type RuleSetting, type RuleSettings } from '../engine/settings.js';
import { emptyResult, type Diagnostic, type FileResult, type Rule } from '../engine/types.js';
import { defaultFormat, FORMAT_NAMES, type FormatName } from '../formatters/index.js';
import { formatOutputs, type Output } from './options.js';
import { plural, type Summary } from '../formatters/summary.js';
import { defaultCacheLocation, LintCache } from './cache.js';
import { hashText } from '../project/node-host.js';
import { readInputFile, resolveInputs } from '../project/files.js';
import type { CliIo } from './io.js';
import { fileSizes, lintFilesInParallel, threadsFor } from './parallel.js';
import { loadRuleSet } from '../project/rule-set.js';
import { ignorePatternTest, parseMaxWarnings, parseThreads, renamedRuleWarnings, ruleOverrides, UsageError } from './settings.js';
import { lintOptionsFor, settingsOf, type ProjectLinting } from '../project/file-linting.js';
import type { ChangeContext } from '../change/context.js';
import { loadBase } from './base-option.js';
import { RuleTimings, timingsOfPasses } from '../formatters/timing.js';
import { ReportOutputs, ruleInfoLookup } from './report-output.js';
import { policyFixtureSkipped } from '../project/policy-fixtures.js';
import { collectClusterObjects } from './admission-objects.js';
import { VERSION } from './version.js';
import { FileWriteError, writeFileAtomic } from '../project/write-file.js';
import { baselinePathOf, loadSuppressions } from '../suppressions/load.js';
import { todayUtc } from '../suppressions/exceptions.js';
import { judgeBySettings, SuppressionLedger } from '../suppressions/unused.js';
import { suppressionsFingerprint, unusedReporting } from '../project/suppressions.js';
import type { Suppressor } from '../engine/reporter.js';
import type { Suppressions } from '../suppressions/suppressions.js';
import yamlSyntaxRule from '../../rules/yaml/syntax/index.js';

export interface LintFlags {
  format: string[];
  outputFile: string[];
  /** `--color` / `--no-color`: applied to the I/O by the program (`withColorFlag`). */
  color?: boolean;
  quiet?: boolean;
  verbose?: boolean;
  maxWarnings?: string;
  threads?: string;
  stdinFilename?: string;
  rule: string[];
  /** `--unfixable ID`: rules whose fixes `--fix` leaves alone (lint only). */
  unfixable?: string[];
  /** `--fixable ID`: the only rules whose fixes `--fix` applies (lint only). */
  fixable?: string[];
  config?: string | false;
  fix?: boolean;
  fixDryRun?: boolean;
  /** `--diff`: print what --fix would change, instead of the report. */
  diff?: boolean;
  cache?: boolean;
  /** The cache file; by default `defaultCacheLocation` of the working directory. */
  cacheLocation?: string;
  printConfig?: string;
  policy: string[];
  /** `--ignore-pattern GLOB`: files to leave out besides those the configuration's `ignore` names. */
  ignorePattern?: string[];
  /** `--no-inline-directives` (false): `# platlint-disable` comments suppress nothing. */
  inlineDirectives?: boolean;
  /** `--timing`: after the report, on stderr, the time the slowest rules took. */
  timing?: boolean;
  /** `--no-ignore` (false): lint what the configuration's `ignore` and `--ignore-pattern` leave out. */
  ignore?: boolean;
  /** False with `--no-error-on-unmatched-pattern`. */
  errorOnUnmatchedPattern: boolean;
  /** `--base REF`: lint as a change from the git revision REF. */
  base?: string;
  /** `--new-only`: report and exit only by what the change introduced. */
  newOnly?: boolean;
  /** `--statistics`: per-rule counts after the report. */
  statistics?: boolean;
  /** `--baseline FILE`, or false with `--no-baseline`. */
  baseline?: string | false;
}

/** What `runLint` asks of the baseline command: how to see each problem, and what to do at the end. */
export interface BaselineRun {
  /** With `--prune`, the existing baseline applies (its used entries are kept); without, every problem is new. */
  prune: boolean;
  /** `baselinePath`: the absolute path of the baseline to write. */
  suppressorFor(file: string, suppressor: Suppressor | undefined, baselinePath: string): Suppressor | undefined;
  /** Writes the baseline; the exit code. */
  finish(baselinePath: string, suppressions: Suppressions, ledger: SuppressionLedger): number;
}

/** Each `-o FILE` (relative to `cwd`) belongs to the `--format` given in the same position; a format without one goes to stdout. */
export function outputs(flags: Pick<LintFlags, 'format' | 'outputFile'>, env: Readonly<Record<string, string | undefined>>, cwd: string): Output<FormatName>[] {
  return formatOutputs(flags, FORMAT_NAMES, defaultFormat(env), cwd);
}

function describeSettings(rules: readonly Rule[], settings: ReadonlyMap<string, RuleSetting>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { meta } of rules) {
    const setting = settings.get(meta.id);
    const severity = severityInForce(meta, setting);
    out[meta.id] = setting?.options ? [severity, setting.options] : severity;
  }
  return out;
}

/**
 * `previous`: the versions to lint the files as updates of (`platlint diff`); `--base` reads its own from git.
 * `baselineRun`: `platlint baseline`, which lints to write the baseline instead of a report.
 */
export async function runLint(paths: readonly string[], flags: LintFlags, io: CliIo, env: Readonly<Record<string, string | undefined>>, previous?: ChangeContext, baselineRun?: BaselineRun): Promise<number> {
  if (flags.diff) refuseWithDiff(flags);
  const targets = baselineRun || flags.diff ? [] : outputs(flags, env, io.cwd);
  const fixing = flags.fix === true || flags.fixDryRun === true || flags.diff === true;
  const { fixDiff, unifiedDiff } = flags.diff ? await import('../formatters/fix-diff.js') : { fixDiff: undefined, unifiedDiff: undefined };
  // As ESLint's since 9: --quiet fixes only what it reports, the errors.
  const fixWanted = (d: Diagnostic): boolean => !flags.quiet || d.severity === 'error';
  // --diff's counts, said on stderr at the end as Ruff's "Would fix N errors".
  let changedFiles = 0;
  let wouldFix = 0;
  // Only a change-aware run loads the change code, and only --base starts git.
  const change = previous ?? (flags.base !== undefined ? await loadBase(flags.base, io.cwd) : undefined);
  if (flags.newOnly && flags.base === undefined) throw new UsageError('--new-only needs --base REF (what the change is measured against)');
  const maxWarnings = parseMaxWarnings(flags.maxWarnings);
  const requestedThreads = parseThreads(flags.threads);
  const ignoredByFlag = ignorePatternTest(flags.ignorePattern ?? [], io.cwd);
  const ruleSet = await loadRuleSet(flags, io.cwd);
  const { configFile, config, rules, policies, policyFingerprint, isPolicyFixture } = ruleSet;
  const overrides = ruleOverrides(flags, rules);
  const settingsFor = (file: string): RuleSettings => settingsOf({ ruleSet, overrides }, file);
  if (change) change.foreign = foreignJudge(rules);
  for (const warning of renamedRuleWarnings(config.deprecations, flags, rules)) io.error(warning);
  const isIgnored = (file: string): boolean => flags.ignore !== false && (config.isIgnored(file) || ignoredByFlag(file));
  if (flags.printConfig !== undefined) {
    const settings = settingsFor(flags.printConfig);
    // In the configuration's own shape: `unfixable` only when some rule is.
    const unfixable = rules.filter(({ meta }) => settings.get(meta.id)?.unfixable === true).map(({ meta }) => meta.id);
    io.out(JSON.stringify({ config: configFile?.path ?? null, ignored: isIgnored(flags.printConfig), rules: describeSettings(rules, settings), ...(unfixable.length ? { unfixable } : {}) }, null, 2) + '\n');
    return 0;
  }
  const wantsStdin = paths.includes('-');
  if (wantsStdin && flags.fix && !targets.some((t) => t.format === 'json')) {
    throw new UsageError('--fix cannot write the fixed text back to stdin: add --format json (its "output" field carries the fixed text)');
  }
  const withFrames = targets.some((t) => t.format === 'stylish');
  const today = todayUtc();
  const suppressions = loadSuppressions({ cwd: io.cwd, configFile, baseline: flags.baseline, today, applyBaseline: baselineRun?.prune ?? true });
  const ledger = new SuppressionLedger(suppressions, judgeBySettings(rules, settingsFor));
  const baselinePath = baselinePathOf({ cwd: io.cwd, configFile, baseline: flags.baseline });
  const linting: ProjectLinting = {
    ruleSet,
    overrides,
    suppressorFor: (file) => (baselineRun && baselinePath ? baselineRun.suppressorFor(file, suppressions.forFile(file), baselinePath) : suppressions.forFile(file)),
    withFrames,
    timing: flags.timing === true,
    inlineDirectives: flags.inlineDirectives !== false,
  };
  // A cached result took no time: --timing lints every file.
  const cache = flags.cache && !change && !flags.timing ? new LintCache(flags.cacheLocation ?? defaultCacheLocation(io.cwd)) : undefined;
  const ruleIds = rules.map((r) => r.meta.id).join(',');
  const suppressionKey = suppressions.active ? suppressionsFingerprint(suppressions) : '';

  const inputs = resolveInputs(paths.length ? paths.filter((p) => p !== '-') : wantsStdin ? [] : ['.'], io.cwd, { isIgnored });
  const inputErrors = [...inputs.errors, ...(flags.errorOnUnmatchedPattern ? inputs.unmatched : [])];
  let failed = inputErrors.length > 0;
  for (const error of inputErrors) io.error(`platlint: ${error}`);
  // Named and left out: pre-commit names every staged file, so only --verbose says it.
  // Stdin under a name the configuration ignores is left out as that file would be: an editor that pipes a buffer
  // gets what `platlint FILE` gives (and what the language server gives), not the problems of a generated file.
  const stdinIgnored = wantsStdin && flags.stdinFilename !== undefined && isIgnored(flags.stdinFilename);
  const ignored = stdinIgnored && flags.stdinFilename !== undefined ? [...inputs.ignored, flags.stdinFilename] : inputs.ignored;
  if (flags.verbose) for (const file of ignored) io.error(`platlint: ${file} is ignored (the configuration's ignore or --ignore-pattern; --no-ignore lints it)`);
  if (cache?.problem !== undefined) {
    io.error(`platlint: ${cache.problem}`);
    failed = true;
  }

  const ruleInfo = ruleInfoLookup(ruleSet);
  // Each result goes to every report as it comes and is dropped: the run keeps counts, not results.
  const lateFiles = [...ruleSet.policyFiles.map((p) => p.file), ...(configFile ? [configFile.path] : []), ...(baselinePath ? [baselinePath] : [])];
  const reports = await ReportOutputs.open(targets, { cwd: io.cwd, ruleInfo, toolVersion: VERSION, verbose: flags.verbose === true, statistics: flags.statistics === true, fixDryRun: flags.fixDryRun === true, quiet: flags.quiet === true, lateFiles }, io);
  // What the policies could not check, file by file in the order of the reports: reported once per rule at the end.
  const failedChecks: FileResult[] = [];
  const timings = flags.timing ? new RuleTimings() : undefined;
  const add = (result: FileResult): void => {
    // Timings go to the table at the end, not into the reports.
    if (result.timings) {
      timings?.add(result.timings);
      delete result.timings;
    }
    // Under --base, what is not compared with the base (problems of policy files, the baseline, .platlint.yaml) is the
    // change's, as --new-only keeps it.
    if (change && flags.base !== undefined) for (const d of [...result.diagnostics, ...(result.suppressed ?? [])]) d.introduced ??= true;
    ledger.record(result);
    if (result.failedChecks) failedChecks.push(result);
    reports.add(result);
  };
  for (const problem of policies?.problems ?? []) {
    add(problem);
    if (problem.ioError === undefined) continue;
    io.error(`platlint: policy ${problem.file}: ${problem.ioError}`);
    failed = true;
  }
  const stdinRead = wantsStdin ? await io.readStdin() : undefined;
  const stdin = stdinRead && 'bytes' in stdinRead ? stdinRead.bytes : undefined;
  if (stdinRead && 'reason' in stdinRead) {
    // As a file that cannot be read: one line, a result that says so, exit 2.
    const error = `cannot read stdin: ${stdinRead.reason}`;
    io.error(`platlint: ${error}`);
    add({ ...emptyResult(flags.stdinFilename ?? '<stdin>'), ioError: error });
    failed = true;
  }
  // Admission policies read Namespaces and parameter objects from every linted file: they are found first.
  const admission = policies?.admission;
  const clusterObjects = admission?.readsClusterObjects ? collectClusterObjects(admission, inputs.files, io.cwd, stdin) : [];
  const clusterKey = clusterObjects.length ? hashText(JSON.stringify(clusterObjects)) : '';
  const lintOne = (filename: string, bytes: Uint8Array, writeBack: boolean): void => {
    // `diff` compares the two files it is given, fixtures or not.
    if (!previous && isPolicyFixture(filename)) {
      add(policyFixtureSkipped(filename));
      return;
    }
    const plain = lintOptionsFor(linting, filename);
    const { settings, embedded = [] } = plain;
    const options = change ? { ...plain, previousOf: change.previousFor(filename, Buffer.from(bytes).toString('utf8')) } : plain;
    const key = cache ? hashText(VERSION, ruleIds, policyFingerprint, clusterKey, JSON.stringify([...settings]), JSON.stringify(embedded), String(withFrames), String(linting.inlineDirectives), suppressionKey, bytes) : '';
    let result = cache && !fixing ? cache.get(filename, key) : undefined;
    if (!result) {
      result = lintBytes(bytes, options);
      if (fixing && result.diagnostics.some((d) => d.fix && fixWanted(d))) {
        const original = Buffer.from(bytes).toString('utf8');
        // Fixed as it was read, without the byte-order mark decoding drops (the first read is then the first pass);
        // the mark goes back in front of the text written.
        const mark = hasByteOrderMark(bytes) ? original.slice(0, 1) : '';
        const passes = [result];
        const fixedText = fixUntilStable(original.slice(mark.length), (text) => {
          const pass = lintText(text, options);
          passes.push(pass);
          return pass;
        }, { wanted: fixWanted, linted: result });
        const fixed = { ...fixedText, text: mark + fixedText.text };
        result = fixed.result;
        if (linting.timing) result.timings = timingsOfPasses(passes);
        if (fixed.refused) {
          const note = '--fix left this file unchanged: it fixes only files that parse completely.';
          result.diagnostics = result.diagnostics.map((d) => (d.ruleId === yamlSyntaxRule.meta.id ? { ...d, note: d.note ? `${d.note} ${note}` : note } : d));
          io.error(`platlint: ${filename} not fixed: it has YAML errors, and --fix changes only files that parse completely`);
        }
        if (fixed.text !== original) {
          // --fix-dry-run's text is a preview to read, output like any other: its secrets are masked. --fix on stdin
          // gives back the text to write in place of what was read: exactly that, or a secret would become a mask.
          if (fixDiff) {
            changedFiles++;
            wouldFix += fixed.fixed;
            // As git names files: from where platlint runs, which is where `git apply` or `patch -p1` will.
            const path = writeBack ? relative(io.cwd, resolve(io.cwd, filename)) : filename;
            const masked = [maskSecretsInText(original), maskSecretsInText(fixed.text)] as const;
            const shown = fixDiff(path, ...masked, io.color);
            io.out(shown);
            // Compared, never printed: whether a mask or a control's picture stands in a hunk, which then no longer matches the file.
            const exact = unifiedDiff(path, ...masked);
            if (exact !== unifiedDiff(path, original, fixed.text)) io.error(`platlint: the diff of ${filename} shows secrets masked: git apply does not apply a hunk that holds one (--fix does)`);
            if (fixDiff(path, ...masked, false) !== exact) io.error(`platlint: the diff of ${filename} shows control characters as pictures: git apply does not apply a hunk that holds one (--fix does)`);
          } else if (flags.fixDryRun) {
            result.output = maskSecretsInText(fixed.text);
            result.fixed = fixed.fixed;
          } else if (!writeBack) {
            result.output = fixed.text;
            result.fixed = fixed.fixed;
          } else {
            try {
              writeFileAtomic(resolve(io.cwd, filename), fixed.text, { shown: filename, throughLinks: true });
              result.fixed = fixed.fixed;
            } catch (error) {
              if (!(error instanceof FileWriteError)) throw error;
              io.error(`platlint: ${error.message}`);
              failed = true;
            }
          }
        }
      }
      if (cache && !fixing) cache.set(filename, key, result);
    }
    if (change && flags.base !== undefined) {
      change.markIntroduced(result, (text, oldFile) => lintText(text, { ...plain, filename: oldFile, withFrames: false }));
      if (flags.newOnly) result.diagnostics = result.diagnostics.filter((d) => d.introduced);
    }
    add(result);
  };
  if (stdin && !stdinIgnored) lintOne(flags.stdinFilename ?? '<stdin>', stdin, false);
  // Nothing stateful (stdin, change-aware runs, --fix, --cache, baseline): lint on the threads threadsFor gives (those
  // --threads asks for, else one a core for enough bytes), policies too.
  const stateless = !wantsStdin && !change && !cache && !fixing && !baselineRun && inputs.files.length > 1;
  const sizes = stateless && requestedThreads !== 1 ? fileSizes(inputs.files, io.cwd) : [];
  const threads = stateless ? threadsFor(sizes, requestedThreads) : 1;
  const parallel = threads > 1;
  const parallelSetup = { cwd: io.cwd, configPath: configFile?.path, policyPaths: flags.policy, ruleFlags: flags.rule, unfixableFlags: flags.unfixable ?? [], fixableFlags: flags.fixable ?? [], clusterObjects, withFrames, timing: linting.timing, inlineDirectives: linting.inlineDirectives, baseline: suppressions.options.baseline?.path ?? false, today } as const;
  const linted = wantsStdin && !stdinIgnored;
  const total = inputs.files.length + (linted ? 1 : 0);
  let done = linted ? 1 : 0;
  const onProgress = (files: number): void => {
    done += files;
    io.progress?.update(done, total);
  };
  if (parallel) {
    await lintFilesInParallel(inputs.files, parallelSetup, (chunk) => {
      for (const result of chunk) {
        if (result.ioError) io.error(`platlint: ${result.ioError}`);
        failed ||= result.ioError !== undefined;
        add(result);
      }
    }, { onProgress, sizes, ruleSet, threads });
  }
  for (const file of parallel ? [] : inputs.files) {
    onProgress(1);
    const read = readInputFile(file, io.cwd);
    if ('error' in read) {
      io.error(`platlint: ${read.error}`);
      add({ ...emptyResult(file), ioError: read.error });
      failed = true;
      continue;
    }
    lintOne(file, read.bytes, true);
  }
  for (const problem of policies?.evaluationProblems(failedChecks) ?? []) add(problem);
  const cacheError = cache?.save();
  io.progress?.end();
  if (cacheError) {
    io.error(`platlint: ${cacheError}`);
    failed = true;
  }
  if (baselineRun && baselinePath) return failed ? 2 : baselineRun.finish(baselinePath, suppressions, ledger);
  const reporting = unusedReporting(suppressions, { cwd: io.cwd, settingsFor, configFile, isIgnored });
  for (const result of ledger.problems(reporting)) add(result);
  const summary = reports.end();
  if (timings) for (const line of timings.table(10).split('\n')) io.error(line);
  if (failed || reports.writeFailed) return 2;
  // As Ruff's and Black's --diff: the exit code says whether a file would change, whatever else remains.
  if (flags.diff) {
    if (changedFiles > 0) io.error(`platlint: --fix would fix ${plural(wouldFix, 'problem')} in ${plural(changedFiles, 'file')}`);
    return changedFiles > 0 ? 1 : 0;
  }
  return exitCodeOf(summary, maxWarnings, io);
}

/** `--diff` prints a diff instead of the report, and writes nothing: the options that shape a report or write do not go with it. */
function refuseWithDiff(flags: LintFlags): void {
  const clash = [
    ['--fix', flags.fix],
    ['--fix-dry-run', flags.fixDryRun],
    ['--format', flags.format.length > 0],
    ['--output-file', flags.outputFile.length > 0],
    ['--statistics', flags.statistics],
  ].find(([, given]) => given === true);
  if (clash) throw new UsageError(`--diff cannot be used with ${String(clash[0])}: it prints what --fix would change instead of a report`);
}

/** 1 for any error, or for more warnings than `--max-warnings` allows (said on stderr); else 0. */
export function exitCodeOf(summary: Summary, maxWarnings: number | undefined, io: CliIo): number {
  if (summary.errors > 0) return 1;
  if (maxWarnings !== undefined && summary.warnings > maxWarnings) {
    io.error(`platlint: ${plural(summary.warnings, 'warning')}, more than --max-warnings ${maxWarnings}`);
    return 1;
  }
  return 0;
}
