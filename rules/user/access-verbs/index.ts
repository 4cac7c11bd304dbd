import { defineRule, didYouMean, listAt, mappingItems, shown, USER_VERBS } from '../../api.js';

const VERB_SET: ReadonlySet<string> = new Set(USER_VERBS);
const VERB_LIST = USER_VERBS.join(', ');
/** Kubernetes RBAC verbs that User access rules do not have: no did-you-mean (watch is not a typo of patch). */
const OTHER_KUBERNETES_VERBS: ReadonlySet<string> = new Set(['watch', 'deletecollection', 'impersonate', 'escalate', 'use', 'proxy', 'approve', 'sign', 'attest']);

const rule = defineRule({
  meta: {
    id: 'user/access-verbs',
    description: 'Require User access rules to grant known verbs, without duplicates or redundancy',
    severity: 'error',
    sources: ['spec'],
    sections: ['spec.access'],
    kinds: ['User'],
    fixable: true,
  },
  messages: {
    empty: {
      text: 'spec.access[{{index}}].verbs is empty: the rule grants nothing.',
      note: 'List the verbs to grant: {{verbs}} ("*" for all).',
    },
    wrongCase: { text: 'Verb "{{value}}" is not recognised; did you mean "{{suggestion}}"?', note: 'Verbs are case-sensitive.' },
    unknown: {
      text: 'Verb "{{value}}" is not a verb of User access rules, so it grants nothing.',
      note: 'Use one of {{verbs}}.',
    },
    unknownDidYouMean: {
      text: 'Verb "{{value}}" is not a verb of User access rules, so it grants nothing; did you mean "{{suggestion}}"?',
      note: 'Use one of {{verbs}}.',
    },
    redundantWildcard: {
      text: 'spec.access[{{index}}].verbs has "*" next to {{others}}.',
      note: '"*" already grants every verb, so the others are redundant. Keep just "*", or list the verbs without it.',
      severity: 'warning',
    },
    duplicate: {
      text: 'Verb "{{value}}" is listed twice in spec.access[{{index}}].verbs (first at verbs[{{first}}]).',
      note: 'Remove the duplicate.',
      severity: 'warning',
    },
  },
  check(doc, ctx) {
    for (const { value: accessRule, path: rulePath, index } of mappingItems(doc.data, ['spec', 'access'])) {
      const verbsPath = [...rulePath, 'verbs'];
      const verbs = listAt(doc.data, verbsPath);
      if (Array.isArray(accessRule.verbs) && verbs.length === 0) {
        ctx.report({ messageId: 'empty', path: verbsPath, data: { index, verbs: VERB_LIST } });
        continue;
      }
      const firstIndex = new Map<string, number>();
      let wildcardAt: number | undefined;
      const others = new Set<string>();
      for (const [i, { value: verb, path }] of verbs.entries()) {
        if (typeof verb !== 'string') continue;
        const first = firstIndex.get(verb);
        if (first !== undefined) {
          ctx.report({ messageId: 'duplicate', path, data: { value: shown(verb), index, first }, fix: { op: 'remove', path } });
          continue;
        }
        firstIndex.set(verb, i);
        if (verb === '*') {
          wildcardAt = i;
          continue;
        }
        if (VERB_SET.has(verb)) {
          others.add(`"${verb}"`);
          continue;
        }
        const byCase = USER_VERBS.find((known) => known === verb.toLowerCase());
        if (byCase) {
          ctx.report({ messageId: 'wrongCase', path, data: { value: shown(verb), suggestion: byCase }, fix: { op: 'set-scalar', path, value: byCase } });
          others.add(`"${byCase}"`);
          continue;
        }
        const [suggestion, ...rest] = OTHER_KUBERNETES_VERBS.has(verb.toLowerCase()) ? [] : didYouMean(verb, USER_VERBS.filter((v) => v !== '*'));
        if (suggestion !== undefined && rest.length === 0) {
          ctx.report({
            messageId: 'unknownDidYouMean',
            path,
            data: { value: shown(verb), suggestion, verbs: VERB_LIST },
            suggestions: [{ description: `Replace with "${suggestion}"`, fix: { op: 'set-scalar', path, value: suggestion } }],
          });
        } else {
          ctx.report({ messageId: 'unknown', path, data: { value: shown(verb), verbs: VERB_LIST } });
        }
      }
      if (wildcardAt !== undefined && others.size > 0) {
        ctx.report({ messageId: 'redundantWildcard', path: [...verbsPath, wildcardAt], data: { index, others: [...others].join(', ') } });
      }
    }
  },
});

export default rule;
