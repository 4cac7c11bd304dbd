/** `platlint explain vap/<name>`: a ValidatingAdmissionPolicy and its bindings as a Markdown page. */
import { describeSelector } from '../match.js';
import { code, fence } from '../markdown.js';
import { isEmptySelector } from './match.js';
import type { AdmissionPolicyRule } from './rule.js';
import type { MatchResources, ResourceRule } from './types.js';

function rule(r: ResourceRule): string {
  const names = r.resourceNames.length ? `, names ${r.resourceNames.map(code).join(', ')}` : '';
  return `${r.operations.join(', ')} of ${r.resources.map(code).join(', ')} in groups ${r.apiGroups.map((g) => code(g === '' ? '""' : g)).join(', ')}, versions ${r.apiVersions.join(', ')}${r.scope === '*' ? '' : `, scope ${r.scope}`}${names}`;
}

function matchLines(match: MatchResources): string[] {
  const lines = match.resourceRules.map((r) => `- ${rule(r)}`);
  for (const r of match.excludeResourceRules) lines.push(`- except ${rule(r)}`);
  if (!isEmptySelector(match.namespaceSelector)) lines.push(`- in namespaces labelled ${describeSelector(match.namespaceSelector)}`);
  if (!isEmptySelector(match.objectSelector)) lines.push(`- objects labelled ${describeSelector(match.objectSelector)}`);
  lines.push(`- matchPolicy ${match.matchPolicy}`);
  return lines;
}

export function explainAdmissionRule(r: AdmissionPolicyRule): string {
  const { policy, bindings } = r.bound;
  const { spec } = policy;
  const lines = [`# ${r.meta.id}`, '', `${r.meta.description}.`, '', '- Default severity: by the bindings\' validationActions (Deny error, Warn warning, Audit info)', '- Category: vap'];
  lines.push(`- Source: ValidatingAdmissionPolicy ${code(spec.name)} in ${r.origin.file}:${r.origin.name.line}`, `- failurePolicy: ${spec.failurePolicy}`);
  if (spec.paramKind) lines.push(`- paramKind: ${spec.paramKind.apiVersion} ${spec.paramKind.kind}`);
  lines.push('', '## Match', '', ...matchLines(spec.matchConstraints));
  if (spec.matchConditions.length) lines.push('', '## Match conditions', '', ...spec.matchConditions.flatMap((c) => [`${code(c.name)}:`, '', fence(c.expression, 'cel'), '']));
  if (spec.variables.length) lines.push('', '## Variables', '', ...spec.variables.flatMap((v) => [`${code(v.name)}:`, '', fence(v.expression, 'cel'), '']));
  lines.push('', '## Validations', '');
  spec.validations.forEach((v, i) => {
    lines.push(`${i + 1}.${v.fieldPath ? ` At ${code(v.fieldPath)}.` : ''}${v.reason ? ` Reason ${v.reason}.` : ''}`, '', fence(v.expression, 'cel'), '');
    if (v.messageExpression) lines.push('Message:', '', fence(v.messageExpression.expression, 'cel'), '');
    else if (v.message) lines.push(`Message: ${v.message}`, '');
  });
  lines.push('## Bindings', '');
  if (bindings.length === 0) lines.push('None: the policy checks nothing.');
  for (const b of bindings) {
    const param = b.paramRef ? `; parameters ${b.paramRef.name ? code(b.paramRef.name) : `labelled ${describeSelector(b.paramRef.selector ?? {})}`}${b.paramRef.namespace ? ` in ${code(b.paramRef.namespace)}` : ''}, if none: ${b.paramRef.parameterNotFoundAction}` : '';
    lines.push(`- ${code(b.name)}: ${b.validationActions.join(', ')}${param}`);
    if (b.matchResources) lines.push(...matchLines(b.matchResources).map((l) => `  ${l}`));
  }
  return lines.join('\n').replace(/\n{3,}/g, '\n\n') + '\n';
}
