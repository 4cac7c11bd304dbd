import { byteLength, defineRule, displayPath, DNS1123_LABEL_MAX_LENGTH, isDNS1123Label } from '../../api.js';

/** The longest prefix that still leaves room for a one-character project name in a 63-character namespace name. */
const MAX_PREFIX_LENGTH = DNS1123_LABEL_MAX_LENGTH - 1;

const rule = defineRule({
  meta: {
    id: 'config/project-namespace-prefix',
    description: 'Require projectNamespacePrefix to be usable as the start of a namespace name (a DNS-1123 label)',
    severity: 'error',
    sources: ['spec'],
    kinds: ['Config'],
  },
  messages: {
    characters: {
      text: '{{field}} is "{{value}}", with characters a namespace name cannot contain.',
      note: 'Project namespaces are named <prefix><project>, and a namespace name is a DNS-1123 label: only lowercase letters, digits and "-" (no upper case, dots, underscores or spaces). Write a prefix like "{{suggestion}}".',
    },
    start: {
      text: '{{field}} is "{{value}}", which starts with "-".',
      note: 'Project namespaces are named <prefix><project>, and a namespace name (a DNS-1123 label) must start with a lowercase letter or a digit, not "-". Write a prefix like "{{suggestion}}".',
    },
    tooLong: {
      text: '{{field}} is {{length}} characters long.',
      note: 'Project namespaces are named <prefix><project> and a namespace name is at most 63 characters, so not even a one-character project name fits. Use a short prefix such as the default "p-".',
    },
  },
  // "" is meaningful: no prefix at all, the namespace is the project name.
  given: { path: ['status', 'projectNamespacePrefix'], type: 'string' },
  check(value, ctx, { path }) {
    const field = displayPath(path);
    const cleaned = value.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+/, '').replace(/-{2,}/g, '-');
    const suggestion = cleaned === '' || cleaned === '-' ? 'p-' : cleaned;
    // The prefix followed by a one-character project name must be a DNS-1123 label. (apimachinery's
    // NameIsDNSLabel(prefix, true) is not used: its maskTrailingDash drops the two last characters of a prefix ending
    // in "-", so it would accept "P-".)
    if (isDNS1123Label(`${value}a`).length === 0) return;
    if (/[^a-z0-9-]/.test(value)) {
      ctx.report({ messageId: 'characters', path, data: { field, value, suggestion } });
    } else if (value.startsWith('-')) {
      ctx.report({ messageId: 'start', path, data: { field, value, suggestion } });
    } else if (byteLength(value) > MAX_PREFIX_LENGTH) {
      ctx.report({ messageId: 'tooLong', path, data: { field, length: byteLength(value) } });
    }
  },
});

export default rule;
