/**
 * The rules in force for a project once its files are read: the built-in rules, the policies the configuration file
 * or the command line names, and the configuration resolved with their rules. The CLI, its lint workers and the
 * language server read the files from disk (./rule-set.ts), the playground from its editors
 * (src/browser/playground.ts): both go through here.
 */
import { builtinRules } from '../../rules/index.js';
import { docsUrlFor } from '../engine/docs.js';
import type { Rule } from '../engine/types.js';
import type { LoadedPolicies, PolicyFile } from '../policy/load.js';
import { settingsFiles, type ConfigFile } from '../settings-file/load.js';
import { relative } from '../settings-file/path-functions.js';
import { ResolvedConfig } from '../settings-file/resolve.js';
import { parseRuleFlag, withOverrides, type RuleOverride } from './settings.js';

export interface RulesInForce {
  configFile: ConfigFile | undefined;
  config: ResolvedConfig;
  rules: readonly Rule[];
  policies: LoadedPolicies | undefined;
  /** The policy files and folders loaded: the config's `policies` (relative to the working directory), then `--policy`. */
  policyPaths: string[];
  /** The policy files as they were read (a path that could not be read has its `ioError`). */
  policyFiles: PolicyFile[];
  docsUrl(ruleId: string): string | undefined;
}

export interface RulesInForceSources {
  configFile: ConfigFile | undefined;
  /** What relative paths (the command line's, the reported names) are relative to. */
  cwd: string;
  /** `--policy` paths, as given. */
  commandLinePolicies: readonly string[];
  /** Reads the policy paths (files or folders, relative to `cwd`), each file once, in order. */
  readPolicyFiles(paths: readonly string[]): PolicyFile[] | Promise<PolicyFile[]>;
  /** `--rule ID=SEVERITY` flags, for the rules that report in policy files (`policy/invalid`, `yaml/syntax`...). */
  commandLineRules?: readonly string[];
}

/**
 * The `--rule` flags that name built-in rules, those that report in policy files. The policies are loaded before
 * the flags can be read against all the rules (a flag may name a policy's rule): the command reads every flag again
 * then, and refuses a wrong one.
 */
function builtinRuleFlags(flags: readonly string[]): RuleOverride[] {
  return flags.flatMap((flag) => {
    const override = parseRuleFlag(flag, builtinRules);
    return 'problem' in override ? [] : [override];
  });
}

/** The rules in force; a mistake in the configuration file throws its `ConfigError`. */
export async function rulesInForce(sources: RulesInForceSources): Promise<RulesInForce> {
  const { configFile, cwd } = sources;
  // A policy rule's id in `rules` is judged once the policies are loaded, by the configuration resolved with them.
  const withPolicies = (configFile ? settingsFiles(configFile) : []).some((file) => (file.policies ?? []).length > 0) || sources.commandLinePolicies.length > 0;
  const base = new ResolvedConfig(configFile, builtinRules, cwd, !withPolicies);
  // Shown as given on the command line, or relative to the working directory when they come from the config file.
  const policyPaths = [...base.policyPaths().map((p) => relative(cwd, p) || '.'), ...sources.commandLinePolicies];
  let policies: LoadedPolicies | undefined;
  let policyFiles: PolicyFile[] = [];
  if (policyPaths.length) {
    // CEL costs hundreds of milliseconds to load: only runs that use policies pay for it.
    const [{ loadPolicies }, files] = await Promise.all([import('../policy/load.js'), sources.readPolicyFiles(policyPaths)]);
    policyFiles = files;
    // The severities the config gives the rules that report problems in policy files (yaml/syntax, policy/invalid).
    const overrides = builtinRuleFlags(sources.commandLineRules ?? []);
    policies = loadPolicies(files, {
      settingsFor: (file) => withOverrides(base.settingsFor(file), overrides, builtinRules),
      ...(base.kubernetesVersion ? { kubernetesVersion: base.kubernetesVersion } : {}),
      ...(base.admission ? { admission: base.admission } : {}),
    });
  }
  const rules = policies ? [...builtinRules, ...policies.rules] : builtinRules;
  const builtinIds = new Set(builtinRules.map((r) => r.meta.id));
  return {
    configFile,
    config: policies ? new ResolvedConfig(configFile, rules, cwd) : base,
    rules,
    policies,
    policyPaths,
    policyFiles,
    docsUrl: (id) => policies?.docsUrl(id) ?? (builtinIds.has(id) ? docsUrlFor(id) : undefined),
  };
}
