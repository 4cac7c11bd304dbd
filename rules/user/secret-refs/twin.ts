import { celNotBlank, defineTwin } from '../../twin.js';
import rule from './index.js';

const REFS = ['spec.passwordRef', 'spec.codesRef', 'spec.imagePullSecrets[*]'];
const FIELDS = ['secretName', 'secretNamespace', 'key'] as const;

/** A part written as a non-empty string, which must then be valid (a part of another type is the schema's business). */
const written = (field: string): string => `has(self.${field}) && type(self.${field}) == string && self.${field} != ''`;

/** apimachinery's IsDNS1123Subdomain, IsDNS1123Label and IsConfigMapKey (src/formats/k8s-names.ts, secret-key.ts). */
const VALID: Readonly<Record<(typeof FIELDS)[number], string>> = {
  secretName: "self.secretName.matches('^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$') && size(self.secretName) <= 253",
  secretNamespace: "self.secretNamespace.matches('^[a-z0-9]([-a-z0-9]*[a-z0-9])?$') && size(self.secretNamespace) <= 63",
  key: "self.key.matches('^[-._a-zA-Z0-9]+$') && size(self.key) <= 253 && self.key != '.' && !self.key.startsWith('..')",
};
const valid = (field: (typeof FIELDS)[number]): string => `(!(${written(field)}) || (${VALID[field]}))`;

export default defineTwin(rule, [
  {
    messages: ['missing'],
    given: REFS,
    expression: `type(self) != map || (${FIELDS.map(celNotBlank).join(' && ')})`,
    messageExpression: `'a secret reference has no ' + (!${celNotBlank('secretName')} ? 'secretName' : !${celNotBlank('secretNamespace')} ? 'secretNamespace' : 'key') + ', so the secret cannot be read.'`,
  },
  {
    messages: ['invalidName', 'invalidNamespace', 'invalidKey'],
    name: 'invalid',
    description: 'Require Kubernetes names in the secret references of passwordRef, codesRef and imagePullSecrets',
    given: REFS,
    expression: `type(self) != map || (${FIELDS.map(valid).join(' && ')})`,
    messageExpression: `${FIELDS.map((f) => `!${valid(f)} ? '${f} "' + self.${f} + '" is not valid in a secret reference.' : `).join('')}''`,
  },
]);
