import { relative, resolve } from 'node:path';
import { builtinRules } from '../../rules/index.js';
import { NEWEST_KUBERNETES_VERSION } from '../policy/cel/versions.js';
import { findConfigFile, readConfigFile } from '../project/config-file.js';
import { ResolvedConfig } from '../settings-file/resolve.js';
import { problemLines } from '../engine/problem-line.js';
import type { CliIo } from './io.js';
import { UsageError } from './settings.js';
import { VERSION } from './version.js';
import { writeFileAtomic } from '../project/write-file.js';

export interface ExportFlags {
  outputFile?: string;
  builtin?: boolean;
  kubernetesVersion?: string;
  validationActions?: string;
  config?: string | false;
}

const ACTIONS = ['Deny', 'Warn', 'Audit'] as const;
type Action = (typeof ACTIONS)[number];

/** `--validation-actions Warn` or `Deny,Audit`: what the API server accepts in a binding. */
export function parseValidationActions(text: string): Action[] {
  const words = text.split(',').map((w) => w.trim());
  const actions: Action[] = [];
  for (const word of words) {
    const action = ACTIONS.find((a) => a.toLowerCase() === word.toLowerCase());
    if (!action) throw new UsageError(`--validation-actions: "${word}" is not a validation action (use Deny, Warn or Audit, separated by commas)`);
    if (actions.includes(action)) throw new UsageError(`--validation-actions: ${action} is given twice`);
    actions.push(action);
  }
  if (actions.includes('Deny') && actions.includes('Warn')) throw new UsageError('--validation-actions: Deny and Warn cannot go together (the API server refuses them: a denial already says what the warning would)');
  return actions;
}

/**
 * `platlint policy export [paths...]`: the policy rules of the paths (by default the configuration's `policies`),
 * and with `--builtin` the CEL twins of the built-in User rules, as ValidatingAdmissionPolicies and bindings. A rule
 * that cannot run at admission is left out with one line on stderr; the export still succeeds (0). Policies that do
 * not load, bad options and unwritable files exit 2 with nothing written.
 */
export async function runPolicyExport(paths: string[], flags: ExportFlags, io: CliIo): Promise<number> {
  const configPath = flags.config === false ? undefined : (flags.config ?? findConfigFile(io.cwd));
  const configFile = configPath ? readConfigFile(resolve(io.cwd, configPath)) : undefined;
  // Every mistake of the settings files, before anything is exported.
  const base = new ResolvedConfig(configFile, builtinRules, io.cwd, false);
  const { EXPORT_VERSIONS, FIRST_EXPORT_VERSION, exportRules, exportYaml, usersOnlyLine } = await import('../policy/export/index.js');
  const version = flags.kubernetesVersion ?? base.kubernetesVersion ?? NEWEST_KUBERNETES_VERSION;
  if (!EXPORT_VERSIONS.includes(version)) {
    const from = base.files.find((file) => file.kubernetesVersion === version)?.path ?? '.platlint.yaml';
    const where = flags.kubernetesVersion !== undefined ? '--kubernetes-version' : `kubernetesVersion in ${from}`;
    throw new UsageError(`${where}: "${version}" is no version to export for: ValidatingAdmissionPolicy is admissionregistration.k8s.io/v1 from Kubernetes ${FIRST_EXPORT_VERSION} (use ${EXPORT_VERSIONS.join(', ')})`);
  }
  const validationActions = flags.validationActions === undefined ? undefined : parseValidationActions(flags.validationActions);
  const policyPaths = paths.length ? paths : base.policyPaths().map((p) => relative(io.cwd, p) || '.');
  if (policyPaths.length === 0 && !flags.builtin) {
    throw new UsageError('policy export has nothing to export: name policy files or directories, list them in .platlint.yaml (policies), or give --builtin');
  }
  const [{ loadPolicyPaths }, { PolicyRule }] = await Promise.all([import('../project/policy-files.js'), import('../policy/rule.js')]);
  const loaded = policyPaths.length ? loadPolicyPaths(policyPaths, io.cwd, base.kubernetesVersion ? { kubernetesVersion: base.kubernetesVersion } : {}) : undefined;
  // The policy files' own mistakes: nothing is exported from policies that do not load.
  const problems = problemLines(loaded?.problems ?? []);
  if (problems.length) {
    for (const line of problems) io.error(`platlint: ${line}`);
    io.error('platlint: policy export: nothing was written; fix the policies first');
    return 2;
  }
  const settings = new ResolvedConfig(configFile, [...builtinRules, ...(loaded?.rules ?? [])], io.cwd).topLevelSettings();
  const { effectiveSeverity, isRuleEnabled } = await import('../engine/settings.js');
  const rules = [];
  const lines: string[] = [];
  for (const rule of loaded?.rules ?? []) {
    if (!(rule instanceof PolicyRule)) {
      lines.push(`${rule.meta.id}: not exported: it is a ValidatingAdmissionPolicy already`);
      continue;
    }
    const setting = settings.get(rule.meta.id);
    rules.push({ spec: rule.spec, severity: isRuleEnabled(rule.meta, setting) ? effectiveSeverity(rule.meta, { text: '' }, setting) : ('off' as const) });
  }
  if (flags.builtin) {
    const { builtinExportRules } = await import('../policy/export/builtin.js');
    rules.push(...builtinExportRules(settings));
  }
  const result = exportRules(rules, {
    platlintVersion: VERSION,
    kubernetesVersion: version,
    groups: base.exportSettings?.groups ?? [],
    ...(validationActions ? { validationActions } : {}),
  });
  const text = exportYaml(result.documents);
  if (flags.outputFile !== undefined) writeFileAtomic(resolve(io.cwd, flags.outputFile), text, { shown: flags.outputFile });
  else io.out(text);
  for (const { id, reason } of result.skipped) lines.push(`${id}: not exported: ${reason}`);
  for (const id of result.usersOnly) lines.push(usersOnlyLine(id));
  for (const line of lines) io.error(`platlint: ${line}`);
  if (result.documents.length === 0) io.error('platlint: policy export: no rule could be exported');
  return 0;
}
