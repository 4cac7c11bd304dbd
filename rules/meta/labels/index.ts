import { defineRule, entriesOf, isLabelKey, isValidLabelValue, problemsText, shown } from '../../api.js';

const rule = defineRule({
  meta: {
    id: 'meta/labels',
    description: 'Require label keys that are qualified names and label values in the Kubernetes label syntax',
    severity: 'error',
    sources: ['upstream'],
  },
  messages: {
    invalidKey: {
      text: 'Label key "{{key}}" is not a qualified name.',
      note: 'The server rejects it. Write an optional DNS subdomain prefix and "/" followed by a name of at most 63 characters (letters, digits, "-", "_", "."), e.g. app.kubernetes.io/name. Validation says: {{problems}}.',
    },
    invalidValue: {
      text: 'The value of label "{{key}}" is not a valid label value.',
      note: 'The server rejects it. Label values are empty or at most 63 characters of letters, digits, "-", "_" and ".", starting and ending with a letter or digit; put free-form text in an annotation instead. Validation says: {{problems}}.',
    },
  },
  given: { path: ['metadata', 'labels'], type: 'mapping' },
  check(labels, ctx, { path: labelsPath }) {
    for (const [key, value] of entriesOf(labels)) {
      const path = [...labelsPath, key];
      const keyProblems = isLabelKey(key);
      if (keyProblems.length > 0) {
        ctx.report({ messageId: 'invalidKey', path, at: 'key', data: { key: shown(key), problems: problemsText(keyProblems) } });
      }
      // Non-strings (an unquoted number or boolean) are the schema pass's; null is an empty value to the platform.
      if (typeof value !== 'string') continue;
      const valueProblems = isValidLabelValue(value);
      if (valueProblems.length > 0) {
        ctx.report({ messageId: 'invalidValue', path, data: { key: shown(key), problems: problemsText(valueProblems) } });
      }
    }
  },
});

export default rule;
