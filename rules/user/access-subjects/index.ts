import { defineRule, isNonEmptyList, mappingItems } from '../../api.js';

const rule = defineRule({
  meta: {
    id: 'user/access-subjects',
    description: 'Warn about User access rules that name neither users nor teams',
    severity: 'warning',
    sources: ['spec'],
    sections: ['spec.access'],
    kinds: ['User'],
  },
  messages: {
    noSubjects: {
      text: 'spec.access[{{index}}]{{name}} has neither users nor teams: the rule grants its verbs to nobody.',
      note: 'Add the users or teams that should get them, or remove the rule.',
    },
  },
  check(doc, ctx) {
    for (const { value: accessRule, path, index } of mappingItems(doc.data, ['spec', 'access'])) {
      if (isNonEmptyList(accessRule.users) || isNonEmptyList(accessRule.teams)) continue;
      // A users/teams of the wrong type is a schema error; do not pile on.
      const wrongType = (v: unknown): boolean => v !== undefined && v !== null && !Array.isArray(v);
      if (wrongType(accessRule.users) || wrongType(accessRule.teams)) continue;
      const name = typeof accessRule.name === 'string' && accessRule.name !== '' ? ` ("${accessRule.name}")` : '';
      ctx.report({ messageId: 'noSubjects', path, data: { index, name } });
    }
  },
});

export default rule;
