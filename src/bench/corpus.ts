/**
 * The benchmark corpus: realistic `User` and `Config` manifests as an organisation keeps them in Git, generated
 * deterministically (a seeded PRNG per document, so document `i` is the same whatever else is generated).
 *
 * The mix is exact, by construction from the document index `i` (counted across the whole corpus):
 * - every fifth document (`i % 5 === 0`) is a Config, the others are Users;
 * - one document in ten has one mistake: `(floor(i / 5) + 3 * (i % 5)) % 10 === 3`, which picks one in ten of the
 *   Configs and one in ten of the Users, and spreads the mistakes over the files of a multi-document corpus.
 * Every mistake is one that platlint reports as an error; a document without a mistake has no error.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type DocKind = 'User' | 'Config';

export interface CorpusSpec {
  /** Number of files. */
  files: number;
  /** YAML documents per file (`---` separated). */
  docsPerFile: number;
  seed: number;
  /** Index of the first document: corpora with different offsets hold different documents. */
  firstDocument?: number;
}

export interface GeneratedDocument {
  kind: DocKind;
  /** The mistake's name (see USER_MISTAKES / CONFIG_MISTAKES), or undefined for a document without one. */
  mistake: string | undefined;
  text: string;
}

export interface CorpusCounts {
  files: number;
  documents: number;
  users: number;
  configs: number;
  flawedDocuments: number;
  flawedUsers: number;
  flawedConfigs: number;
  /** Files with at least one flawed document. */
  flawedFiles: number;
  bytes: number;
  /** Number of documents with each mistake. */
  mistakes: Record<string, number>;
}

export interface CorpusManifest {
  generator: number;
  spec: CorpusSpec;
  counts: CorpusCounts;
  /** FNV-1a of every file's name and content, in order. */
  hash: string;
  /** Relative paths of the files with at least one mistake. */
  flawedFiles: string[];
}

/** Bumped whenever the generated text changes, so that a cached corpus is regenerated. */
export const GENERATOR_VERSION = 1;

export const MANIFEST_FILE = 'corpus.json';

export function documentKind(index: number): DocKind {
  return index % 5 === 0 ? 'Config' : 'User';
}

export function isFlawed(index: number): boolean {
  return (Math.floor(index / 5) + 3 * (index % 5)) % 10 === 3;
}

// ---------------------------------------------------------------------------------------------------------------
// Randomness: mulberry32, seeded per document from (seed, index).
// ---------------------------------------------------------------------------------------------------------------

class Random {
  private state: number;

  constructor(seed: number, index: number) {
    this.state = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35)) >>> 0;
    for (let i = 0; i < 3; i++) this.next();
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(list: readonly T[]): T {
    const value = list[this.int(list.length)];
    if (value === undefined) throw new Error('pick from an empty list');
    return value;
  }

  some<T>(list: readonly T[], min: number, max: number): T[] {
    const count = Math.min(list.length, min + this.int(max - min + 1));
    const pool = [...list];
    const out: T[] = [];
    while (out.length < count) out.push(pool.splice(this.int(pool.length), 1)[0] as T);
    return out;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// A small YAML emitter for the shapes used here: block mappings and sequences, kubectl-style indentation.
// ---------------------------------------------------------------------------------------------------------------

type Value = string | number | boolean | null | Value[] | { [key: string]: Value };

const RESERVED = /^(?:y|n|yes|no|on|off|true|false|null|~)$/i;
/** What YAML 1.1 would read as a number (ints, floats, sexagesimals, octal, hex). */
const NUMBERISH = /^[-+]?(?:[0-9][0-9_]*(?::[0-5]?[0-9])*(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9_]+|0x[0-9a-fA-F_]+|\.inf|\.nan)$/i;

function scalar(value: string | number | boolean | null): string {
  if (typeof value !== 'string') return String(value);
  const plain = /^[A-Za-z0-9/$._^(]/.test(value) && !/: |:$|\s#|\s$|[\n"']/.test(value) && !RESERVED.test(value) && !NUMBERISH.test(value);
  return plain ? value : JSON.stringify(value);
}

function key(name: string): string {
  return /^[A-Za-z0-9_./-]+$/.test(name) && !RESERVED.test(name) ? name : JSON.stringify(name);
}

function emit(value: Value, indent: string, out: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) {
      if (item !== null && typeof item === 'object' && !Array.isArray(item) && Object.keys(item).length > 0) {
        const lines: string[] = [];
        emit(item, indent + '  ', lines);
        out.push(`${indent}- ${(lines[0] ?? '').slice(indent.length + 2)}`, ...lines.slice(1));
      } else {
        out.push(`${indent}- ${inline(item)}`);
      }
    }
    return;
  }
  if (value === null || typeof value !== 'object') throw new Error('emit takes a mapping or a list');
  for (const [name, child] of Object.entries(value)) {
    if (typeof child === 'string' && child.includes('\n')) {
      out.push(`${indent}${key(name)}: |`);
      for (const line of child.replace(/\n$/, '').split('\n')) out.push(line ? `${indent}  ${line}` : '');
    } else if (child !== null && typeof child === 'object' && (Array.isArray(child) ? child.length : Object.keys(child).length)) {
      out.push(`${indent}${key(name)}:`);
      emit(child, Array.isArray(child) ? indent : indent + '  ', out);
    } else {
      out.push(`${indent}${key(name)}: ${inline(child)}`);
    }
  }
}

