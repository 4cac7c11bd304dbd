import { defineRule, isSet } from '../../api.js';
import { METADATA } from '../helpers.js';

const rule = defineRule({
  meta: {
    id: 'meta/self-link',
    description: 'Disallow the deprecated metadata.selfLink',
    severity: 'warning',
    sources: ['spec'],
    fixable: true,
  },
  messages: {
    deprecated: {
      text: 'metadata.selfLink is deprecated and no longer populated.',
      note: 'The server ignores it, and the link it held is not maintained. Remove it; an object is addressed by its apiVersion, kind and name.',
    },
  },
  given: { path: METADATA, type: 'mapping' },
  check(meta, ctx) {
    if (!Object.prototype.hasOwnProperty.call(meta, 'selfLink') || !isSet(meta.selfLink)) return;
    const path = ['metadata', 'selfLink'];
    ctx.report({ messageId: 'deprecated', path, at: 'key', fix: { op: 'remove', path } });
  },
});

export default rule;
