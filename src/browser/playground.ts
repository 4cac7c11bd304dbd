/**
 * The playground's project: the three texts a page holds, a manifest (`playground.yaml`), the tool's settings
 * (`.platlint.yaml`) and a policy file (`policy.yaml`), in a folder of their own, linted as
 * `platlint --format json --policy policy.yaml playground.yaml` lints them in a folder that holds those files (an
 * empty settings or policy text is a file that is not there, and then so is `--policy`): the same reading of the settings, rules in force, suppressions, policy
 * problems and report as the CLI's (src/cli/lint-command.ts), from the project layer's own modules. Nothing here
 * reaches a Node module: the browser build takes POSIX paths (src/settings-file/path-functions.browser.ts) and the
 * page installs its certificate reader (./index.ts).
 */
import type { LintOptions } from '../engine/lint.js';
import { lintBytes } from '../engine/lint.js';
import { LateResults } from '../engine/merge-results.js';
import type { RuleSettings } from '../engine/settings.js';
import type { Diagnostic, FileResult } from '../engine/types.js';
import { formatJson } from '../formatters/json.js';
import type { PolicyFile } from '../policy/load.js';
import { lintOptionsFor, settingsOf, type ProjectLinting } from '../project/file-linting.js';
import { rulesInForce, type RulesInForce } from '../project/rules-in-force.js';
import { ConfigError, loadConfigFile } from '../settings-file/load.js';
import { join } from '../settings-file/path-functions.js';
import { configProblems } from '../settings-file/problems.js';
import { todayUtc } from '../suppressions/exceptions.js';
import { Suppressions } from '../suppressions/suppressions.js';
import { judgeBySettings, reportingOf, SuppressionLedger } from '../suppressions/unused.js';
import { CONFIG_FILE, MANIFEST_FILE, PLAYGROUND_DIR, POLICY_FILE } from './playground-files.js';

export { CONFIG_FILE, MANIFEST_FILE, PLAYGROUND_DIR, POLICY_FILE };

export interface PlaygroundTexts {
  manifest: string;
  config: string;
  policy: string;
}

/** What the command prints, and each editor's diagnostics. */
export interface PlaygroundRun {
  /** The JSON report on stdout, or '' when a mistake in `.platlint.yaml` stops the command before it lints. */
  stdout: string;
  /** Its lines on stderr: the settings' mistakes, a policy path it cannot read. */
  stderr: string[];
  /** The manifest's result, unless the command stopped or the settings' `ignore` leaves it out. */
  manifest: FileResult | undefined;
  /** `.platlint.yaml`'s: its mistakes, or what its exceptions did not do. */
  config: Diagnostic[];
  /** `policy.yaml`'s: its mistakes, its rules that could not be evaluated. */
  policy: Diagnostic[];
  /** The rules in force and the manifest's lint options (to lint it again, fixed), unless the command stopped. */
  inForce?: RulesInForce;
  options?: LintOptions;
}

const encoder = new TextEncoder();

/** The file's results in a run, merged: a policy file may have its load problems and its evaluation problems. */
function diagnosticsOf(results: readonly FileResult[], file: string): Diagnostic[] {
  return results.filter((result) => result.file === file).flatMap((result) => result.diagnostics);
}

/**
 * One page's project. Its rules in force are read again only when `.platlint.yaml` or `policy.yaml` changes: typing
 * in the manifest costs its lint.
 */
export class PlaygroundProject {
  private loaded: { key: string; inForce: Promise<RulesInForce> } | undefined;

  private rulesInForce(texts: PlaygroundTexts): Promise<RulesInForce> {
    const key = JSON.stringify([texts.config, texts.policy]);
    if (this.loaded?.key === key) return this.loaded.inForce;
    const inForce = (async () => {
      const configFile = texts.config === '' ? undefined : loadConfigFile(join(PLAYGROUND_DIR, CONFIG_FILE), texts.config);
      return rulesInForce({
        configFile,
        cwd: PLAYGROUND_DIR,
        commandLinePolicies: texts.policy === '' ? [] : [POLICY_FILE],
        // The policy file is the only file there; any other path names what does not exist, as it would on disk.
        readPolicyFiles: (paths) =>
          [...new Set(paths)].map((file): PolicyFile =>
            file === POLICY_FILE && texts.policy !== ''
              ? { file, absolute: join(PLAYGROUND_DIR, POLICY_FILE), bytes: encoder.encode(texts.policy) }
              : { file, ioError: 'no such policy file or directory' },
          ),
      });
    })();
    this.loaded = { key, inForce };
    return inForce;
  }

  /** Lints the texts as the command does, in its order: the manifest, then the policy file and the configuration, each once. */
  async lint(texts: PlaygroundTexts, today = todayUtc()): Promise<PlaygroundRun> {
    let inForce: RulesInForce;
    try {
      inForce = await this.rulesInForce(texts);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      // As the command line says them, and as the language server shows them in the file.
      const stderr = error.lines.map((line) => `platlint: ${line}`);
      return { stdout: '', stderr, manifest: undefined, config: configProblems(join(PLAYGROUND_DIR, CONFIG_FILE), texts.config, error.lines), policy: [] };
    }
    const { config, policies, rules, configFile } = inForce;
    const suppressions = Suppressions.of({ cwd: PLAYGROUND_DIR, configFile, today });
    const linting: ProjectLinting = { ruleSet: inForce, overrides: [], suppressorFor: (file) => suppressions.forFile(file) };
    const options = lintOptionsFor(linting, MANIFEST_FILE);
    const settingsFor = (file: string): RuleSettings => settingsOf(linting, file);
    const ledger = new SuppressionLedger(suppressions, judgeBySettings(rules, settingsFor));
    const results: FileResult[] = [];
    const stderr: string[] = [];
    const late = new LateResults([...inForce.policyFiles.map((file) => file.file), CONFIG_FILE]);
    const add = (result: FileResult): void => {
      ledger.record(result);
      if (!late.hold(result)) results.push(result);
    };
    for (const problem of policies?.problems ?? []) {
      add(problem);
      if (problem.ioError !== undefined) stderr.push(`platlint: policy ${problem.file}: ${problem.ioError}`);
    }
    const linted = !config.isIgnored(MANIFEST_FILE);
    let manifest: FileResult | undefined;
    if (linted) {
      manifest = lintBytes(encoder.encode(texts.manifest), options);
      add(manifest);
    }
    for (const problem of policies?.evaluationProblems(manifest ? [manifest] : []) ?? []) add(problem);
    // The files a walk of the folder finds: its YAML files that are not hidden and not ignored.
    const present = [MANIFEST_FILE, ...(texts.policy === '' ? [] : [POLICY_FILE])].filter((file) => !config.isIgnored(file)).sort();
    const reporting = reportingOf(suppressions, {
      cwd: PLAYGROUND_DIR,
      settingsFor,
      configFile,
      lintableFiles: (dir) => (dir === PLAYGROUND_DIR ? present.map((file) => join(PLAYGROUND_DIR, file)) : []),
    });
    for (const result of ledger.problems(reporting)) add(result);
    results.push(...late.release());
    return {
      stdout: formatJson(results, { color: false, cwd: PLAYGROUND_DIR }),
      stderr,
      manifest,
      config: diagnosticsOf(results, CONFIG_FILE),
      policy: diagnosticsOf(results, POLICY_FILE),
      inForce,
      options,
    };
  }
}
