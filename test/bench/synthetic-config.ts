/** Synthetic Configs: login providers, audit, UI, cost, cloud, and the mistakes the benchmark expects errors for. */
import type { Random } from './random.js';
import { toYaml, type Value } from './emit-yaml.js';
import { DOMAINS, HOSTS, TEAMS, title } from './vocabulary.js';

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

export function config(index: number, random: Random, mistake: string | undefined): string {
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
