import { defineRule, isDNS1123Label, problemsText, shown } from '../../api.js';

const rule = defineRule({
  meta: {
    id: 'meta/namespace',
    description: 'Disallow metadata.namespace on the cluster-scoped User and Config',
    severity: 'warning',
    sources: ['spec', 'upstream'],
  },
  messages: {
    clusterScoped: {
      text: 'metadata.namespace is "{{value}}", but {{kind}} is cluster-scoped.',
      note: 'The server clears the namespace, so it has no effect and the object does not live in that namespace. Remove metadata.namespace.',
    },
    invalid: {
      text: 'metadata.namespace "{{value}}" is not a valid namespace name.',
      note: 'Namespaces are DNS-1123 labels (at most 63 characters of a-z, 0-9 and "-"); as {{kind}} is cluster-scoped, remove the field altogether. Validation says: {{problems}}.',
      severity: 'error',
    },
  },
  // Empty means "no namespace" (the canonical form for cluster-scoped objects); other types are schema errors.
  given: { path: ['metadata', 'namespace'], type: 'string' },
  check(namespace, ctx, { path, doc }) {
    const problems = isDNS1123Label(namespace);
    const suggestions = [{ description: 'Remove metadata.namespace', fix: { op: 'remove' as const, path } }];
    if (problems.length > 0) {
      ctx.report({ messageId: 'invalid', path, data: { value: shown(namespace), problems: problemsText(problems), kind: doc.kind }, suggestions });
    } else {
      ctx.report({ messageId: 'clusterScoped', path, data: { value: namespace, kind: doc.kind }, suggestions });
    }
  },
});

export default rule;
