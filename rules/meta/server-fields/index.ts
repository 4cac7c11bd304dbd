import { defineRule, isSet, type ServerOwnedField } from '../../api.js';
import { METADATA } from '../helpers.js';

/** What the server does with each field it owns (selfLink, deprecated, is meta/self-link's). */
const SERVER_FIELDS: Readonly<Record<Exclude<ServerOwnedField, 'selfLink'>, string>> = {
  uid: 'the server generates a new one on create',
  resourceVersion: 'it is opaque; pass it back unmodified only in a replace (PUT) of an object you have just read',
  generation: 'the server counts the desired-state generations itself',
  creationTimestamp: 'the server records when it created the object',
  deletionTimestamp: 'the server sets it when deletion is requested; clients cannot set it',
  deletionGracePeriodSeconds: 'the server sets it together with deletionTimestamp',
  managedFields: "they are the server's bookkeeping of which manager owns which fields",
};

const rule = defineRule({
  meta: {
    id: 'meta/server-fields',
    description: 'Disallow server-set, read-only metadata fields in manifests',
    severity: 'warning',
    sources: ['spec'],
    serverSetFields: true,
  },
  messages: {
    serverSet: {
      text: 'metadata.{{field}} is set by the server and read-only: a manifest for create should not carry it.',
      note: 'The server owns it: {{why}}. Remove it; for objects exported from the server, lint with the export preset.',
    },
  },
  given: { path: METADATA, type: 'mapping' },
  check(meta, ctx, { doc }) {
    // An update carries the server's fields it read back; the change/ rules judge the ones it changes.
    if (doc.old) return;
    for (const [field, why] of Object.entries(SERVER_FIELDS)) {
      // `creationTimestamp: null` (what client tools print for a new object) means the field is absent.
      if (!Object.prototype.hasOwnProperty.call(meta, field) || !isSet(meta[field])) continue;
      const path = ['metadata', field];
      ctx.report({ messageId: 'serverSet', path, at: 'key', data: { field, why }, suggestions: [{ description: `Remove metadata.${field}`, fix: { op: 'remove', path } }] });
    }
  },
});

export default rule;
