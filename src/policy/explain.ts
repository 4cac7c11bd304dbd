/** `platlint explain ID` for a policy rule: its definition as a Markdown page, shaped like a built-in rule's doc. */
import type { Rule } from '../engine/types.js';
import { describeSelector } from './match.js';
import { code, fence } from './markdown.js';
import { PolicyRule } from './rule.js';
import { explainAdmissionRule } from './vap/explain.js';
import { AdmissionPolicyRule } from './vap/rule.js';

/** A description without the white space and the one full stop it ends in (the page adds its own). */
function withoutFinalStop(text: string): string {
  const trimmed = text.trimEnd();
  return trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed;
}

/** The Markdown page of a policy rule, or undefined for a rule that is not a policy rule. */
export function explainPolicyRule(rule: Rule): string | undefined {
  if (rule instanceof AdmissionPolicyRule) return explainAdmissionRule(rule);
  if (!(rule instanceof PolicyRule)) return undefined;
  const { spec, origin } = rule;
  const lines: string[] = [`# ${spec.id}`, '', `${withoutFinalStop(spec.description)}.`, ''];
  lines.push(`- Default severity: ${spec.severity}`);
  lines.push('- Category: policy');
  lines.push(`- Source: policy ${code(origin.policyName)} in ${origin.file}:${origin.rule.line}`);
  lines.push('- Fixable: no');
  if (spec.docsUrl) lines.push(`- Documentation: ${spec.docsUrl}`);
  lines.push('', '## Match', '');
  const match = spec.match ?? {};
  lines.push(`- Kinds: ${match.kinds?.length ? match.kinds.join(', ') : 'User, Config'}`);
  lines.push(`- Names: ${match.names?.length ? match.names.map(code).join(', ') : 'any'}`);
  lines.push(`- Labels: ${match.labels ? describeSelector(match.labels) : 'any'}`);
  lines.push('', '## Given', '');
  const given = spec.given === undefined ? [] : Array.isArray(spec.given) ? spec.given : [spec.given];
  lines.push(given.length
    ? `${given.map(code).join(', ')}: each matching node is checked and reported on its own; a document without any is not checked.`
    : 'The whole document.');
  if (spec.expression !== undefined) {
    const updates = rule.usesOld
      ? ' It reads the previous version (`oldObject`, `oldSelf`), so it runs only when a document is linted as an update (`platlint diff`, `platlint patch`, `lint --base`).'
      : '';
    lines.push('', '## Expression', '', `CEL; \`true\` means compliant. \`self\` is the matched node, \`object\` the whole document.${updates}`, '');
    lines.push(fence(spec.expression, 'cel'));
  }
  if (spec.assertions) {
    const a = spec.assertions;
    lines.push('', '## Assertions', '');
    if (a.required?.length) lines.push(`- Required: ${a.required.map(code).join(', ')}`);
    if (a.forbidden?.length) lines.push(`- Forbidden: ${a.forbidden.map(code).join(', ')}`);
    for (const [field, pattern] of Object.entries(a.pattern ?? {})) lines.push(`- ${code(field)} matches ${code(pattern)}`);
    for (const [field, values] of Object.entries(a.enum ?? {})) lines.push(`- ${code(field)} is one of ${values.map((v) => code(String(v))).join(', ')}`);
    if (a.exactlyOneOf?.length) lines.push(`- Exactly one of ${a.exactlyOneOf.map(code).join(', ')}`);
  }
  lines.push('', '## Message', '');
  if (spec.messageExpression !== undefined) {
    lines.push('Computed by the CEL expression:', '', fence(spec.messageExpression, 'cel'));
    if (spec.message !== undefined) lines.push('', `Fallback: ${spec.message}`);
  } else {
    lines.push(spec.message ?? 'Generated from the failed assertion.');
  }
  return lines.join('\n') + '\n';
}
