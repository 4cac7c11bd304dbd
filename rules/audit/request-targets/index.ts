import { defineRule, displayPath, listAt } from '../../api.js';
import { policyRules } from '../shared.js';

/** The request targets the platform's audit types define (upstream `RequestTarget` constants). */
export const REQUEST_TARGETS: readonly string[] = ['Management', 'Cluster', 'VCluster', 'ProjectSpace', 'ProjectVCluster'];

function suggest(value: string): string | undefined {
  const lower = value.toLowerCase().replace(/[^a-z]/g, '');
  return REQUEST_TARGETS.find((t) => t.toLowerCase() === lower);
}

const rule = defineRule({
  meta: {
    id: 'audit/request-targets',
    description: 'Warn on audit policy request targets the platform does not define',
    severity: 'warning',
    sources: ['upstream'],
    sections: ['status.audit'],
    kinds: ['Config'],
  },
  messages: {
    unknown: {
      text: '{{field}} is "{{value}}", which is not a request target of the platform ({{targets}}).',
      note: 'No request has that target, so the rule never matches. Write one of those values.',
    },
    wrongCase: {
      text: '{{field}} is "{{value}}", in the wrong case.',
      note: 'Request targets are case-sensitive and no request has this one, so the rule never matches. Write "{{suggestion}}".',
    },
  },
  check(doc, ctx) {
    for (const { path } of policyRules(doc.data)) {
      for (const { value, path: targetPath } of listAt(doc.data, [...path, 'requestTargets'])) {
        if (typeof value !== 'string' || REQUEST_TARGETS.includes(value)) continue;
        const suggestion = suggest(value);
        const field = displayPath(targetPath);
        if (suggestion) {
          ctx.report({
            messageId: 'wrongCase',
            path: targetPath,
            data: { field, value, suggestion },
            suggestions: [{ description: `Replace with "${suggestion}"`, fix: { op: 'set-scalar', path: targetPath, value: suggestion } }],
          });
        } else {
          ctx.report({ messageId: 'unknown', path: targetPath, data: { field, value, targets: REQUEST_TARGETS.join(', ') } });
        }
      }
    }
  },
});

export default rule;
