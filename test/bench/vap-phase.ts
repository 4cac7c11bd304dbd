/**
 * What ValidatingAdmissionPolicies cost (DESIGN.md: 50 VAPs over the realistic corpus within 1.5x the run without
 * them): platlint on the realistic corpus with 50 policies and their bindings on the platform's Users (v), against
 * the same run without them (v0), alternating. The policies are what an organisation writes for its Users: e-mail
 * domains, name formats, forbidden roles and verbs, label and annotation conventions, secret references, limits,
 * some with variables, match conditions, an object selector or a parameter object, at Deny, Warn and Audit; each
 * check is written twice, at two strictnesses, as teams do when one warns first and denies later.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Bench } from './context.js';
import { BenchError, log } from './measure.js';
import { alternate, platlintWith, realisticCorpus } from './phases.js';

interface Check {
  name: string;
  expression: string;
  message: string;
  fieldPath?: string;
  variables?: [string, string][];
  matchCondition?: string;
  objectSelector?: string;
  params?: boolean;
}

/** Each check, with `{n}` where the two strictnesses differ. */
const CHECKS: readonly Check[] = [
  { name: 'email-domain', expression: "!has(object.spec.email) || object.spec.email.endsWith('@example.com') || object.spec.email.endsWith('@example.org') || {n} > 1", message: 'the e-mail address is not a company address', fieldPath: 'spec.email' },
  { name: 'username-format', expression: "!has(object.spec.username) || (object.spec.username.matches('^[a-z0-9._-]+$') && size(object.spec.username) <= 30 + {n})", message: 'usernames are lowercase letters, digits, dots, dashes', fieldPath: 'spec.username' },
  { name: 'display-name', expression: 'has(object.spec.displayName) && size(object.spec.displayName) > {n} - 1', message: 'users need a display name', fieldPath: 'spec.displayName' },
  { name: 'no-cluster-admin', expression: "!has(object.spec.clusterRoles) || object.spec.clusterRoles.all(r, !has(r.name) || (r.name != 'cluster-admin' && r.name != 'admin-{n}'))", message: 'cluster-admin goes through break-glass', fieldPath: 'spec.clusterRoles' },
  { name: 'no-wildcard-verbs', expression: "!has(object.spec.access) || object.spec.access.all(a, !has(a.verbs) || !a.verbs.exists(v, v == '*' || v == 'verb-{n}'))", message: 'access rules list their verbs', fieldPath: 'spec.access' },
  { name: 'group-count', expression: '!has(object.spec.groups) || size(object.spec.groups) <= 10 * {n}', message: 'too many groups', fieldPath: 'spec.groups' },
  { name: 'icon-https', expression: "!has(object.spec.icon) || object.spec.icon.startsWith('https://') || {n} == 0", message: 'icons are served over https', fieldPath: 'spec.icon' },
  { name: 'managed-by', expression: "has(object.metadata.labels) && 'app.kubernetes.io/managed-by' in object.metadata.labels || {n} == 0", message: 'say what manages the user', fieldPath: 'metadata.labels' },
  { name: 'token-generation', expression: '!has(object.spec.tokenGeneration) || (object.spec.tokenGeneration >= 0 && object.spec.tokenGeneration < 1000 * {n})', message: 'tokenGeneration out of range', fieldPath: 'spec.tokenGeneration' },
  { name: 'owner', expression: 'has(object.spec.owner) && (has(object.spec.owner.user) || has(object.spec.owner.team)) || {n} == 0', message: 'users have an owner', fieldPath: 'spec.owner' },
  { name: 'subject-is-email', expression: '!has(object.spec.subject) || !has(object.spec.email) || object.spec.subject == object.spec.email || {n} == 0', message: 'the subject is the e-mail address', fieldPath: 'spec.subject' },
  { name: 'description-length', expression: '!has(object.spec.description) || size(object.spec.description) <= 100 * {n}', message: 'the description is too long', fieldPath: 'spec.description' },
  { name: 'password-namespace', expression: "!has(object.spec.passwordRef) || !has(object.spec.passwordRef.secretNamespace) || object.spec.passwordRef.secretNamespace in ['platform', 'platform-{n}']", message: 'passwords live in the platform namespace', fieldPath: 'spec.passwordRef.secretNamespace' },
  { name: 'pull-secret-kind', expression: "!has(object.spec.imagePullSecrets) || object.spec.imagePullSecrets.all(s, !has(s.kind) || s.kind in ['SharedSecret', 'Secret-{n}'])", message: 'pull secrets are shared secrets', fieldPath: 'spec.imagePullSecrets' },
  { name: 'name-format', expression: "object.metadata.name.matches('^[a-z0-9-]+$') && size(object.metadata.name) <= 60 + {n}", message: 'names are lowercase words with dashes' },
  { name: 'sso-groups', expression: "!has(object.spec.ssoGroups) || object.spec.ssoGroups.all(g, g.startsWith('okta:') || g.startsWith('group-{n}:'))", message: 'SSO groups come from okta', fieldPath: 'spec.ssoGroups' },
  { name: 'access-subjects', expression: '!has(object.spec.access) || object.spec.access.all(a, (has(a.users) && size(a.users) > 0) || (has(a.teams) && size(a.teams) > {n} - 1))', message: 'access rules name users or teams', fieldPath: 'spec.access' },
  {
    name: 'allowed-groups',
    expression: '!has(object.spec.groups) || object.spec.groups.all(g, g in variables.allowed || g.startsWith(params.data.prefix))',
    message: 'a group is not allowed',
    fieldPath: 'spec.groups',
    variables: [['allowed', "params.data.groups.split(',')"]],
    params: true,
  },
  { name: 'disabled-no-roles', expression: '!has(object.spec.clusterRoles) || size(object.spec.clusterRoles) < {n}', message: 'disabled users keep no cluster roles', fieldPath: 'spec.clusterRoles', matchCondition: 'has(object.spec.disabled) && object.spec.disabled' },
  { name: 'username-unchanged', expression: "request.operation != 'UPDATE' || object.spec.username == oldObject.spec.username || {n} == 0", message: 'usernames do not change' },
  { name: 'extra-claims', expression: "!has(object.spec.extraClaims) || object.spec.extraClaims.all(k, !k.startsWith('platform.') || {n} == 0)", message: 'platform.* claims are the platform\'s', fieldPath: 'spec.extraClaims' },
  {
    name: 'onboarding-ticket',
    expression: "!(variables.ticket in object.metadata.?annotations.orValue({})) || object.metadata.annotations[variables.ticket].matches('^OPS-[0-9]+$') || {n} == 0",
    message: 'onboarding tickets are OPS issues',
    variables: [['ticket', "'platform.example.com/onboarding-ticket'"]],
  },
  { name: 'gitops-team', expression: "'platform.example.com/team' in object.metadata.labels || 'platform.example.com/department' in object.metadata.labels || {n} == 0", message: 'GitOps users name their team', objectSelector: 'app.kubernetes.io/managed-by: gitops' },
  { name: 'codes-with-password', expression: '!has(object.spec.codesRef) || has(object.spec.passwordRef) || {n} == 0', message: 'access keys come with a password', fieldPath: 'spec.codesRef' },
  { name: 'owner-team', expression: "!has(object.spec.owner) || !has(object.spec.owner.team) || object.spec.owner.team.matches('^[a-z-]+$') || {n} == 0", message: 'owner teams are lowercase words', fieldPath: 'spec.owner.team' },
];

