import { defineRule, type ServerOwnedField } from '../../api.js';
import { changed, versions } from '../helpers.js';

/** What the server does with each field it owns, besides identity and resourceVersion (their own rules). */
const SERVER_OWNED: Readonly<Record<Exclude<ServerOwnedField, 'uid' | 'creationTimestamp' | 'resourceVersion'>, string>> = {
  generation: 'the server counts the desired-state generations',
  deletionTimestamp: 'only a delete request sets it, and once set it cannot be unset or moved later',
  deletionGracePeriodSeconds: 'the server sets it with deletionTimestamp',
  managedFields: "it is the server's bookkeeping of which manager owns which fields",
  selfLink: 'it is read-only and no longer populated',
};

const rule = defineRule({
  meta: {
    id: 'change/server-fields',
    description: 'Disallow changing by hand the metadata fields the server owns',
    severity: 'warning',
    sources: ['spec'],
    transition: true,
  },
  messages: {
    changed: {
      text: '{{field}} is changed by hand, but the server owns it.',
      note: '{{why}}; the server ignores or rejects the change. Keep the value you read, or leave the field out.',
    },
  },
  check(doc, ctx) {
    for (const [field, why] of Object.entries(SERVER_OWNED)) {
      const path = ['metadata', field];
      const { before, after } = versions(doc, path);
      // Leaving a server field out of a replace is fine: the server keeps its own value.
      if (after === undefined || !changed(before, after)) continue;
      ctx.report({ messageId: 'changed', path, data: { field: `metadata.${field}`, why: why.charAt(0).toUpperCase() + why.slice(1) } });
    }
  },
});

export default rule;
