/**
 * The rules in force for a project: the built-in rules, the configuration file and the custom policies it or the
 * command line names. The CLI, its lint workers and the language server load them here, the same way.
 */
import { relative, resolve } from 'node:path';
import { builtinRules } from '../../rules/index.js';
import { findConfigFile, loadConfigFile, type ConfigFile } from '../settings-file/load.js';
import { ResolvedConfig } from '../settings-file/resolve.js';
import { docsUrlFor } from '../engine/docs.js';
import type { Rule } from '../engine/types.js';
import { policyFixtureTest } from './policy-fixtures.js';
import type { LoadedPolicies } from '../policy/load.js';
import { hashText, useNodeHost } from './node-host.js';

export interface RuleSetFlags {
  config?: string | false;
  policy?: string[];
  /** The content of a config or policy file when it is not the disk's (the language server's open buffers). */
  readFile?: (absolute: string) => Uint8Array | undefined;
}

/** Everything a command needs to know about the rules in force: built-ins, the config file and custom policies. */
export interface RuleSet {
  configFile: ConfigFile | undefined;
  config: ResolvedConfig;
  rules: readonly Rule[];
  policies: LoadedPolicies | undefined;
  /** The policy files and folders loaded: the config's `policies` (relative to the working directory), then `--policy`. */
  policyPaths: string[];
  /** Changes whenever a policy file changes, for the cache key. */
  policyFingerprint: string;
  /** A policy test fixture of one of the policies in force: `policy test` runs it, lint does not. */
  isPolicyFixture(file: string): boolean;
  docsUrl(ruleId: string): string | undefined;
}

/** Loads the rules in force, and brings Node's services to the core that will lint with them. */
export async function loadRuleSet(flags: RuleSetFlags, cwd: string): Promise<RuleSet> {
  useNodeHost();
  const configPath = flags.config === false ? undefined : (flags.config ?? findConfigFile(cwd));
  const configAbsolute = configPath ? resolve(cwd, configPath) : undefined;
  const configBuffer = configAbsolute ? flags.readFile?.(configAbsolute) : undefined;
  const configFile = configAbsolute ? loadConfigFile(configAbsolute, configBuffer && Buffer.from(configBuffer).toString('utf8')) : undefined;
  // A policy rule's id in `rules` is judged once the policies are loaded, by the configuration resolved with them.
  const withPolicies = (configFile?.policies ?? []).length > 0 || (flags.policy ?? []).length > 0;
  const base = new ResolvedConfig(configFile, builtinRules, cwd, !withPolicies);
  // Shown as given on the command line, or relative to the working directory when they come from the config file.
  const policyPaths = [...base.policyPaths().map((p) => relative(cwd, p) || '.'), ...(flags.policy ?? [])];
  let policies: LoadedPolicies | undefined;
  let policyFingerprint = '';
  let isPolicyFixture = (_file: string): boolean => false;
  if (policyPaths.length) {
    // CEL costs hundreds of milliseconds to load: only runs that use policies pay for it.
    const [{ readPolicyFiles }, { loadPolicies }] = await Promise.all([import('./policy-files.js'), import('../policy/load.js')]);
    const files = readPolicyFiles(policyPaths, cwd, flags.readFile);
    // The severities the config gives the rules that report problems in policy files (yaml/syntax, policy/invalid).
    policies = loadPolicies(files, {
      settingsFor: (file) => base.settingsFor(file),
      ...(configFile?.kubernetesVersion ? { kubernetesVersion: configFile.kubernetesVersion } : {}),
      ...(configFile?.admission ? { admission: configFile.admission } : {}),
    });
    const read = files.flatMap((file) => ('bytes' in file ? [file] : []));
    // The Kubernetes version decides what the policies compile to: a cached result holds for one version.
    policyFingerprint = hashText(configFile?.kubernetesVersion ?? '', JSON.stringify(configFile?.admission ?? null), ...read.map((file) => file.bytes));
    isPolicyFixture = policyFixtureTest(read.map((file) => file.absolute), cwd);
  }
  const rules = policies ? [...builtinRules, ...policies.rules] : builtinRules;
  const builtinIds = new Set(builtinRules.map((r) => r.meta.id));
  return {
    configFile,
    config: policies ? new ResolvedConfig(configFile, rules, cwd) : base,
    rules,
    policies,
    policyPaths,
    policyFingerprint,
    isPolicyFixture,
    docsUrl: (id) => policies?.docsUrl(id) ?? (builtinIds.has(id) ? docsUrlFor(id) : undefined),
  };
}
