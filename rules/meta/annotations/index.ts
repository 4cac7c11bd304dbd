import { annotationsSize, defineRule, entriesOf, isQualifiedName, problemsText, shown, TOTAL_ANNOTATION_SIZE_LIMIT_BYTES } from '../../api.js';

const rule = defineRule({
  meta: {
    id: 'meta/annotations',
    description: 'Require annotation keys that are qualified names and limit the total size of annotations',
    severity: 'error',
    sources: ['upstream'],
  },
  messages: {
    invalidKey: {
      text: 'Annotation key "{{key}}" is not a qualified name.',
      note: 'The server rejects it. Write an optional DNS subdomain prefix and "/" followed by a name of at most 63 characters (letters, digits, "-", "_", "."), e.g. example.com/change-ticket. Validation says: {{problems}}.',
    },
    tooLarge: {
      text: 'metadata.annotations are {{size}} bytes in total (keys and values), more than the limit of {{limit}} bytes (256 KiB).',
      note: 'The server rejects the object. Keep large data out of annotations (in a Secret or another object) and reference it instead.',
    },
  },
  given: { path: ['metadata', 'annotations'], type: 'mapping' },
  check(annotations, ctx, { path }) {
    const entries = entriesOf(annotations);
    for (const [key] of entries) {
      // apimachinery validates the lower-cased key: upper case is fine in an annotation key's prefix.
      const problems = isQualifiedName(key.toLowerCase());
      if (problems.length > 0) {
        ctx.report({ messageId: 'invalidKey', path: [...path, key], at: 'key', data: { key: shown(key), problems: problemsText(problems) } });
      }
    }
    const size = annotationsSize(entries);
    if (size > TOTAL_ANNOTATION_SIZE_LIMIT_BYTES) {
      ctx.report({ messageId: 'tooLarge', path, at: 'key', data: { size, limit: TOTAL_ANNOTATION_SIZE_LIMIT_BYTES } });
    }
  },
});

export default rule;
