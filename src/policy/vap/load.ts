/**
 * The documents of policy files that are no platlint Policy: ValidatingAdmissionPolicies, their bindings, and the
 * objects they read (parameter objects of a policy's paramKind, Namespaces). A policy that does not compile, a
 * binding that names no policy, an object no policy reads are mistakes in the policy file; each policy with its
 * bindings becomes the rule `vap/<name>`.
 */
import policyInvalidRule from '../../../rules/policy/invalid/index.js';
import type { RuleFinding } from '../../engine/types.js';
import type { CelEnvironment } from '../cel/index.js';
import type { DocumentProblem } from '../schema-problems.js';
import type { SourceSpot } from '../types.js';
import { settingsAuthorizer, type AuthorizerRule } from './authorizer.js';
import { ClusterObjects, nameOf, type ObjectData } from './cluster.js';
import { compilePolicy, type CompiledPolicy } from './compile.js';
import { AdmissionPolicies } from './dispatch.js';
import { isEmptySelector } from './match.js';
import { readBinding, readPolicy } from './read.js';
import { kindPattern, objectsInText } from './scan.js';
import { ResourceMapper, type ResourceOverride } from './resources.js';
import { admissionRuleId, AdmissionPolicyRule } from './rule.js';
import { ADMISSION_GROUP, ADMISSION_VERSIONS, admissionKindOf, BINDING_KIND, ADMISSION_POLICY_KIND, splitApiVersion, type BindingSpec, type UserInfo } from './types.js';
import { nearest } from '../../engine/suggest.js';

/** `admission` in .platlint.yaml: who sends the requests, what the authorizer allows, kinds' resources. */
export interface AdmissionSettings {
  userInfo?: UserInfo;
  authorizer?: AuthorizerRule[];
  resources?: ResourceOverride[];
}

/**
 * Reports a problem of the document being loaded: a mistake (policy/invalid's `invalid`) unless another rule's
 * message is given, whose `{{detail}}` is the problem's message.
 */
export type AdmissionReporter = (problem: DocumentProblem, as?: Omit<RuleFinding, 'data'>) => void;

interface Loaded<T> {
  spec: T;
  file: string;
  report: AdmissionReporter;
}

/** The policies of a run and what they share; the CLI adds the objects it finds in the linted files. */
export class AdmissionRuntime {
  readonly policies: AdmissionPolicies;

  /** The kinds of the objects the policies read from the linted files: Namespace, if they read one, and each paramKind's. */
  private readonly kindNames: readonly string[];
  private readonly kinds: RegExp;

  constructor(
    readonly cluster: ClusterObjects,
    mapper: ResourceMapper,
    readonly userInfo: UserInfo,
    authorizer: AuthorizerRule[] | undefined,
    /** `group/Kind` of every policy's paramKind. */
    private readonly paramKinds: ReadonlySet<string>,
    /** Some policy reads Namespaces (a namespace selector, namespaceObject). */
    private readonly readsNamespaces: boolean,
  ) {
    this.policies = new AdmissionPolicies({ mapper, cluster, authorizer: settingsAuthorizer(authorizer) });
    this.kindNames = [...(readsNamespaces ? ['Namespace'] : []), ...[...paramKinds].map((key) => key.slice(key.lastIndexOf('/') + 1))];
    this.kinds = kindPattern(this.kindNames);
  }

  /** Some policy reads Namespaces or parameter objects: the linted files are searched for them first. */
  get readsClusterObjects(): boolean {
    return this.kindNames.length > 0;
  }

  /** Whether an object of the linted files is one the policies read (a Namespace, a parameter object). */
  wants(data: ObjectData): boolean {
    return ClusterObjects.wanted(data, this.paramKinds, this.readsNamespaces);
  }

  /** The Namespaces and parameter objects of a linted file's text. */
  clusterObjectsIn(text: string): ObjectData[] {
    return objectsInText(text, { kinds: this.kinds, wants: (data) => this.wants(data) });
  }
}

/** Whether deciding on a policy reads Namespaces: namespaceObject, or a namespace selector of it or a binding. */
function readsNamespaces(policy: CompiledPolicy, bindings: readonly BindingSpec[]): boolean {
  const selectors = [policy.spec.matchConstraints, ...bindings.flatMap((b) => (b.matchResources ? [b.matchResources] : []))].map((m) => m.namespaceSelector);
  return policy.reads.has('namespaceObject') || selectors.some((s) => !isEmptySelector(s));
}

export class AdmissionLoader {
  private readonly policies: (Loaded<CompiledPolicy> & { name: SourceSpot })[] = [];
  private readonly bindings: Loaded<BindingSpec>[] = [];
  private readonly objects: Loaded<ObjectData>[] = [];
  /** The names of every policy read, with mistakes or not. */
  private readonly declared = new Set<string>();
  /** The paramKinds of every policy read, with mistakes or not: a parameter object of a policy with mistakes is not a mistake of its own. */
  private readonly declaredParamKinds = new Set<string>();

  constructor(
    private readonly environment: CelEnvironment,
    private readonly settings: AdmissionSettings,
  ) {}

