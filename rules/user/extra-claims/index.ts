import { defineRule, entriesOf, shown } from '../../api.js';

const rule = defineRule({
  meta: {
    id: 'user/extra-claims',
    description: 'Require string values in spec.extraClaims',
    severity: 'error',
    sources: ['spec', 'upstream'],
    kinds: ['User'],
  },
  messages: {
    scalar: {
      text: 'spec.extraClaims.{{key}} is {{actual}}, not a string.',
      note: 'The platform stores extra claims as strings and cannot decode this value. Quote it: "{{source}}".',
    },
    collection: {
      text: 'spec.extraClaims.{{key}} is a {{actual}}, not a string.',
      note: 'The platform stores one string per extra claim and cannot decode a {{actual}}. Write a single string value.',
    },
  },
  given: { path: ['spec', 'extraClaims'], type: 'mapping' },
  check(claims, ctx, { path: claimsPath }) {
    for (const [key, value] of entriesOf(claims)) {
      // null (and `key:` with no value) reads as an empty string to the platform's decoder.
      if (typeof value === 'string' || value === null || value === undefined) continue;
      const path = [...claimsPath, key];
      if (Array.isArray(value) || typeof value === 'object') {
        ctx.report({ messageId: 'collection', path, data: { key: shown(key), actual: Array.isArray(value) ? 'list' : 'mapping' } });
        continue;
      }
      const source = ctx.facts.scalar(path)?.source ?? String(value);
      const actual = typeof value === 'boolean' ? `the boolean ${String(value)}` : `the number ${String(value)}`;
      ctx.report({
        messageId: 'scalar',
        path,
        data: { key: shown(key), actual, source: shown(source) },
        suggestions: [{ description: `Quote the value: "${source}"`, fix: { op: 'set-scalar', path, value: source, quote: true } }],
      });
    }
  },
});

export default rule;
