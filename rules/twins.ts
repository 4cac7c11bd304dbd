/**
 * The CEL twins of built-in rules (`twin.ts` in a rule's folder), which `platlint policy export --builtin` exports
 * as ValidatingAdmissionPolicies. Loaded only by the export: linting never needs them.
 */
import type { CelTwin } from './twin.js';
import accessSubjects from './user/access-subjects/twin.js';
import accessVerbs from './user/access-verbs/twin.js';
import clusterRoles from './user/cluster-roles/twin.js';
import duplicates from './user/duplicates/twin.js';
import email from './user/email/twin.js';
import extraClaims from './user/extra-claims/twin.js';
import icon from './user/icon/twin.js';
import owner from './user/owner/twin.js';
import secretRefs from './user/secret-refs/twin.js';
import tokenGeneration from './user/token-generation/twin.js';
import wildcardAccess from './security/wildcard-access/twin.js';
import changeDisabled from './change/disabled/twin.js';
import changeTokenGeneration from './change/token-generation/twin.js';

export const celTwins: readonly CelTwin[] = [
  accessVerbs,
  accessSubjects,
  secretRefs,
  email,
  icon,
  clusterRoles,
  duplicates,
  tokenGeneration,
  extraClaims,
  owner,
  wildcardAccess,
  changeDisabled,
  changeTokenGeneration,
];
