/**
 * A ValidatingAdmissionPolicy as the engine sees it: the rule `vap/<name>`, judging objects of every kind its
 * resource rules name. Each object is a request (CREATE, or UPDATE when it is linted as a change of a previous
 * version); what its bindings decide becomes diagnostics: a denial at the binding's validationActions (Deny
 * error, Warn warning, Audit info, the strongest of several), once per action set; an evaluation error under
 * failurePolicy Ignore as info, since the API server then admits the object. A diagnostic sits at the validation's
 * fieldPath when the object has it, else at `metadata.name`, else at the document.
 */
import type { DataPath, ObjectDocument, PathSegment, Rule, RuleContext, RuleMessages, RuleMeta, Severity } from '../../engine/types.js';
import { getIn, isRecord } from '../../platform/data.js';
import { parsePath } from '../path.js';
import type { SourceSpot } from '../types.js';
import type { AdmissionPolicies, BindingOutcome, BoundPolicy } from './dispatch.js';
import type { Decision } from './evaluate.js';
import { ADMISSION_NAMESPACE, type UserInfo, type ValidationAction } from './types.js';

/** The rule id of a ValidatingAdmissionPolicy. */
export function admissionRuleId(policyName: string): string {
  return `${ADMISSION_NAMESPACE}${policyName}`;
}

/** Where a policy was loaded from. */
export interface AdmissionOrigin {
  file: string;
  /** The policy's `metadata.name` value. */
  name: SourceSpot;
}

/** What every policy of a run shares: the decisions, and the user `request.userInfo` names. */
export interface AdmissionRun {
  policies: AdmissionPolicies;
  userInfo: UserInfo;
}

type MessageId = 'deny' | 'warn' | 'audit' | 'ignored';

const SEVERITY_OF: Readonly<Record<ValidationAction, MessageId>> = { Deny: 'deny', Warn: 'warn', Audit: 'audit' };
const SEVERITY: Readonly<Record<MessageId, Severity>> = { deny: 'error', warn: 'warning', audit: 'info', ignored: 'info' };
const WHAT: Readonly<Record<MessageId, string>> = {
  deny: 'denies this object',
  warn: 'warns about this object',
  audit: 'records this object in the audit log',
  ignored: 'could not evaluate this and, under failurePolicy Ignore, admits the object',
};

/** The strongest of a binding's actions: Deny, then Warn, then Audit. */
function strongest(actions: readonly ValidationAction[]): MessageId {
  for (const action of ['Deny', 'Warn', 'Audit'] as const) if (actions.includes(action)) return SEVERITY_OF[action];
  return 'audit';
}

function messageIdOf(decision: Decision, outcome: BindingOutcome): MessageId | undefined {
  if (decision.action === 'admit') return decision.evaluation === 'error' ? 'ignored' : undefined;
  return decision.enforced ? 'deny' : strongest(outcome.actions);
}

/** A validation's fieldPath as a data path (`spec.replicas`, `.spec.containers[0]`, `metadata.labels['a.b']`). */
export function fieldPathSteps(fieldPath: string): PathSegment[] | undefined {
  const parsed = parsePath(fieldPath.startsWith('.') ? fieldPath.slice(1) : fieldPath);
  if (!parsed.ok) return undefined;
  const out: PathSegment[] = [];
  for (const step of parsed.steps) {
    if (step.kind === 'wildcard') return undefined;
    out.push(step.kind === 'key' ? step.key : step.index);
  }
  return out;
}

const NAME: DataPath = ['metadata', 'name'];

const NOTE = '{{note}}';

/** A denial by Deny, Warn or Audit, an evaluation error the API server ignores, and the authorizer said once. */
const MESSAGES = {
  deny: { text: '{{message}}', note: NOTE, severity: SEVERITY.deny },
  warn: { text: '{{message}}', note: NOTE, severity: SEVERITY.warn },
  audit: { text: '{{message}}', note: NOTE, severity: SEVERITY.audit },
  ignored: { text: '{{message}}', note: NOTE, severity: SEVERITY.ignored },
  authorizer: { text: '{{detail}}', severity: 'info' },
} as const satisfies RuleMessages;

export class AdmissionPolicyRule implements Rule {
  readonly meta: RuleMeta;
  readonly messages = MESSAGES;

  constructor(
    readonly bound: BoundPolicy,
    readonly origin: AdmissionOrigin,
    private readonly run: AdmissionRun,
  ) {
    // What `platlint rules` shows: the strongest action of its bindings (a denial they cannot configure is an error).
    const actions = bound.bindings.flatMap((b) => b.validationActions);
    this.meta = {
      id: admissionRuleId(bound.policy.spec.name),
      description: `Require what the ValidatingAdmissionPolicy ${bound.policy.spec.name} validates (${origin.file})`,
      severity: actions.length ? SEVERITY[strongest(actions)] : 'error',
      sources: ['security'],
    };
  }

  judgesKind(apiVersion: string, kind: string): boolean {
    return this.run.policies.looksAt(this.bound.policy, { apiVersion, kind });
  }

  checkObject(doc: ObjectDocument, ctx: RuleContext): void {
    if (!this.run.policies.looksAt(this.bound.policy, doc.data)) return;
    const outcomes = this.run.policies.decide(this.bound, {
      object: doc.data,
      oldObject: doc.old ?? null,
      operation: doc.old ? 'UPDATE' : 'CREATE',
      userInfo: this.run.userInfo,
      dryRun: false,
    });
    // One diagnostic per message, place and severity, naming every binding that gives it.
    const found = new Map<string, { messageId: MessageId; message: string; path: DataPath; bindings: string[]; reason: string | undefined }>();
    for (const outcome of outcomes) {
      for (const decision of outcome.decisions) {
        const messageId = messageIdOf(decision, outcome);
        if (!messageId) continue;
        const path = this.placeOf(doc.data, decision);
        const key = JSON.stringify([messageId, decision.message, path]);
        const entry = found.get(key) ?? { messageId, message: decision.message, path, bindings: [], reason: decision.reason };
        if (!entry.bindings.includes(outcome.binding)) entry.bindings.push(outcome.binding);
        found.set(key, entry);
      }
    }
    for (const { messageId, message, path, bindings, reason } of found.values()) {
      const value = getIn(doc.data, path);
      const at = path.length > 0 && typeof path[path.length - 1] === 'string' && typeof value === 'object' && value !== null ? 'key' : 'value';
      const named = `ValidatingAdmissionPolicy '${this.bound.policy.spec.name}' with binding${bindings.length > 1 ? 's' : ''} ${bindings.map((b) => `'${b}'`).join(', ')}`;
      const why = reason !== undefined && reason !== 'Invalid' ? ` (reason ${reason})` : '';
      ctx.report({ messageId, path, at, data: { message, note: `${named} ${WHAT[messageId]}${why}.` } });
    }
  }

  /** The validation's fieldPath when the object has it, else metadata.name, else the document. */
  private placeOf(data: Readonly<Record<string, unknown>>, decision: Decision): DataPath {
    const fieldPath = decision.validation === undefined ? undefined : this.bound.policy.spec.validations[decision.validation]?.fieldPath;
    const steps = fieldPath === undefined ? undefined : fieldPathSteps(fieldPath);
    if (steps && getIn(data, steps) !== undefined) return steps;
    return isRecord(data['metadata']) && data['metadata']['name'] !== undefined ? NAME : [];
  }
}
