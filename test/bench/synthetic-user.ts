/** Synthetic Users: realistic fields in realistic proportions, and the mistakes the benchmark expects errors for. */
import type { Random } from './random.js';
import { toYaml, type Value } from './emit-yaml.js';
import { CLUSTER_ROLES, DEPARTMENTS, DOMAINS, FIRST, LAST, SUBRESOURCES, TEAMS, VERBS, title } from './vocabulary.js';

export const USER_MISTAKES = [
  'unknown-field', // emial: instead of email:  -> schema/unknown-field
  'type', // tokenGeneration: "2"                -> schema/type
  'name', // metadata.name Jane.Doe               -> meta/name
  'email', // an address without a domain        -> user/email
  'duplicate-key', // username given twice        -> yaml/duplicate-key
  'syntax', // an unclosed flow sequence          -> yaml/syntax
  'verb', // an access verb that does not exist   -> user/access-verbs
  'kind-case', // kind: user                      -> resource/kind
  'label-value', // a label value with a space    -> meta/labels
  'boolean-string', // disabled: "no"             -> schema/type
] as const;

export function user(index: number, random: Random, mistake: string | undefined): string {
  const first = random.pick(FIRST);
  const last = random.pick(LAST);
  const n = String(index).padStart(5, '0');
  const name = `${first}-${last}-${n}`;
  const login = `${first}.${last}${index}`;
  const domain = random.pick(DOMAINS);
  const team = random.pick(TEAMS);
  const groups = [team, ...random.some(TEAMS.filter((t) => t !== team), 0, 2), 'platform-users'];
  const metadata: { [key: string]: Value } = {
    name,
    labels: { 'app.kubernetes.io/managed-by': 'gitops', 'platform.example.com/team': team },
  };
  if (random.chance(0.5)) metadata['annotations'] = { 'platform.example.com/onboarding-ticket': `OPS-${1000 + random.int(9000)}`, 'platform.example.com/manager': `${random.pick(FIRST)}.${random.pick(LAST)}@${domain}` };
  const spec: { [key: string]: Value } = {
    displayName: `${title(first)} ${title(last)}`,
    username: login,
    email: `${login}@${domain}`,
    subject: `${login}@${domain}`,
    groups,
  };
  if (random.chance(0.4)) spec['description'] = `${title(random.pick(DEPARTMENTS))} team member, ${team}.`;
  if (random.chance(0.3)) spec['owner'] = random.chance(0.5) ? { team } : { user: 'admin', team };
  if (random.chance(0.6)) spec['ssoGroups'] = random.some(TEAMS, 1, 3).map((t) => `okta:${t}`);
  spec['passwordRef'] = { secretName: `platform-user-password-${name}`, secretNamespace: 'platform', key: 'password' };
  if (random.chance(0.5)) spec['codesRef'] = { secretName: `platform-user-codes-${name}`, secretNamespace: 'platform', key: 'codes' };
  if (random.chance(0.2)) spec['imagePullSecrets'] = [{ apiGroup: 'management.platform', kind: 'SharedSecret', secretName: 'registry-example-com', secretNamespace: 'platform', key: '.dockerconfigjson' }];
  if (random.chance(0.3)) spec['tokenGeneration'] = 1 + random.int(5);
  if (random.chance(0.2)) spec['disabled'] = false;
  spec['clusterRoles'] = random.some(CLUSTER_ROLES, 1, 3).map((role) => ({ name: role }));
  if (random.chance(0.7)) {
    const access: Value[] = [{ name: 'team-read', verbs: ['get', 'list'], teams: [team] }];
    if (random.chance(0.5)) access.push({ name: 'admins-manage', verbs: random.some(VERBS.slice(2), 2, 4), subresources: random.some(SUBRESOURCES, 1, 2), users: ['admin'], teams: ['platform-admins'] });
    spec['access'] = access;
  }
  if (random.chance(0.5)) spec['extraClaims'] = { department: random.pick(DEPARTMENTS), costCenter: String(4000 + random.int(1000)) };
  const doc: { [key: string]: Value } = { apiVersion: 'management.platform/v1', kind: 'User', metadata, spec };

  switch (mistake) {
    case 'unknown-field':
      delete spec['email'];
      spec['emial'] = `${login}@${domain}`;
      break;
    case 'type':
      spec['tokenGeneration'] = String(2 + random.int(5));
      break;
    case 'name':
      metadata['name'] = `${title(first)}.${title(last)}`;
      break;
    case 'email':
      spec['email'] = `${login}@`;
      break;
    case 'verb':
      spec['access'] = [{ name: 'team-read', verbs: ['get', 'List'], teams: [team] }];
      break;
    case 'kind-case':
      doc['kind'] = 'user';
      break;
    case 'label-value':
      metadata['labels'] = { 'app.kubernetes.io/managed-by': 'gitops', 'platform.example.com/team': `${title(team)} Team` };
      break;
    case 'boolean-string':
      spec['disabled'] = 'no';
      break;
  }
  let text = toYaml(doc);
  if (mistake === 'duplicate-key') text = text.replace(/^( {2}username: .*)$/m, `$1\n  username: ${first}${index}`);
  if (mistake === 'syntax') text = text.replace(/^( {2})groups:\n((?: {2}- .*\n)+)/m, (_, indent: string, items: string) => `${indent}groups: [${items.trim().split('\n').map((l) => l.replace(/^\s*- /, '')).join(', ')}\n`);
  return text;
}
