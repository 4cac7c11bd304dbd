import type { DataPath, Rule } from '../../../src/engine/types.js';
import { changed, versions } from '../helpers.js';

/** Fields the server owns besides identity and resourceVersion (their own rules), with what it does with them. */
const SERVER_OWNED: readonly { path: DataPath; label: string; why: string }[] = [
  { path: ['metadata', 'generation'], label: 'metadata.generation', why: 'the server counts the desired-state generations' },
  { path: ['metadata', 'deletionTimestamp'], label: 'metadata.deletionTimestamp', why: 'only a delete request sets it, and once set it cannot be unset or moved later' },
  { path: ['metadata', 'deletionGracePeriodSeconds'], label: 'metadata.deletionGracePeriodSeconds', why: 'the server sets it with deletionTimestamp' },
  { path: ['metadata', 'managedFields'], label: 'metadata.managedFields', why: "it is the server's bookkeeping of which manager owns which fields" },
  { path: ['metadata', 'selfLink'], label: 'metadata.selfLink', why: 'it is read-only and no longer populated' },
];

const rule: Rule = {
  meta: {
    id: 'change/server-fields',
    description: 'Disallow changing by hand the metadata fields the server owns',
    severity: 'warning',
    category: 'change',
    sources: ['spec'],
    transition: true,
    messages: {
      changed: {
        text: '{{field}} is changed by hand, but the server owns it.',
        note: '{{why}}; the server ignores or rejects the change. Keep the value you read, or leave the field out.',
      },
    },
  },
  check(doc, ctx) {
    for (const { path, label, why } of SERVER_OWNED) {
      const { before, after } = versions(doc, path);
      // Leaving a server field out of a replace is fine: the server keeps its own value.
      if (after === undefined || !changed(before, after)) continue;
      ctx.report({ messageId: 'changed', path, data: { field: label, why: why.charAt(0).toUpperCase() + why.slice(1) } });
    }
  },
};

export default rule;