const ACTIONS = ['[Deny]', '[Warn]', '[Audit]', '[Warn, Audit]'] as const;

function policyDocuments(check: Check, variant: number): string {
  const name = `${check.name}-${variant}`;
  const lines = ['apiVersion: admissionregistration.k8s.io/v1', 'kind: ValidatingAdmissionPolicy', 'metadata:', `  name: ${name}`, 'spec:', '  failurePolicy: Fail'];
  if (check.params) lines.push('  paramKind:', '    apiVersion: v1', '    kind: ConfigMap');
  lines.push('  matchConstraints:');
  if (check.objectSelector) lines.push('    objectSelector:', `      matchLabels: {${check.objectSelector}}`);
  lines.push('    resourceRules:', '      - apiGroups: [management.platform]', '        apiVersions: [v1]', '        operations: [CREATE, UPDATE]', '        resources: [users]');
  if (check.matchCondition) lines.push('  matchConditions:', '    - name: applies', `      expression: ${JSON.stringify(check.matchCondition)}`);
  if (check.variables) lines.push('  variables:', ...check.variables.flatMap(([n, e]) => [`    - name: ${n}`, `      expression: ${JSON.stringify(e)}`]));
  lines.push('  validations:', `    - expression: ${JSON.stringify(check.expression.replaceAll('{n}', String(variant + 1)))}`, `      message: ${JSON.stringify(check.message)}`);
  if (check.fieldPath) lines.push(`      fieldPath: ${check.fieldPath}`);
  const binding = ['apiVersion: admissionregistration.k8s.io/v1', 'kind: ValidatingAdmissionPolicyBinding', 'metadata:', `  name: ${name}`, 'spec:', `  policyName: ${name}`, `  validationActions: ${ACTIONS[(variant + check.name.length) % ACTIONS.length] ?? '[Deny]'}`];
  if (check.params) binding.push('  paramRef:', '    name: user-groups', '    namespace: platform-policies', '    parameterNotFoundAction: Deny');
  return `${lines.join('\n')}\n---\n${binding.join('\n')}\n`;
}

