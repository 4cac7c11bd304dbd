import { defineRule, shownJson } from '../../api.js';
import { versions } from '../helpers.js';

const rule = defineRule({
  meta: {
    id: 'change/token-generation',
    description: "Warn when an update changes spec.tokenGeneration, which invalidates the user's tokens",
    severity: 'warning',
    sources: ['spec'],
    kinds: ['User'],
    transition: true,
  },
  messages: {
    changed: {
      text: "spec.tokenGeneration changes from {{before}} to {{after}}: the user's existing tokens stop working.",
      note: 'Changing the token generation invalidates every token of the user. That is its purpose; make sure it is intended.',
      severity: 'info',
    },
    lowered: {
      text: 'spec.tokenGeneration is lowered from {{before}} to {{after}}.',
      note: "It still invalidates the user's tokens, but a generation that goes back can match tokens issued before an earlier invalidation. Raise it instead.",
      severity: 'warning',
    },
  },
  check(doc, ctx) {
    const path = ['spec', 'tokenGeneration'];
    const { before, after } = versions(doc, path);
    // Absent means generation 0; non-numbers are the schema rules' business.
    const old = before === undefined ? 0 : before;
    const now = after === undefined ? 0 : after;
    if (typeof old !== 'number' || typeof now !== 'number' || old === now) return;
    ctx.report({ messageId: now < old ? 'lowered' : 'changed', path, at: after === undefined ? 'key' : 'value', data: { before: shownJson(before ?? 0), after: shownJson(after ?? 0) } });
  },
});

export default rule;
