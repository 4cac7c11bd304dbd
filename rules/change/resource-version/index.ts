import { defineRule, shownJson } from '../../api.js';
import { versions } from '../helpers.js';

const rule = defineRule({
  meta: {
    id: 'change/resource-version',
    description: 'Require an update to carry the resourceVersion of the object it replaces',
    severity: 'error',
    sources: ['spec'],
    transition: true,
  },
  messages: {
    conflict: {
      text: 'metadata.resourceVersion {{after}} differs from the current {{before}}: the server answers 409 Conflict.',
      note: 'resourceVersion is opaque: pass back the value you read, unmodified. Re-read the object and apply your change to it.',
      severity: 'error',
    },
    missing: {
      text: 'metadata.resourceVersion is missing while the current object has {{before}}: an unconditional overwrite.',
      note: 'Without it the replace does not check for concurrent changes and can silently drop them. Keep the value you read.',
      severity: 'warning',
    },
  },
  check(doc, ctx) {
    const path = ['metadata', 'resourceVersion'];
    const { before, after } = versions(doc, path);
    if (before === undefined) return;
    if (after === undefined) ctx.report({ messageId: 'missing', path, at: 'key', data: { before: shownJson(before) } });
    else if (String(after) !== String(before)) ctx.report({ messageId: 'conflict', path, data: { before: shownJson(before), after: shownJson(after) } });
  },
});

export default rule;
