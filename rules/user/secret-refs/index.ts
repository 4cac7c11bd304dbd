import { defineRule, displayPath, isBlank, isDNS1123Label, isDNS1123Subdomain, mappingItems, problemsText, recordAt, shown, type DataPath } from '../../api.js';
import { isConfigMapKey } from './config-map-key.js';

const WHY_MISSING: Readonly<Record<string, string>> = {
  secretName: 'the platform cannot find the secret without its name',
  secretNamespace: 'the platform cannot tell which namespace holds the secret',
  key: 'the platform cannot tell which key of the secret data to read',
};

const WHAT: Readonly<Record<string, string>> = {
  passwordRef: "the user's password",
  codesRef: "the user's access keys",
  imagePullSecrets: 'the image pull secret',
};

const rule = defineRule({
  meta: {
    id: 'user/secret-refs',
    description: 'Require complete secret references with Kubernetes names in passwordRef, codesRef and imagePullSecrets',
    severity: 'warning',
    sources: ['spec', 'upstream'],
    kinds: ['User'],
  },
  messages: {
    missing: {
      text: '{{ref}} has no {{field}}, so {{what}} cannot be read.',
      note: 'Add {{field}}: {{why}}.',
    },
    invalidName: {
      text: '{{ref}}.secretName "{{value}}" is not a valid secret name.',
      note: 'Secret names are lowercase DNS-1123 subdomains, e.g. platform-user-password-jane. Validation says: {{problems}}.',
      severity: 'error',
    },
    invalidNamespace: {
      text: '{{ref}}.secretNamespace "{{value}}" is not a valid namespace.',
      note: 'Namespaces are lowercase DNS-1123 labels (at most 63 characters of a-z, 0-9 and "-"), e.g. platform. Validation says: {{problems}}.',
      severity: 'error',
    },
    invalidKey: {
      text: '{{ref}}.key "{{value}}" cannot be a key of a secret.',
      note: 'Secret keys consist of letters, digits, "-", "_" and ".", e.g. password. Validation says: {{problems}}.',
      severity: 'error',
    },
  },
  check(doc, ctx) {
    const refs: { path: DataPath; what: string }[] = [];
    for (const field of ['passwordRef', 'codesRef'] as const) {
      if (recordAt(doc.data, ['spec', field])) refs.push({ path: ['spec', field], what: WHAT[field] ?? field });
    }
    for (const { path } of mappingItems(doc.data, ['spec', 'imagePullSecrets'])) {
      refs.push({ path, what: WHAT.imagePullSecrets ?? 'the secret' });
    }
    for (const { path, what } of refs) {
      const ref = recordAt(doc.data, path) ?? {};
      const where = displayPath(path);
      for (const field of ['secretName', 'secretNamespace', 'key'] as const) {
        const value = ref[field];
        if (isBlank(value)) {
          ctx.report({ messageId: 'missing', path: [...path, field], at: 'key', data: { ref: where, field, why: WHY_MISSING[field] ?? '', what } });
          continue;
        }
        if (typeof value !== 'string') continue;
        const problems = field === 'secretName' ? isDNS1123Subdomain(value) : field === 'secretNamespace' ? isDNS1123Label(value) : isConfigMapKey(value);
        if (problems.length === 0) continue;
        const messageId = field === 'secretName' ? 'invalidName' : field === 'secretNamespace' ? 'invalidNamespace' : 'invalidKey';
        ctx.report({ messageId, path: [...path, field], data: { ref: where, value: shown(value), problems: problemsText(problems) } });
      }
    }
  },
});

export default rule;
