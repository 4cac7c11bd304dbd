import type { Rule } from '../api.js';
import annotationsRule from './annotations/index.js';
import deletionGraceRule from './deletion-grace/index.js';
import finalizersRule from './finalizers/index.js';
import labelsRule from './labels/index.js';
import managedFieldsRule from './managed-fields/index.js';
import nameRule from './name/index.js';
import namespaceRule from './namespace/index.js';
import ownerReferencesRule from './owner-references/index.js';
import selfLinkRule from './self-link/index.js';
import serverFieldsRule from './server-fields/index.js';
import timestampsRule from './timestamps/index.js';

export const rules: readonly Rule[] = [
  nameRule,
  namespaceRule,
  labelsRule,
  annotationsRule,
  finalizersRule,
  ownerReferencesRule,
  serverFieldsRule,
  selfLinkRule,
  timestampsRule,
  deletionGraceRule,
  managedFieldsRule,
];
