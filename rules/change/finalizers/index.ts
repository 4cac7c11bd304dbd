import { defineRule, getIn, shownJson } from '../../api.js';
import { versions } from '../helpers.js';

const rule = defineRule({
  meta: {
    id: 'change/finalizers',
    description: 'Disallow adding or changing finalizers once deletion of the object has been requested',
    severity: 'error',
    sources: ['spec'],
    transition: true,
  },
  messages: {
    added: {
      text: 'Finalizer {{value}} is added while the object is being deleted: only removals are allowed.',
      note: 'Once metadata.deletionTimestamp is set, entries of metadata.finalizers can only be removed; the server rejects the update.',
    },
  },
  check(doc, ctx) {
    const { before: deletion } = versions(doc, ['metadata', 'deletionTimestamp']);
    if (deletion === undefined) return;
    const path = ['metadata', 'finalizers'];
    const old = getIn(doc.old, path);
    const now = getIn(doc.data, path);
    if (!Array.isArray(now)) return;
    // Order is not enforced: an entry is new when the old list has no unused equal entry left for it.
    const available = new Map<string, number>();
    for (const entry of Array.isArray(old) ? old : []) available.set(JSON.stringify(entry), (available.get(JSON.stringify(entry)) ?? 0) + 1);
    now.forEach((entry, index) => {
      const key = JSON.stringify(entry);
      const left = available.get(key) ?? 0;
      if (left > 0) available.set(key, left - 1);
      else ctx.report({ messageId: 'added', path: [...path, index], data: { value: shownJson(entry) } });
    });
  },
});

export default rule;
