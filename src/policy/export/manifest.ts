/**
 * The objects of an export: for each rule, a ValidatingAdmissionPolicy and the ValidatingAdmissionPolicyBinding
 * that puts it in force (admissionregistration.k8s.io/v1), named after the rule's id, labelled as platlint's.
 */
import type { Severity } from '../../engine/types.js';
import { DNS1123_SUBDOMAIN_MAX_LENGTH, isDNS1123Subdomain } from '../../formats/k8s-names.js';
import { BINDING_KIND, ADMISSION_POLICY_KIND, type ValidationAction } from '../vap/types.js';
import { API_GROUP } from '../../engine/scope.js';
import { USER_RESOURCE } from './match.js';
import type { AdmissionPlan } from './translate.js';

export const ADMISSION_API_VERSION = 'admissionregistration.k8s.io/v1';

/** What a severity does at admission: an error denies, a warning warns, an info is written to the audit log. */
export const ACTIONS_OF: Readonly<Record<Severity, readonly ValidationAction[]>> = { error: ['Deny'], warning: ['Warn'], info: ['Audit'] };

export interface ManifestOptions {
  /** platlint's version, in a label. */
  platlintVersion: string;
  /** The Kubernetes version the expressions were checked against, in an annotation. */
  kubernetesVersion: string;
  /** API groups besides management.platform that hold the same Users. */
  groups: readonly string[];
  /** The binding's validationActions whatever the severity (`--validation-actions`). */
  validationActions?: readonly ValidationAction[];
}

/**
 * The object name of a rule's policy and binding: `platlint.` and the id, "/" as "." (`acme/no-cluster-admin` is
 * `platlint.acme.no-cluster-admin`), a valid DNS subdomain since ids are lowercase words joined by "-" and "/".
 */
export function admissionObjectName(id: string): string | { error: string } {
  const name = `platlint.${id.replace(/\//g, '.')}`;
  const problems = isDNS1123Subdomain(name);
  if (problems.length === 0) return name;
  // The length alone is said when it is the only problem; any other is a name of the wrong shape.
  if (problems.length === 1 && name.length > DNS1123_SUBDOMAIN_MAX_LENGTH) {
    return { error: `its id makes a name of ${name.length} characters, more than the ${DNS1123_SUBDOMAIN_MAX_LENGTH} Kubernetes takes` };
  }
  return { error: `its id does not make a Kubernetes name ("${name}")` };
}

function metadata(name: string, plan: AdmissionPlan, options: ManifestOptions): Record<string, unknown> {
  return {
    name,
    labels: { 'app.kubernetes.io/managed-by': 'platlint', 'platlint.dev/version': options.platlintVersion },
    annotations: { 'platlint.dev/rule': plan.id, 'platlint.dev/kubernetes-version': options.kubernetesVersion },
  };
}

/** The ValidatingAdmissionPolicy of a rule. */
export function policyObject(name: string, plan: AdmissionPlan, options: ManifestOptions): Record<string, unknown> {
  return {
    apiVersion: ADMISSION_API_VERSION,
    kind: ADMISSION_POLICY_KIND,
    metadata: metadata(name, plan, options),
    spec: {
      failurePolicy: 'Fail',
      matchConstraints: {
        resourceRules: [
          {
            apiGroups: [API_GROUP, ...options.groups.filter((g) => g !== API_GROUP)],
            apiVersions: ['*'],
            operations: plan.updatesOnly ? ['UPDATE'] : ['CREATE', 'UPDATE'],
            resources: [USER_RESOURCE],
          },
        ],
      },
      ...(plan.matchConditions.length ? { matchConditions: plan.matchConditions.map((c) => ({ name: c.name, expression: c.expression })) } : {}),
      validations: plan.validations.map((v) => ({
        expression: v.expression,
        message: v.message,
        ...(v.messageExpression !== undefined ? { messageExpression: v.messageExpression } : {}),
        ...(v.fieldPath !== undefined ? { fieldPath: v.fieldPath } : {}),
      })),
    },
  };
}

/** The binding that puts a rule's policy in force, with the actions of its severity. */
export function bindingObject(name: string, plan: AdmissionPlan, options: ManifestOptions): Record<string, unknown> {
  return {
    apiVersion: ADMISSION_API_VERSION,
    kind: BINDING_KIND,
    metadata: metadata(name, plan, options),
    spec: { policyName: name, validationActions: [...(options.validationActions ?? ACTIONS_OF[plan.severity])] },
  };
}
