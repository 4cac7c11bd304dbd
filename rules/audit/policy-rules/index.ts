import { type DataPath, defineRule, displayPath, isNonEmptyList, listAt, mappingItems, nameIsDNSSubdomain } from '../../api.js';
import { policyRules } from '../shared.js';

/**
 * Checks of one audit policy rule, as Kubernetes' audit policy validation runs them
 * (`k8s.io/apiserver/pkg/apis/audit/validation`: `validatePolicyRule`, `validateNonResourceURLs`, `validateResources`),
 * plus a warning where a wildcard glued to a path step matches more than it seems to.
 */
const rule = defineRule({
  meta: {
    id: 'audit/policy-rules',
    description: 'Require audit policy rules that the audit policy validation accepts',
    severity: 'error',
    sources: ['spec', 'upstream'],
    sections: ['status.audit'],
    kinds: ['Config'],
  },
  messages: {
    resourceNamesWithoutResources: {
      text: '{{field}} is set but {{resources}} is empty.',
      note: 'Resource names only narrow down listed resources ("using resourceNames requires at least one resource"), so the policy is rejected. List the resources, e.g. resources: [configmaps], next to resourceNames.',
    },
    urlsWithResources: {
      text: '{{field}} is set together with {{other}}.',
      note: 'A rule applies either to API resources or to non-resource URL paths, never both ("rules cannot apply to both regular resources and non-resource URLs"), so the policy is rejected. Split it into two rules.',
    },
    urlNoSlash: {
      text: '{{field}} is "{{value}}", which does not start with "/".',
      note: 'A non-resource URL must be "*" or a path that starts with "/" ("non-resource URL rules must begin with a \'/\' character"), so the policy is rejected. Write e.g. "/{{suggestion}}".',
    },
    urlWildcardNotLast: {
      text: '{{field}} is "{{value}}", with a "*" before the end.',
      note: 'A "*" may only be the last character of a non-resource URL ("non-resource URL wildcards \'*\' must be the final character of the rule"), so the policy is rejected. Write a prefix ending in "/*", e.g. "/apis/*".',
    },
    urlWildcardPartialStep: {
      text: '{{field}} "{{value}}" is a prefix match: it matches every path that starts with "{{bare}}".',
      note: 'Kubernetes accepts a "*" as the last character and matches any path with the text before it as a prefix, so "/api*" also matches "/apis/...". If only that path and what is below it are meant, write "{{bare}}" and "{{suggestion}}".',
      severity: 'warning',
    },
    groupInvalid: {
      text: '{{field}} is "{{value}}", not an API group name.',
      note: 'Write the group alone without a version (e.g. "rbac.authorization.k8s.io", not "rbac.authorization.k8s.io/v1"), "" for the core group, or "*" for every group. Validation says: {{reason}}.',
    },
  },
  check(doc, ctx) {
    for (const { path, rule: policyRule } of policyRules(doc.data)) {
      const urlsPath: DataPath = [...path, 'nonResourceURLs'];

      // Resources and non-resource URLs are exclusive (validatePolicyRule).
      if (isNonEmptyList(policyRule['nonResourceURLs'])) {
        const other = ['resources', 'namespaces'].filter((f) => isNonEmptyList(policyRule[f]));
        if (other.length > 0) {
          ctx.report({ messageId: 'urlsWithResources', path: urlsPath, at: 'key', data: { field: displayPath(urlsPath), other: other.map((f) => displayPath([...path, f])).join(' and ') } });
        }
      }

      // validateNonResourceURLs
      for (const { value: url, path: urlPath } of listAt(doc.data, urlsPath)) {
        if (typeof url !== 'string' || url === '*') continue;
        const field = displayPath(urlPath);
        if (!url.startsWith('/')) {
          ctx.report({ messageId: 'urlNoSlash', path: urlPath, data: { field, value: url, suggestion: url.replace(/^\/*/, '') } });
        }
        if (url !== '' && url.slice(0, -1).includes('*')) {
          ctx.report({ messageId: 'urlWildcardNotLast', path: urlPath, data: { field, value: url } });
        } else if (url.endsWith('*') && !url.endsWith('/*') && url.startsWith('/')) {
          // "/api*": the validation accepts it and the matcher treats it as a prefix, which is easy to misread.
          const bare = url.slice(0, -1);
          ctx.report({ messageId: 'urlWildcardPartialStep', path: urlPath, data: { field, value: url, suggestion: `${bare}/*`, bare } });
        }
      }

      // validateResources
      for (const { value: groupResources, path: grPath } of mappingItems(doc.data, [...path, 'resources'])) {
        const group = groupResources['group'];
        if (typeof group === 'string' && group !== '' && group !== '*') {
          const problems = nameIsDNSSubdomain(group, false);
          if (problems.length > 0) {
            const groupPath: DataPath = [...grPath, 'group'];
            ctx.report({ messageId: 'groupInvalid', path: groupPath, data: { field: displayPath(groupPath), value: group, reason: problems.join('; ') } });
          }
        }
        if (isNonEmptyList(groupResources['resourceNames']) && !isNonEmptyList(groupResources['resources'])) {
          const namesPath: DataPath = [...grPath, 'resourceNames'];
          ctx.report({ messageId: 'resourceNamesWithoutResources', path: namesPath, at: 'key', data: { field: displayPath(namesPath), resources: displayPath([...grPath, 'resources']) } });
        }
      }
    }
  },
});

export default rule;