function inline(value: Value): string {
  if (Array.isArray(value)) return value.length ? `[${value.map(inline).join(', ')}]` : '[]';
  if (value !== null && typeof value === 'object') return Object.keys(value).length ? `{${Object.entries(value).map(([k, v]) => `${key(k)}: ${inline(v)}`).join(', ')}}` : '{}';
  return scalar(value);
}

function toYaml(doc: { [key: string]: Value }): string {
  const out: string[] = [];
  emit(doc, '', out);
  return out.join('\n') + '\n';
}

// ---------------------------------------------------------------------------------------------------------------
// Vocabulary
// ---------------------------------------------------------------------------------------------------------------

const FIRST = ['jane', 'john', 'maria', 'wei', 'aisha', 'lars', 'sofia', 'kenji', 'fatima', 'diego', 'olga', 'amir', 'priya', 'tom', 'lena', 'omar', 'yuki', 'emma', 'noah', 'ines'];
const LAST = ['doe', 'smith', 'garcia', 'chen', 'khan', 'nielsen', 'rossi', 'tanaka', 'hassan', 'lopez', 'ivanova', 'haddad', 'patel', 'mueller', 'novak', 'silva', 'kim', 'brown', 'dubois', 'costa'];
const TEAMS = ['platform-engineering', 'sre', 'security', 'data', 'payments', 'search', 'mobile', 'web', 'ml-infra', 'observability', 'identity', 'billing'];
const DEPARTMENTS = ['engineering', 'operations', 'security', 'finance', 'research', 'support'];
const CLUSTER_ROLES = ['platform-viewer', 'cluster-monitoring', 'namespace-admin', 'log-reader', 'cost-viewer', 'app-deployer'];
const VERBS = ['get', 'list', 'create', 'update', 'patch', 'delete', 'bind'];
const SUBRESOURCES = ['profile', 'accesskeys', 'permissions'];
const DOMAINS = ['example.com', 'example.org', 'corp.example.net'];
const HOSTS = ['platform.example.com', 'console.example.org', 'dev.platform.example.net', 'platform.corp.example.com'];

