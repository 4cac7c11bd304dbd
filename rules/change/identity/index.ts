import { type DataPath, defineRule, shownJson } from '../../api.js';
import { changed, versions } from '../helpers.js';

/** What names an object on the server; the first three address it, uid and creationTimestamp are the server's. */
const IDENTITY: readonly { path: DataPath; label: string; serverSet: boolean }[] = [
  { path: ['apiVersion'], label: 'apiVersion', serverSet: false },
  { path: ['kind'], label: 'kind', serverSet: false },
  { path: ['metadata', 'name'], label: 'metadata.name', serverSet: false },
  { path: ['metadata', 'namespace'], label: 'metadata.namespace', serverSet: false },
  // Setting uid or creationTimestamp where the previous version had none is changing them too: the server's are kept.
  { path: ['metadata', 'uid'], label: 'metadata.uid', serverSet: true },
  { path: ['metadata', 'creationTimestamp'], label: 'metadata.creationTimestamp', serverSet: true },
];

const rule = defineRule({
  meta: {
    id: 'change/identity',
    description: 'Disallow changing the identity of an object in an update (name, namespace, uid, creationTimestamp, kind, apiVersion)',
    severity: 'error',
    sources: ['spec'],
    transition: true,
  },
  messages: {
    changed: {
      text: '{{field}} cannot be updated: it was {{before}}, now {{after}}.',
      note: 'The server addresses and identifies the object by it, so the update is rejected. To rename or move an object, create a new one and delete the old.',
    },
    removed: {
      text: '{{field}} cannot be removed in an update: it was {{before}}.',
      note: 'The update must carry the same value as the object it replaces.',
    },
  },
  check(doc, ctx) {
    for (const { path, label, serverSet } of IDENTITY) {
      let { before, after } = versions(doc, path);
      // An empty namespace is the same as none (the canonical default for namespaced objects).
      if (label === 'metadata.namespace') {
        before = before === '' ? undefined : before;
        after = after === '' ? undefined : after;
      }
      if (!changed(before, after)) continue;
      if (after === undefined) {
        // The server fills in its own fields when a replace leaves them out; only the addressing fields must stay.
        if (!serverSet && before !== undefined) ctx.report({ messageId: 'removed', path, at: 'key', data: { field: label, before: shownJson(before) } });
        continue;
      }
      ctx.report({ messageId: 'changed', path, data: { field: label, before: shownJson(before), after: shownJson(after) } });
    }
  },
});

export default rule;
