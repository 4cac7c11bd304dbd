import { defineRule, isFinalizerName, listAt, problemsText, shown } from '../../api.js';

const ORPHAN = 'orphan';
const FOREGROUND = 'foregroundDeletion';

const rule = defineRule({
  meta: {
    id: 'meta/finalizers',
    description: 'Require finalizers that are qualified names, without duplicates or conflicting deletion modes',
    severity: 'error',
    sources: ['upstream'],
    sections: ['metadata'],
    fixable: true,
  },
  messages: {
    invalid: {
      text: 'Finalizer "{{value}}" is not a qualified name.',
      note: 'The server rejects it. Write a name such as example.com/cleanup: an optional DNS subdomain prefix and "/", then at most 63 characters of letters, digits, "-", "_" and ".". Validation says: {{problems}}.',
    },
    duplicate: {
      text: 'Finalizer "{{value}}" is listed twice (first at metadata.finalizers[{{first}}]).',
      note: 'A finalizer is one entry that its controller removes once, so the repetition only adds noise. Remove the duplicate.',
      severity: 'warning',
    },
    orphanWithForeground: {
      text: 'Finalizers "orphan" and "foregroundDeletion" cannot both be set.',
      note: 'One keeps the dependents on deletion, the other deletes them first, and the server rejects the object. Keep only the one you mean.',
    },
  },
  check(doc, ctx) {
    const items = listAt(doc.data, ['metadata', 'finalizers']);
    const firstIndex = new Map<string, number>();
    let orphanAt: number | undefined;
    let foregroundAt: number | undefined;
    for (const [i, { value, path }] of items.entries()) {
      if (typeof value !== 'string') continue;
      const problems = isFinalizerName(value);
      if (problems.length > 0) {
        ctx.report({ messageId: 'invalid', path, data: { value: shown(value), problems: problemsText(problems) } });
      }
      const first = firstIndex.get(value);
      if (first !== undefined) {
        ctx.report({ messageId: 'duplicate', path, data: { value: shown(value), first }, fix: { op: 'remove', path } });
        continue;
      }
      firstIndex.set(value, i);
      if (value === ORPHAN) orphanAt = i;
      if (value === FOREGROUND) foregroundAt = i;
    }
    if (orphanAt !== undefined && foregroundAt !== undefined) {
      ctx.report({ messageId: 'orphanWithForeground', path: ['metadata', 'finalizers', Math.max(orphanAt, foregroundAt)] });
    }
  },
});

export default rule;
