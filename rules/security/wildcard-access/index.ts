import { defineRule, displayPath, mappingItems } from '../../api.js';

const rule = defineRule({
  meta: {
    id: 'security/wildcard-access',
    description: 'Disallow access rules that give every verb to every user or every team',
    severity: 'warning',
    sources: ['security'],
    sections: ['spec.access'],
    kinds: ['User'],
  },
  messages: {
    wildcard: {
      text: 'The access rule {{rule}} gives every verb (*) to every {{subject}} (*).',
      note: 'Anyone on the platform can change or delete this user, bind it into access rules and make it the owner of resources. Name the users or teams that need access and give them only the verbs they need (e.g. get, list).',
    },
  },
  check(doc, ctx) {
    for (const { value, path } of mappingItems(doc.data, ['spec', 'access'])) {
      const verbs = value['verbs'];
      if (!Array.isArray(verbs) || !verbs.includes('*')) continue;
      // One report per rule, at the first wildcard subject: users before teams.
      for (const [field, subject] of [['users', 'user'], ['teams', 'team']] as const) {
        const subjects = value[field];
        const index = Array.isArray(subjects) ? subjects.indexOf('*') : -1;
        if (index < 0) continue;
        const name = value['name'];
        const label = typeof name === 'string' && name !== '' ? `"${name}" (${displayPath(path)})` : displayPath(path);
        ctx.report({ messageId: 'wildcard', path: [...path, field, index], data: { rule: label, subject } });
        break;
      }
    }
  },
});

export default rule;
