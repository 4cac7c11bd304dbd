import { defineRule, isBlank, mappingItems, shown } from '../../api.js';

const rule = defineRule({
  meta: {
    id: 'user/cluster-roles',
    description: 'Require every cluster role assignment to name a cluster role, once',
    severity: 'error',
    sources: ['spec'],
    sections: ['spec.clusterRoles'],
    kinds: ['User'],
    fixable: true,
  },
  messages: {
    missingName: {
      text: 'spec.clusterRoles[{{index}}] has no name: an assignment without a cluster role assigns nothing.',
      note: 'Write the cluster role, e.g. name: platform-viewer, or remove the entry.',
    },
    duplicate: {
      text: 'Cluster role "{{value}}" is assigned twice (first at spec.clusterRoles[{{first}}]).',
      note: 'The second assignment adds nothing. Remove the duplicate.',
      severity: 'warning',
    },
  },
  check(doc, ctx) {
    const firstIndex = new Map<string, number>();
    for (const { value: item, path, index } of mappingItems(doc.data, ['spec', 'clusterRoles'])) {
      const { name } = item;
      if (isBlank(name)) {
        ctx.report({ messageId: 'missingName', path: [...path, 'name'], at: 'key', data: { index } });
        continue;
      }
      if (typeof name !== 'string') continue;
      const first = firstIndex.get(name);
      if (first === undefined) {
        firstIndex.set(name, index);
        continue;
      }
      // The whole entry goes: an assignment is just its name.
      const onlyName = Object.keys(item).length === 1;
      ctx.report({
        messageId: 'duplicate',
        path: [...path, 'name'],
        data: { value: shown(name), first },
        ...(onlyName ? { fix: { op: 'remove' as const, path } } : {}),
      });
    }
  },
});

export default rule;