function title(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

// ---------------------------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------------------------

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

function user(index: number, random: Random, mistake: string | undefined): string {
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

// ---------------------------------------------------------------------------------------------------------------
// Configs
// ---------------------------------------------------------------------------------------------------------------

export const CONFIG_MISTAKES = [
  'saml-two-cas', // both ca and caData                      -> auth/saml-ca
  'missing-secret', // oidc without clientSecret              -> schema/required
  'connector-id-twice', // two connectors with the same id    -> auth/connectors
  'host-with-scheme', // platformHost: https://...            -> config/platform-host
  'audit-level', // audit level 7                             -> audit/level-or-policy
  'redirect-path', // a callback path of another provider     -> auth/redirect-uri
  'unknown-field', // clientSecrte                            -> schema/unknown-field
  'enum', // a nav bar position that does not exist           -> schema/enum
  'day-name', // dayOfWeek: Sundy                             -> cloud/maintenance-window
  'regex', // an unbalanced group in groupsFilters            -> auth/groups-filters
] as const;

// A real self-signed certificate's PEM, base64-encoded, as the SAML connector expects it.
const CA_DATA =
  'LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSURRekNDQWl1Z0F3SUJBZ0lVQkRaK0NkbmVQUjk0cms3aUJia1ZMNkFpbHFzd0RRWUpLb1pJaHZjTkFRRUwKQlFBd01URVlNQllHQTFVRUF3d1BhV1J3TG1WNFlXMXdiR1V1WTI5dE1SVXdFd1lEVlFRS0RBeEZlR0Z0Y0d4bApJRU52Y25Bd0hoY05Nall4TVRJeU1ERTFPREkyV2hjTk16WXhNVEU1TURFMU9ESTJXakF4TVJnd0ZnWURWUVFECkRBOXBaSEF1WlhoaGJYQnNaUzVqYjIweEZUQVRCZ05WQkFvTURFVjRZVzF3YkdVZ1EyOXljRENDQVNJd0RRWUoKS29aSWh2Y05BUUVCQlFBRGdnRVBBRENDQVFvQ2dnRUJBTkFWRGxkaHRDazB1VUx2QXZnNWFleWpia2x0czdNMwpEbnhNT2xZamdnTFFPRVduSjZFQnRvR2ROM09EMHZWZ0hyU2daeDc3dmg4YzhLZFkzVmtMVVc1Q0JhSnB1dm5jCnV0aXdSc1RsYlA0UzFEVFFuZENZa1ZuaFI0aUUwUmkwZmE1SnU0blMvdk1vTGE5bzJnM2U1eEhkUm1vNVo3K1MKVE9UaWMzWlBmbFNUVS9ENmNTWnBKNTc4RGN1eU5KdlNjWm15OEtzcEppQkptWTAvSnZyK1pJajNKajdLb1hZdwpETjBhS0pyUHZqcXllMEhwMm9GQ2lPS3hqSkZOWkJyTWk5bEFCemR3VWc3NytDd2pUN2hOaEJFQkFYRWR1ZHJ6Cld6Q2VDdTIrZmw3bHFWMkYraFVxb2FhdEtlbGJMS1JrOFp3K0pYWFdRQ29lVDZXWjVGYit5QThDQXdFQUFhTlQKTUZFd0hRWURWUjBPQkJZRUZBM2RCejBCelR3TmRBdlE3bG1qeW5TZHo2d2VNQjhHQTFVZEl3UVlNQmFBRkEzZApCejBCelR3TmRBdlE3bG1qeW5TZHo2d2VNQThHQTFVZEV3RUIvd1FGTUFNQkFmOHdEUVlKS29aSWh2Y05BUUVMCkJRQURnZ0VCQUJoNEFZWWd5dHltL0wrTEF3MUZwK2laTk5qc3B2bHpkQ0tqTmJrcjliOGlrMnlmMWtvQXdiSEYKMktjUFpVcmhGNUdNaG5JQ3JscHRHNXlYZUh0Rk5lNXltVjF3SmNtQnI4QnhsM2FKaDdzUFlNNnNXRlpKQlNtOQpySnJqdjRBbFdhc2RBcHg1aVliM1hNVFZjcUdXU3hSNzdXY3pjZ3h2cDlaTEFEZ0YvNUlXeU1iaWZQdC85RTErCmwrYjh4ZExpR1VDcjRrMG1NL1Q3dlZwbGpUYzBnbUk5WllDdUR0U3d6SmhORDB6a3RXWmY0dVorT2QxWTBWVkQKOWlVRUZ2OERoemlLNFFVOXp4MllPaHR1Z3V6Q25RV04yWGcvMGdCRUp5ZUIwNU1XZ2hqZGpyOE1uRVNzeFpVWQoxcENLUmhFdFZiRTAzUDJuUXk3Y2VmajRoYitUN29BPQotLS0tLUVORCBDRVJUSUZJQ0FURS0tLS0tCg==';

function oidc(host: string, issuer: string, id: string | undefined, random: Random): { [key: string]: Value } {
  const provider: { [key: string]: Value } = {
    issuerUrl: issuer,
    clientId: id ? `platform-${id}` : 'platform-prod',
    clientSecret: id ? `$${id.toUpperCase().replace(/-/g, '_')}_CLIENT_SECRET` : '$OIDC_CLIENT_SECRET',
    redirectURI: `https://${host}/auth/${id ?? 'oidc'}/callback`,
    usernameClaim: 'email',
    emailClaim: 'email',
    groupsClaim: 'groups',
    groups: random.some(TEAMS, 1, 3),
    scopes: ['email', 'profile', 'groups'],
  };
  if (random.chance(0.5)) provider['getUserInfo'] = true;
  if (random.chance(0.4)) provider['usernamePrefix'] = 'oidc:';
  return provider;
}

function saml(host: string, id: string | undefined, random: Random): { [key: string]: Value } {
  const provider: { [key: string]: Value } = {
    redirectURI: `https://${host}/auth/${id ?? 'saml'}/callback`,
    ssoURL: `https://idp.${random.pick(DOMAINS)}/saml2/sso`,
  };
  if (random.chance(0.5)) provider['caData'] = CA_DATA;
  else provider['ca'] = '/etc/platform/certs/idp-signing.pem';
  Object.assign(provider, { usernameAttr: 'name', emailAttr: 'email', groupsAttr: 'groups', allowedGroups: random.some(TEAMS, 1, 2), nameIDPolicyFormat: random.pick(['persistent', 'emailAddress']) });
  return provider;
}

function gitForgeA(host: string, id: string | undefined, random: Random): { [key: string]: Value } {
  return {
    clientId: `Iv1.${(random.int(2 ** 31) + 2 ** 31).toString(16)}${(random.int(2 ** 31) + 2 ** 31).toString(16)}`,
    clientSecret: `$${(id ?? 'git-forge-a').toUpperCase().replace(/-/g, '_')}_CLIENT_SECRET`,
    redirectURI: `https://${host}/auth/${id ?? 'github'}/callback`,
    orgs: [{ name: 'Example-Corp', teams: random.some(TEAMS, 1, 3) }],
  };
}

function auditSection(random: Random): { [key: string]: Value } {
  const rules: Value[] = [
    { level: 'None', users: ['system:kube-proxy'], verbs: ['watch'], resources: [{ group: '', resources: ['endpoints', 'services'] }] },
    { level: 'None', nonResourceURLs: ['/healthz', '/livez', '/readyz', '/version'] },
    { level: 'Metadata', resources: [{ group: '', resources: ['secrets', 'configmaps'] }] },
  ];
  if (random.chance(0.5)) rules.push({ level: 'RequestResponse', userGroups: ['platform-admins'], verbs: ['create', 'update', 'patch', 'delete'], resources: [{ group: 'management.platform', resources: ['*'] }] });
  rules.push({ level: 'Metadata', omitStages: ['Panic'] });
  return { enabled: true, policy: { omitStages: ['RequestReceived'], rules }, path: '/var/log/platform/audit', maxAge: 30, maxBackups: 10, maxSize: 100, compress: true };
}

function uiSection(host: string, random: Random): { [key: string]: Value } {
  return {
    logoURL: `https://${host}/static/branding/logo.svg`,
    faviconURL: `https://${host}/static/branding/favicon.ico`,
    primaryColor: random.pick(['#1d4ed8', '#0f766e', '#b91c1c', '#7c3aed']),
    sidebarColor: '#111827',
    navBarButtons: [
      { position: 'TopEnd', text: 'Status', link: 'https://status.example.com' },
      { position: 'BottomEnd', text: 'Runbooks', link: 'https://wiki.example.com/platform/runbooks' },
    ],
  };
}

function costSection(random: Random): { [key: string]: Value } {
  return {
    enabled: true,
    global: { metrics: { replicas: 1 + random.int(2), resources: { limits: { cpu: 2, memory: '8Gi' }, requests: { cpu: '500m', memory: '2Gi' } }, retention: '90d', storage: { storageClass: 'gp3', size: '100Gi' } } },
    cluster: { metrics: { replicas: 1, resources: { limits: { cpu: 1, memory: '4Gi' }, requests: { cpu: '250m', memory: '1Gi' } }, retention: '30d' } },
  };
}

function config(index: number, random: Random, mistake: string | undefined): string {
  const host = random.pick(HOSTS);
  const issuer = `https://login.${random.pick(DOMAINS)}/oauth2/default`;
  const auth: { [key: string]: Value } = {};
  const primary = random.pick(['oidc', 'saml', 'gitForgeA'] as const);
  if (primary === 'oidc' || mistake === 'missing-secret' || mistake === 'unknown-field') auth['oidc'] = oidc(host, issuer, undefined, random);
  if (primary === 'saml' || mistake === 'saml-two-cas') auth['saml'] = saml(host, undefined, random);
  if (primary === 'gitForgeA') auth['gitForgeA'] = gitForgeA(host, undefined, random);
  const connectors: Value[] = [];
  const connectorCount = mistake === 'connector-id-twice' ? 2 : random.int(3);
  for (let c = 0; c < connectorCount; c++) {
    const id = mistake === 'connector-id-twice' ? 'contractors' : `${random.pick(['contractors', 'partners', 'subsidiary', 'labs'])}-${c + 1}`;
    const type = random.pick(['oidc', 'saml', 'gitForgeA'] as const);
    const body = type === 'oidc' ? oidc(host, issuer.replace('login.', `${id}.login.`), id, random) : type === 'saml' ? saml(host, id, random) : gitForgeA(host, id, random);
    connectors.push({ id, displayName: `${title(id.replace(/-\d+$/, ''))} (${type})`, [type]: body });
  }
  if (connectors.length) auth['connectors'] = connectors;
  if (random.chance(0.5)) auth['groupsFilters'] = ['^platform-.*$', '^(sre|security)$'];
  if (random.chance(0.4)) Object.assign(auth, { accessKeyMaxTTLSeconds: 2592000, loginAccessKeyTTLSeconds: 1728000 });

  const status: { [key: string]: Value } = { auth, platformHost: host, projectNamespacePrefix: random.pick(['p-', 'project-', 'team-']) };
  if (random.chance(0.5) || mistake === 'audit-level') status['audit'] = auditSection(random);
  if (random.chance(0.5) || mistake === 'enum') status['uiSettings'] = uiSection(host, random);
  if (random.chance(0.3)) status['vault'] = { enabled: true, address: 'https://vault.example.com:8200', namespace: 'platform', auth: { token: '$VAULT_TOKEN' }, syncInterval: '5m' };
  if (random.chance(0.4) || mistake === 'day-name') status['cloud'] = { releaseChannel: 'stable', maintenanceWindow: { dayOfWeek: random.pick(['Sunday', 'Saturday']), timeWindow: '02:00-04:00' } };
  if (random.chance(0.3)) status['costControl'] = costSection(random);
  if (random.chance(0.3)) status['apps'] = { repositories: [{ name: 'internal', url: 'https://charts.example.com/stable' }], predefinedApps: [{ chart: 'internal/observability-agent', initialVersion: '2.3.1', title: 'Observability agent' }] };

  const doc: { [key: string]: Value } = {
    apiVersion: 'management.platform/v1',
    kind: 'Config',
    metadata: { name: index % 2 ? 'platform-config' : `platform-config-${String(index).padStart(5, '0')}`, labels: { 'app.kubernetes.io/managed-by': 'gitops' } },
  };
  if (random.chance(0.4)) doc['spec'] = { raw: `platformHost: ${host}\nprojectNamespacePrefix: ${String(status['projectNamespacePrefix'])}\nauth:\n  password:\n    disabled: false\n` };
  doc['status'] = status;

  const firstProvider = (auth['oidc'] ?? auth['saml'] ?? auth['gitForgeA']) as { [key: string]: Value };
  switch (mistake) {
    case 'saml-two-cas':
      Object.assign(auth['saml'] as object, { ca: '/etc/platform/certs/idp-signing.pem', caData: CA_DATA });
      break;
    case 'missing-secret':
      delete (auth['oidc'] as { [key: string]: Value })['clientSecret'];
      break;
    case 'host-with-scheme':
      status['platformHost'] = `https://${host}`;
      break;
    case 'audit-level':
      (status['audit'] as { [key: string]: Value })['level'] = 7;
      break;
    case 'redirect-path':
      firstProvider['redirectURI'] = `https://${host}/auth/other/callback`;
      break;
    case 'unknown-field': {
      const provider = auth['oidc'] as { [key: string]: Value };
      provider['clientSecrte'] = provider['clientSecret'] ?? '';
      delete provider['clientSecret'];
      break;
    }
    case 'enum':
      ((status['uiSettings'] as { [key: string]: Value })['navBarButtons'] as { [key: string]: Value }[])[0] = { position: 'TopMiddle', text: 'Status', link: 'https://status.example.com' };
      break;
    case 'day-name':
      (status['cloud'] as { [key: string]: { [key: string]: Value } })['maintenanceWindow'] = { dayOfWeek: 'Sundy', timeWindow: '02:00-04:00' };
      break;
    case 'regex':
      auth['groupsFilters'] = ['^platform-.*$', '^(sre|security$'];
      break;
  }
  return toYaml(doc);
}

// ---------------------------------------------------------------------------------------------------------------
// Documents, files, corpora
// ---------------------------------------------------------------------------------------------------------------

export function generateDocument(index: number, seed: number): GeneratedDocument {
  const random = new Random(seed, index);
  const kind = documentKind(index);
  const list = kind === 'User' ? USER_MISTAKES : CONFIG_MISTAKES;
  // Mistakes take turns, so that every kind of mistake is equally represented.
  const mistake = isFlawed(index) ? list[Math.floor(index / 50) % list.length] : undefined;
  const text = kind === 'User' ? user(index, random, mistake) : config(index, random, mistake);
  return { kind, mistake, text };
}

export function fileName(fileIndex: number, docsPerFile: number): string {
  // 100 files per directory, as a repository would group them.
  const dir = `d${String(Math.floor(fileIndex / 100)).padStart(4, '0')}`;
  return join(dir, `${docsPerFile > 1 ? 'bundle' : 'manifest'}-${String(fileIndex).padStart(6, '0')}.yaml`);
}

export interface GeneratedFile {
  path: string;
  text: string;
  documents: GeneratedDocument[];
}

export function* generateFiles(spec: CorpusSpec): Generator<GeneratedFile> {
  const first = spec.firstDocument ?? 0;
  for (let f = 0; f < spec.files; f++) {
    const documents: GeneratedDocument[] = [];
    for (let d = 0; d < spec.docsPerFile; d++) documents.push(generateDocument(first + f * spec.docsPerFile + d, spec.seed));
    const header = `# Generated by platlint's benchmark (src/bench/corpus.ts), seed ${spec.seed}.\n`;
    const text = header + documents.map((doc, i) => (i > 0 || spec.docsPerFile > 1 ? '---\n' : '') + doc.text).join('');
    yield { path: fileName(f, spec.docsPerFile), text, documents };
  }
}

function fnv1a(hash: number, text: string): number {
  let h = hash;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Generates a corpus in memory (or into `dir` when given) and describes it. */
export function buildCorpus(spec: CorpusSpec, dir?: string): CorpusManifest {
  const counts: CorpusCounts = { files: 0, documents: 0, users: 0, configs: 0, flawedDocuments: 0, flawedUsers: 0, flawedConfigs: 0, flawedFiles: 0, bytes: 0, mistakes: {} };
  const flawedFiles: string[] = [];
  let hash = 0x811c9dc5;
  const made = new Set<string>();
  for (const file of generateFiles(spec)) {
    if (dir) {
      const target = join(dir, file.path);
      const parent = join(target, '..');
      if (!made.has(parent)) {
        mkdirSync(parent, { recursive: true });
        made.add(parent);
      }
      writeFileSync(target, file.text);
    }
    hash = fnv1a(fnv1a(hash, file.path), file.text);
    counts.files++;
    counts.bytes += Buffer.byteLength(file.text);
    let flawed = false;
    for (const doc of file.documents) {
      counts.documents++;
      if (doc.kind === 'User') counts.users++;
      else counts.configs++;
      if (doc.mistake) {
        flawed = true;
        counts.flawedDocuments++;
        if (doc.kind === 'User') counts.flawedUsers++;
        else counts.flawedConfigs++;
        const name = `${doc.kind}/${doc.mistake}`;
        counts.mistakes[name] = (counts.mistakes[name] ?? 0) + 1;
      }
    }
    if (flawed) {
      counts.flawedFiles++;
      flawedFiles.push(file.path);
    }
  }
  return { generator: GENERATOR_VERSION, spec, counts, hash: hash.toString(16).padStart(8, '0'), flawedFiles };
}

/** The corpus in `dir`, generated unless a manifest says the same generator and spec already wrote it. */
export function ensureCorpus(dir: string, spec: CorpusSpec): { manifest: CorpusManifest; generated: boolean } {
  try {
    const existing = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as CorpusManifest;
    if (existing.generator === GENERATOR_VERSION && JSON.stringify(existing.spec) === JSON.stringify(spec)) return { manifest: existing, generated: false };
  } catch {
    // No corpus yet, or an unreadable manifest: generate it.
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const manifest = buildCorpus(spec, dir);
  // A .json file: neither platlint nor the floor (both take *.yaml and *.yml) reads it.
  writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify(manifest) + '\n');
  return { manifest, generated: true };
}