/** The 50 policies, ten to a file, and the parameter object; returns the folder. */
export function writeAdmissionPolicies(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const documents = CHECKS.flatMap((check) => [policyDocuments(check, 0), policyDocuments(check, 1)]);
  if (documents.length !== 50) throw new BenchError(`${documents.length} admission policies, not 50`);
  for (let file = 0; file < 5; file++) writeFileSync(join(dir, `users-${file}.yaml`), documents.slice(file * 10, file * 10 + 10).join('---\n'));
  const params = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: user-groups\n  namespace: platform-policies\ndata:\n  groups: platform-engineering,sre,platform-users,payments,data\n  prefix: team-\n';
  writeFileSync(join(dir, 'params.yaml'), params);
  return dir;
}

export async function vapPhase(bench: Bench): Promise<void> {
  const corpus = realisticCorpus(bench, bench.options.smoke ? 100 : 3_000);
  const policies = writeAdmissionPolicies(join(bench.options.out, 'admission-policies'));
  let report = '';
  for (let rep = 0; rep < bench.options.reps; rep++) {
    await alternate([
      async () => {
        report = await platlintWith(bench, corpus.dir, 'v platlint realistic, 50 admission policies', ['--policy', policies]);
      },
      () => platlintWith(bench, corpus.dir, 'v0 platlint realistic, no policies', []).then(() => undefined),
    ], rep);
    log(`admission policies (50): repetition ${rep + 1}/${bench.options.reps} done`);
  }
  bench.checks['platlint realistic, 50 admission policies'] = checkAdmissionReport(report);
}

/** The run with the policies loaded them all (no policy/ diagnostic) and reported on the Users. */
function checkAdmissionReport(file: string): { policyProblems: number; admissionDiagnostics: number; rules: number } {
  const report = JSON.parse(readFileSync(file, 'utf8')) as { results: { diagnostics: { ruleId: string }[] }[] };
  const ids = report.results.flatMap((r) => r.diagnostics.map((d) => d.ruleId));
  const check = { policyProblems: ids.filter((id) => id.startsWith('policy/')).length, admissionDiagnostics: ids.filter((id) => id.startsWith('vap/')).length, rules: new Set(ids.filter((id) => id.startsWith('vap/'))).size };
  if (check.policyProblems > 0 || check.admissionDiagnostics === 0) throw new BenchError(`the admission policies did not run as written: ${JSON.stringify(check)}`);
  return check;
}
