/**
 * The rules in force for a project on disk: the configuration file found or named and the policy files read, then
 * ./rules-in-force.ts. The CLI, its lint workers and the language server load them here, the same way.
 */
import { resolve } from 'node:path';
import { findConfigFile, readConfigFile, type BufferReader } from './config-file.js';
import { policyFixtureTest } from './policy-fixtures.js';
import { hashText, useNodeHost } from './node-host.js';
import { rulesInForce, type RulesInForce } from './rules-in-force.js';

export interface RuleSetFlags {
  config?: string | false;
  policy?: string[];
  /** The content of a settings or policy file when it is not the disk's (the language server's open buffers). */
  readFile?: BufferReader;
  /** `--rule ID=SEVERITY` flags: those naming the rules that report in policy files apply there too. */
  rule?: readonly string[];
}

/** Everything a command needs to know about the rules in force: built-ins, the config file and custom policies. */
export interface RuleSet extends RulesInForce {
  /** Changes whenever a policy file changes, for the cache key. */
  policyFingerprint: string;
  /** A policy test fixture of one of the policies in force: `policy test` runs it, lint does not. */
  isPolicyFixture(file: string): boolean;
}

/** Loads the rules in force, and brings Node's services to the core that will lint with them. */
export async function loadRuleSet(flags: RuleSetFlags, cwd: string): Promise<RuleSet> {
  useNodeHost();
  const configPath = flags.config === false ? undefined : (flags.config ?? findConfigFile(cwd));
  const configAbsolute = configPath ? resolve(cwd, configPath) : undefined;
  const configFile = configAbsolute ? readConfigFile(configAbsolute, flags.readFile) : undefined;
  const inForce = await rulesInForce({
    configFile,
    cwd,
    commandLinePolicies: flags.policy ?? [],
    commandLineRules: flags.rule ?? [],
    readPolicyFiles: async (paths) => (await import('./policy-files.js')).readPolicyFiles(paths, cwd, flags.readFile),
  });
  const read = inForce.policyFiles.flatMap((file) => ('bytes' in file ? [file] : []));
  return {
    ...inForce,
    // The Kubernetes version and the admission settings decide what the policies compile to: a cached result holds for one of each.
    policyFingerprint: inForce.policies ? hashText(inForce.config.kubernetesVersion ?? '', JSON.stringify(inForce.config.admission ?? null), ...read.map((file) => file.bytes)) : '',
    isPolicyFixture: inForce.policies ? policyFixtureTest(read.map((file) => file.absolute), cwd) : () => false,
  };
}
