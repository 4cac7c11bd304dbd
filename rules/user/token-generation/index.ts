import { defineRule, getIn, writtenScalar } from '../../api.js';

const rule = defineRule({
  meta: {
    id: 'user/token-generation',
    description: 'Require spec.tokenGeneration to be a non-negative integer',
    severity: 'error',
    sources: ['spec'],
    sections: ['spec.tokenGeneration'],
    kinds: ['User'],
  },
  messages: {
    negative: {
      text: 'spec.tokenGeneration is {{value}}: a token generation counts up from 0 and cannot be negative.',
      note: 'To invalidate all tokens of the user, raise it above its current value (0 or more).',
    },
  },
  check(doc, ctx) {
    const path = ['spec', 'tokenGeneration'];
    const value = getIn(doc.data, path);
    // Non-integers are reported by the schema pass.
    if (typeof value === 'number' && Number.isInteger(value) && value < 0) {
      ctx.report({ messageId: 'negative', path, data: { value: writtenScalar(ctx.facts, path, value) } });
    }
  },
});

export default rule;