  /**
   * Takes a document that is no platlint Policy: false when it is none of the admission objects either (no
   * apiVersion and kind), for the Policy schema to say what is wrong.
   */
  add(file: string, data: Record<string, unknown>, nameSpot: () => SourceSpot, report: AdmissionReporter): boolean {
    const kind = admissionKindOf(data);
    if (kind === ADMISSION_POLICY_KIND) {
      // A binding of a policy with mistakes is not a mistake of its own.
      this.declared.add(nameOf(data));
      const read = readPolicy(data);
      const paramKind = read.spec?.paramKind;
      if (paramKind) this.declaredParamKinds.add(ClusterObjects.paramKey(paramKind));
      if (!read.spec) read.problems.forEach((p) => report(p));
      else {
        const compiled = compilePolicy(read.spec, this.environment);
        if (!compiled.ok) compiled.problems.forEach((p) => report(p));
        else {
          compiled.warnings.forEach((p) => report(p, { rule: policyInvalidRule, messageId: 'overLimit' }));
          if (this.policies.some((p) => p.spec.spec.name === read.spec.name)) report({ path: ['metadata', 'name'], message: `A ValidatingAdmissionPolicy named "${read.spec.name}" is already loaded; policy names must be unique` });
          else this.policies.push({ spec: compiled.policy, file, report, name: nameSpot() });
        }
      }
      return true;
    }
    if (kind) {
      const read = readBinding(data);
      if (!read.spec) read.problems.forEach((p) => report(p));
      else if (this.bindings.some((b) => b.spec.name === read.spec.name)) report({ path: ['metadata', 'name'], message: `A ValidatingAdmissionPolicyBinding named "${read.spec.name}" is already loaded; binding names must be unique` });
      else this.bindings.push({ spec: read.spec, file, report });
      return true;
    }
    const { apiVersion, kind: written } = data;
    // A platlint Policy with a mistake in its type: the Policy schema says what is wrong.
    if (typeof apiVersion !== 'string' || typeof written !== 'string' || apiVersion.startsWith('platlint') || written === 'Policy') return false;
    const { group, version } = splitApiVersion(apiVersion);
    if (group === ADMISSION_GROUP && (written === ADMISSION_POLICY_KIND || written === BINDING_KIND)) {
      report({ path: ['apiVersion'], message: `platlint reads ${written} of ${ADMISSION_VERSIONS.map((v) => `${group}/${v}`).join(' and ')}, not ${version}` });
      return true;
    }
    if (group === ADMISSION_GROUP && /Validating.*Polic/i.test(written)) {
      report({ path: ['kind'], message: `kind must be ${ADMISSION_POLICY_KIND} or ${BINDING_KIND}${nearest(written, [ADMISSION_POLICY_KIND, BINDING_KIND])}` });
      return true;
    }
    if (nameOf(data) !== '') this.objects.push({ spec: data, file, report });
    else report({ path: ['metadata'], at: 'key', message: `This ${data['kind']} has no metadata.name: a parameter object or Namespace needs one` });
    return true;
  }

  /** The rules of the policies loaded and their runtime, once every policy file is read; undefined without policies. */
  finish(): { rules: AdmissionPolicyRule[]; runtime: AdmissionRuntime } | undefined {
    const byPolicy = new Map(this.policies.map((p) => [p.spec.spec.name, [] as BindingSpec[]]));
    for (const binding of this.bindings) {
      const list = byPolicy.get(binding.spec.policyName);
      if (list) list.push(binding.spec);
      else if (!this.declared.has(binding.spec.policyName)) binding.report({ path: ['spec', 'policyName'], message: `No ValidatingAdmissionPolicy named "${binding.spec.policyName}" is loaded: the binding binds nothing` });
    }
    const paramKinds = new Set(this.policies.flatMap(({ spec }) => (spec.spec.paramKind ? [ClusterObjects.paramKey(spec.spec.paramKind)] : [])));
    const mapper = new ResourceMapper(this.settings.resources);
    const cluster = new ClusterObjects(mapper);
    for (const object of this.objects) {
      if (ClusterObjects.wanted(object.spec, paramKinds, true)) cluster.add(object.spec);
      else if (!ClusterObjects.wanted(object.spec, this.declaredParamKinds, false)) object.report({ path: ['kind'], message: `A ${String(object.spec['kind'])} is neither a policy (platlint/v1 Policy, ValidatingAdmissionPolicy), a binding, nor an object a loaded policy reads (a Namespace, a paramKind)` });
    }
    if (this.policies.length === 0) return undefined;
    const namespaces = this.policies.some(({ spec }) => readsNamespaces(spec, byPolicy.get(spec.spec.name) ?? []));
    const runtime = new AdmissionRuntime(cluster, mapper, this.settings.userInfo ?? {}, this.settings.authorizer, paramKinds, namespaces);
    const rules = this.policies.map(({ spec: policy, file, report, name }) => {
      const bindings = byPolicy.get(policy.spec.name) ?? [];
      const rule = new AdmissionPolicyRule({ policy, bindings }, { file, name }, runtime);
      const at = { path: ['metadata', 'name'] };
      if (bindings.length === 0) report({ ...at, message: `No ValidatingAdmissionPolicyBinding binds ${policy.spec.name}, so it checks nothing: add one with spec.policyName: ${policy.spec.name}` }, { rule: policyInvalidRule, messageId: 'unbound' });
      // Said once per run: without answers from the settings, every authorizer check is denied.
      if (policy.reads.has('authorizer') && this.settings.authorizer === undefined) {
        report({ ...at, message: `${admissionRuleId(policy.spec.name)} checks the authorizer, and .platlint.yaml sets no admission.authorizer: every check is denied` }, { rule, messageId: 'authorizer' });
      }
      return rule;
    });
    return { rules, runtime };
  }
}
