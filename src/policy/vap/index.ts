/**
 * ValidatingAdmissionPolicies evaluated offline, as the API server evaluates them: the module's API. `AdmissionSet`
 * takes policies, bindings and the objects they read (parameter objects, Namespaces) as plain data and decides on a
 * request (an object, its old version, the operation, the user), returning what each binding decided, validation by
 * validation. The linter's rules (rule.ts) and `platlint policy test` (kaptest.ts) are built on the same parts.
 */
import { CelEnvironment } from '../cel/index.js';
import type { DocumentProblem } from '../schema-problems.js';
import { settingsAuthorizer, type AuthorizerRule } from './authorizer.js';
import { ClusterObjects, type ObjectData } from './cluster.js';
import { compilePolicy, type CompiledPolicy } from './compile.js';
import { AdmissionPolicies, type BindingOutcome } from './dispatch.js';
import { readBinding, readPolicy } from './read.js';
import { ResourceMapper, type ResourceOverride } from './resources.js';
import { admissionKindOf, BINDING_KIND, ADMISSION_POLICY_KIND, type BindingSpec, type Operation, type UserInfo } from './types.js';

export type { AdmissionSettings } from './load.js';
export type { BindingOutcome } from './dispatch.js';
export type { Decision } from './evaluate.js';
export type { CompiledPolicy } from './compile.js';
export type { ObjectData } from './cluster.js';
export type { BindingSpec, PolicySpec, UserInfo, ValidationAction, Operation } from './types.js';
export { compilePolicy } from './compile.js';
export { readBinding, readPolicy } from './read.js';
export { admissionKindOf } from './types.js';

export interface AdmissionSetOptions {
  /** The Kubernetes version whose CEL environment the expressions compile in (default: the newest platlint knows). */
  kubernetesVersion?: string;
  /** Kinds whose resource or scope the guess gets wrong. */
  resources?: ResourceOverride[];
  /** What the authorizer allows; absent: every check is denied. */
  authorizer?: AuthorizerRule[];
}

/** A request to decide on: the object (null on DELETE), its previous version (UPDATE), who sends it. */
export interface AdmissionRequest {
  object: ObjectData | null;
  oldObject?: ObjectData | null;
  /** Default: UPDATE with an old object, DELETE without an object, else CREATE. */
  operation?: Operation;
  userInfo?: UserInfo;
  dryRun?: boolean;
}

/** A mistake in one of the documents given: its index and where in it. */
export interface DocumentMistake {
  document: number;
  problem: DocumentProblem;
}

export class AdmissionSet {
  private constructor(
    private readonly policies: AdmissionPolicies,
    private readonly bound: { policy: CompiledPolicy; bindings: BindingSpec[] }[],
  ) {}

  /**
   * Policies, bindings and the objects they read, as documents' data; what is neither a policy nor a binding is an
   * object policies may read. A document with a mistake is left out and its mistakes returned.
   */
  static of(documents: readonly unknown[], options: AdmissionSetOptions = {}): { set: AdmissionSet; mistakes: DocumentMistake[] } {
    const environment = new CelEnvironment(options.kubernetesVersion);
    const mapper = new ResourceMapper(options.resources);
    const cluster = new ClusterObjects(mapper);
    const mistakes: DocumentMistake[] = [];
    const policies: CompiledPolicy[] = [];
    const bindings: BindingSpec[] = [];
    documents.forEach((data, document) => {
      const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
      const kind = admissionKindOf(record);
      if (kind === ADMISSION_POLICY_KIND) {
        const read = readPolicy(data);
        const compiled = read.spec ? compilePolicy(read.spec, environment) : undefined;
        if (compiled?.ok) policies.push(compiled.policy);
        else mistakes.push(...(compiled ? compiled.problems : read.problems).map((problem) => ({ document, problem })));
      } else if (kind === BINDING_KIND) {
        const read = readBinding(data);
        if (read.spec) bindings.push(read.spec);
        else mistakes.push(...read.problems.map((problem) => ({ document, problem })));
      } else {
        cluster.add(record);
      }
    });
    const bound = policies.map((policy) => ({ policy, bindings: bindings.filter((b) => b.policyName === policy.spec.name) }));
    return { set: new AdmissionSet(new AdmissionPolicies({ mapper, cluster, authorizer: settingsAuthorizer(options.authorizer) }), bound), mistakes };
  }

  /** What each binding of each policy decided on the request, in the order the policies were given. */
  decide(request: AdmissionRequest): BindingOutcome[] {
    const oldObject = request.oldObject ?? null;
    const operation = request.operation ?? (request.object === null ? 'DELETE' : oldObject ? 'UPDATE' : 'CREATE');
    const input = { object: request.object, oldObject, operation, userInfo: request.userInfo ?? {}, dryRun: request.dryRun ?? false };
    return this.bound.flatMap((bound) => this.policies.decide(bound, input));
  }
}
