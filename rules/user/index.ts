import type { Rule } from '../api.js';
import accessSubjectsRule from './access-subjects/index.js';
import accessVerbsRule from './access-verbs/index.js';
import clusterRolesRule from './cluster-roles/index.js';
import duplicatesRule from './duplicates/index.js';
import emailRule from './email/index.js';
import extraClaimsRule from './extra-claims/index.js';
import iconRule from './icon/index.js';
import ownerRule from './owner/index.js';
import secretRefsRule from './secret-refs/index.js';
import tokenGenerationRule from './token-generation/index.js';

export const rules: readonly Rule[] = [
  accessVerbsRule,
  accessSubjectsRule,
  secretRefsRule,
  emailRule,
  iconRule,
  clusterRolesRule,
  duplicatesRule,
  tokenGenerationRule,
  extraClaimsRule,
  ownerRule,
];
