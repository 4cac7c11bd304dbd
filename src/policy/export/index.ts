/**
 * `platlint policy export`: platlint policy rules (and the CEL twins of built-in rules) as ValidatingAdmissionPolicies
 * and bindings for the cluster. Each rule is translated (translate.ts), its objects built (manifest.ts), then read
 * and compiled as `platlint --policy` reads and compiles a ValidatingAdmissionPolicy, in the CEL environment of the
 * chosen Kubernetes version with `object` and `oldObject` typed by the User's schema: what does not compile is not
 * exported, and the reason is returned.
 */
import { stringify } from 'yaml';
import type { Severity } from '../../engine/types.js';
import { CelEnvironment, KUBERNETES_VERSIONS } from '../cel/index.js';
import type { PolicyRuleSpec } from '../types.js';
import { compilePolicy } from '../vap/compile.js';
import { readPolicy } from '../vap/read.js';
import { platformObjectType } from '../schema-types.js';
import { API_GROUP } from '../../engine/scope.js';
import { USER_RESOURCE } from './match.js';
import { admissionObjectName, bindingObject, policyObject, type ManifestOptions } from './manifest.js';
import { CONFIG_STAYS_IN_CI, RuleTranslator } from './translate.js';

export { CONFIG_STAYS_IN_CI } from './translate.js';

/** ValidatingAdmissionPolicy is GA (admissionregistration.k8s.io/v1) from Kubernetes 1.30. */
export const FIRST_EXPORT_VERSION = '1.30';

/** The Kubernetes versions an export can be checked against: those platlint knows that serve the v1 API. */
export const EXPORT_VERSIONS: readonly string[] = KUBERNETES_VERSIONS.slice(KUBERNETES_VERSIONS.indexOf(FIRST_EXPORT_VERSION));

/** A rule to export, with the severity in force for it ('off': not exported). */
export interface ExportRule {
  spec: PolicyRuleSpec;
  severity: Severity | 'off';
}

export interface ExportResult {
  /** Each exported rule's policy, then its binding. */
  documents: Record<string, unknown>[];
  /** The rules not exported, each with why. */
  skipped: { id: string; reason: string }[];
  /** The rules exported for Users only, whose Config part stays a CI check. */
  usersOnly: string[];
}

const environments = new Map<string, CelEnvironment>();

function environmentOf(version: string): CelEnvironment {
  let environment = environments.get(version);
  if (!environment) {
    environment = new CelEnvironment(version);
    environments.set(version, environment);
  }
  return environment;
}

/**
 * The problems `platlint --policy` would find in an exported policy, compiled with `object` typed as a User (the
 * API server types it so for its type warnings; it compiles it with `object` dynamic, which accepts more).
 */
export function policyProblems(policy: Record<string, unknown>, environment: CelEnvironment): string[] {
  const read = readPolicy(policy);
  if (!read.spec) return read.problems.map((p) => `${p.path.join('.')}: ${p.message}`);
  const resourceRules = read.spec.matchConstraints.resourceRules.map((r) => ({ ...r, apiGroups: [API_GROUP], resources: [USER_RESOURCE] }));
  const compiled = compilePolicy({ ...read.spec, matchConstraints: { ...read.spec.matchConstraints, resourceRules } }, environment);
  return (compiled.ok ? compiled.warnings : compiled.problems).map((p) => p.message);
}

/** Exports rules in order; a rule that cannot run at admission is skipped with its reason. */
export function exportRules(rules: readonly ExportRule[], options: ManifestOptions): ExportResult {
  const environment = environmentOf(options.kubernetesVersion);
  const translator = new RuleTranslator(environment, platformObjectType('User'));
  const result: ExportResult = { documents: [], skipped: [], usersOnly: [] };
  const names = new Set<string>();
  for (const { spec, severity } of rules) {
    const skip = (reason: string): void => {
      result.skipped.push({ id: spec.id, reason });
    };
    if (severity === 'off') {
      skip('it is off in the settings');
      continue;
    }
    const name = admissionObjectName(spec.id);
    if (typeof name !== 'string') {
      skip(name.error);
      continue;
    }
    if (names.has(name)) {
      skip(`its name ${name} is another exported rule's`);
      continue;
    }
    const translated = translator.translate(spec, severity);
    if (!translated.ok) {
      skip(translated.reason);
      continue;
    }
    const policy = policyObject(name, translated.plan, options);
    const problems = policyProblems(policy, environment);
    if (problems.length) {
      skip(`its translation does not compile in the CEL of Kubernetes ${options.kubernetesVersion} with object typed by the User's schema: ${problems.join('; ')}`);
      continue;
    }
    names.add(name);
    result.documents.push(policy, bindingObject(name, translated.plan, options));
    if (translated.plan.configLeftOut) result.usersOnly.push(spec.id);
  }
  return result;
}

/** The line stderr gets for a rule exported for Users only. */
export function usersOnlyLine(id: string): string {
  return `${id}: exported for Users only; on Configs it stays a CI check (${CONFIG_STAYS_IN_CI})`;
}

/** The documents as one YAML stream, each after `---`. */
export function exportYaml(documents: readonly Record<string, unknown>[]): string {
  return documents.map((doc) => `---\n${stringify(doc, { lineWidth: 120, minContentWidth: 60 })}`).join('');
}
