import { defineRule, isBlank, isRecord, shown } from '../../api.js';
import { fieldName, filledList } from '../shared.js';

const rule = defineRule({
  meta: {
    id: 'auth/forge-a-orgs',
    description: 'Require each gitForgeA organization to be named, and named once',
    severity: 'error',
    sources: ['spec', 'upstream'],
    kinds: ['Config'],
  },
  messages: {
    orgNameMissing: {
      text: '{{field}} has no name.',
      note: "The platform checks the user's membership by organization name, so an org without one matches nobody. Write the full organization name (not the slug), e.g. name: Example-Corp.",
    },
    orgNameDuplicate: {
      text: '{{field}} names organization "{{name}}" again (organization names are case-insensitive on the forge).',
      note: 'The entries are combined: a member passes if they are in a team of either entry, and an entry without teams lets every member in. List each organization once, with all its teams.',
    },
  },
  given: { provider: 'gitForgeA' },
  check(entry, ctx) {
    const seen = new Set<string>();
    filledList(entry, 'orgs')?.forEach((org, i) => {
      if (!isRecord(org)) return;
      const name = org['name'];
      if (isBlank(name)) {
        const hasKey = Object.prototype.hasOwnProperty.call(org, 'name');
        ctx.report({
          messageId: 'orgNameMissing',
          path: hasKey ? [...entry.path, 'orgs', i, 'name'] : [...entry.path, 'orgs', i],
          data: { field: fieldName(entry, 'orgs', i) },
        });
        return;
      }
      if (typeof name !== 'string') return;
      const key = name.toLowerCase();
      if (seen.has(key)) {
        ctx.report({ messageId: 'orgNameDuplicate', path: [...entry.path, 'orgs', i, 'name'], data: { field: fieldName(entry, 'orgs', i), name: shown(name) } });
      }
      seen.add(key);
    });
  },
});

export default rule;
