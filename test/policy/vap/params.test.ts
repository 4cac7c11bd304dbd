/**
 * What a ValidatingAdmissionPolicy reads besides the object, through the CLI: parameter objects (by name, by
 * selector, missing), `request` with the user of .platlint.yaml, the authorizer's answers, `namespaceObject`.
 */
import { describe, expect, it } from 'vitest';
import { binding, docs, policy, user, USERS_RULES, vapRun, type Row } from './helpers.js';

const PARAMS = '  paramKind:\n    apiVersion: v1\n    kind: ConfigMap\n';
const MAX_GROUPS = `${PARAMS}${USERS_RULES}  validations:\n    - expression: "size(object.spec.groups) <= int(params.data.max)"\n      messageExpression: "'at most ' + params.data.max + ' groups (' + params.metadata.name + ')'"\n      fieldPath: spec.groups\n`;
const JANE = user('jane', '  username: jane\n  groups: [a, b, c]\n');
const configMap = (name: string, max: number, more = ''): string => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n  namespace: policies\n${more}data:\n  max: "${max}"\n`;

function messages(files: Record<string, string>, lint = ['u.yaml']): Row[] {
  const run = vapRun(files, ['--policy', 'p.yaml', ...lint]);
  expect(run.stderr).toBe('');
  return run.rows;
}

/** At spec.groups, the validation's fieldPath (a list: at its key), in JANE. */
const GROUPS = ['u.yaml', 7, 3] as const;
/** At metadata.name: a binding that fails to configure has no validation, hence no fieldPath. */
const NAME = ['u.yaml', 4, 9] as const;

describe('parameter objects', () => {
  it('by name, in the paramRef\'s namespace, from the policy files or the linted files', () => {
    const byName = (more = ''): string => `  paramRef:\n    name: limits\n    namespace: policies\n    parameterNotFoundAction: Deny\n${more}`;
    expect(messages({ 'p.yaml': docs(policy('max', MAX_GROUPS), binding('b', 'max', '[Deny]', byName()), configMap('limits', 2)), 'u.yaml': JANE })).toEqual([['vap/max', 'error', ...GROUPS, 'at most 2 groups (limits)']]);
    expect(messages({ 'p.yaml': docs(policy('max', MAX_GROUPS), binding('b', 'max', '[Deny]', byName()), configMap('limits', 5)), 'u.yaml': JANE })).toEqual([]);
    // From a linted file: the pre-scan finds it wherever it is.
    expect(messages({ 'p.yaml': docs(policy('max', MAX_GROUPS), binding('b', 'max', '[Deny]', byName())), 'u.yaml': JANE, 'cm.yaml': configMap('limits', 1) }, ['u.yaml', 'cm.yaml'])).toEqual([['vap/max', 'error', ...GROUPS, 'at most 1 groups (limits)']]);
  });

  it('by selector: one validation per parameter object it selects', () => {
    const selector = '  paramRef:\n    namespace: policies\n    selector:\n      matchLabels: {kind: limit}\n    parameterNotFoundAction: Allow\n';
    const params = [configMap('two', 2, '  labels: {kind: limit}\n'), configMap('one', 1, '  labels: {kind: limit}\n'), configMap('zero', 0)];
    expect(messages({ 'p.yaml': docs(policy('max', MAX_GROUPS), binding('b', 'max', '[Deny]', selector), ...params), 'u.yaml': JANE })).toEqual([
      ['vap/max', 'error', ...GROUPS, 'at most 2 groups (two)'],
      ['vap/max', 'error', ...GROUPS, 'at most 1 groups (one)'],
    ]);
  });

  it('a missing parameter object: Allow admits without validating; Deny denies, or informs under failurePolicy Ignore', () => {
    const missing = (action: string): string => `  paramRef:\n    name: absent\n    namespace: policies\n    parameterNotFoundAction: ${action}\n`;
    expect(messages({ 'p.yaml': docs(policy('max', MAX_GROUPS), binding('b', 'max', '[Deny]', missing('Allow'))), 'u.yaml': JANE })).toEqual([]);
    const denied = 'failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction';
    expect(messages({ 'p.yaml': docs(policy('max', MAX_GROUPS), binding('b', 'max', '[Warn]', missing('Deny'))), 'u.yaml': JANE })).toEqual([['vap/max', 'error', ...NAME, denied]]);
    const ignored = policy('max', `  failurePolicy: Ignore\n${MAX_GROUPS}`);
    expect(messages({ 'p.yaml': docs(ignored, binding('b', 'max', '[Deny]', missing('Deny'))), 'u.yaml': JANE })).toEqual([['vap/max', 'info', ...NAME, denied]]);
  });

  it('a namespaced paramKind needs paramRef.namespace for a cluster-scoped object (a User)', () => {
    const noNamespace = '  paramRef:\n    name: limits\n    parameterNotFoundAction: Allow\n';
    expect(messages({ 'p.yaml': docs(policy('max', MAX_GROUPS), binding('b', 'max', '[Deny]', noNamespace), configMap('limits', 2)), 'u.yaml': JANE })).toEqual([
      ['vap/max', 'error', ...NAME, 'failed to configure binding: cannot use namespaced paramRef in policy binding that matches cluster-scoped resources'],
    ]);
  });
});

describe('a paramKind of the platform', () => {
  const params = (expression: string): string =>
    docs(
      policy('email', `  paramKind:\n    apiVersion: management.platform/v1\n    kind: Config\n${USERS_RULES}  validations:\n    - expression: "${expression}"\n      messageExpression: "'not at ' + params.status.platformHost"\n`),
      binding('b', 'email', '[Deny]', '  paramRef:\n    name: platform\n    parameterNotFoundAction: Deny\n'),
      'apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: platform\nstatus:\n  platformHost: acme.example\n',
    );
  const jane = user('jane', '  username: jane\n  email: jane@example.com\n');

  it('has the type of its schema, as the API server resolves a paramKind: its fields are read', () => {
    expect(messages({ 'p.yaml': params("object.spec.email.endsWith('@' + params.status.platformHost)"), 'u.yaml': jane })).toEqual([['vap/email', 'error', ...NAME, 'not at acme.example']]);
  });

  it('a field its schema does not have is a compile error at the field, as for object; its parameter object is no mistake of its own', () => {
    const run = vapRun({ 'p.yaml': params("object.spec.email.endsWith('@' + params.status.platformHots)"), 'u.yaml': jane }, ['--policy', 'p.yaml', 'u.yaml']);
    expect(run.rows).toEqual([['policy/invalid', 'error', 'p.yaml', 16, 66, 'validations[0].expression: CEL type error: undefined field \'platformHots\'; did you mean "platformHost"?']]);
  });
});

describe('a v1 ConfigMap or Secret paramKind', () => {
  const withParams = (kind: 'ConfigMap' | 'Secret', expression: string, message = "'denied'"): string =>
    docs(
      policy('max', `  paramKind:\n    apiVersion: v1\n    kind: ${kind}\n${USERS_RULES}  validations:\n    - expression: "${expression}"\n      messageExpression: "${message}"\n`),
      binding('b', 'max', '[Deny]', '  paramRef:\n    name: limits\n    namespace: policies\n    parameterNotFoundAction: Deny\n'),
      kind === 'ConfigMap' ? configMap('limits', 2) : 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: limits\n  namespace: policies\ndata:\n  max: Mg==\n',
    );
  const problems = (files: Record<string, string>): Row[] => vapRun(files, ['--policy', 'p.yaml', 'u.yaml']).rows;

  it("has the type of its schema: a ConfigMap's data are strings, its metadata an ObjectMeta", () => {
    expect(messages({ 'p.yaml': withParams('ConfigMap', 'size(object.spec.groups) <= int(params.data.max)', "params.metadata.name + ' ' + params.data.max"), 'u.yaml': JANE })).toEqual([['vap/max', 'error', ...GROUPS.slice(0, 1), 4, 9, 'limits 2']]);
  });

  it('a field its schema does not have is a compile error at the field; values are typed as evaluation sees them', () => {
    expect(problems({ 'p.yaml': withParams('ConfigMap', 'size(object.spec.groups) <= int(params.dat.max)'), 'u.yaml': JANE })).toEqual([
      ['policy/invalid', 'error', 'p.yaml', 16, 58, 'validations[0].expression: CEL type error: undefined field \'dat\'; did you mean "data"?'],
    ]);
    // A Secret's data are what evaluation sees, the base64 text (the API server passes params as unstructured JSON).
    expect(messages({ 'p.yaml': withParams('Secret', "params.data.max.startsWith('M') && false", "string(params.data.max) + ' ' + params.metadata.namespace"), 'u.yaml': JANE })).toEqual([['vap/max', 'error', ...GROUPS.slice(0, 1), 4, 9, 'Mg== policies']]);
    expect(problems({ 'p.yaml': withParams('Secret', "params.metadata.nmae == ''"), 'u.yaml': JANE })).toEqual([
      ['policy/invalid', 'error', 'p.yaml', 16, 35, 'validations[0].expression: CEL type error: undefined field \'nmae\'; did you mean "name"?'],
    ]);
  });

  it('another paramKind stays dyn: its schema is not known offline', () => {
    const deployment = docs(
      policy('max', `  paramKind:\n    apiVersion: apps/v1\n    kind: Deployment\n${USERS_RULES}  validations:\n    - expression: "params.spec.whatever == 1"\n      messageExpression: "'x'"\n`),
      binding('b', 'max', '[Deny]', '  paramRef:\n    name: limits\n    namespace: policies\n    parameterNotFoundAction: Allow\n'),
    );
    expect(problems({ 'p.yaml': deployment, 'u.yaml': JANE })).toEqual([]);
  });
});

describe('the request', () => {
  const requestPolicy = (expression: string, message: string): string => docs(policy('request', `${USERS_RULES}  validations:\n    - expression: "${expression}"\n      messageExpression: "${message}"\n`), binding('b', 'request', '[Deny]'));

  it('CREATE for a plain lint, with kind, resource, name, user, options as kubectl apply sends them', () => {
    const message = "request.operation + ' ' + request.kind.group + '/' + request.kind.version + '/' + request.kind.kind + ' ' + request.resource.resource + ' ' + request.name + ' by ' + request.userInfo.username + ' in ' + request.userInfo.groups.join(',') + ' ' + string(request.dryRun) + ' ' + request.options.kind + ' ' + request.options.fieldManager + ' ' + string(has(request.namespace))";
    const files = { 'p.yaml': requestPolicy('false', message), 'u.yaml': JANE, '.platlint.yaml': 'admission:\n  userInfo:\n    username: ci@acme.example\n    groups: [ci, system:authenticated]\n' };
    expect(messages(files)).toEqual([['vap/request', 'error', ...NAME, 'CREATE management.platform/v1/User users jane by ci@acme.example in ci,system:authenticated false CreateOptions kubectl-client-side-apply false']]);
  });

  it('without admission.userInfo the user has no name: reading it is an error, as for an empty user', () => {
    expect(messages({ 'p.yaml': requestPolicy("request.userInfo.username != ''", "'x'"), 'u.yaml': JANE })).toEqual([['vap/request', 'error', ...NAME, "expression 'request.userInfo.username != ''' resulted in error: no such key: username"]]);
  });

  it('namespaceObject: the Namespace of the linted files, or one with only its name; null for a cluster-scoped object', () => {
    const deployments = '  matchConstraints:\n    resourceRules:\n      - {apiGroups: [apps, management.platform], apiVersions: [v1], operations: [CREATE], resources: [deployments, users]}\n';
    const ns = docs(
      policy('ns', `${deployments}  validations:\n    - expression: "false"\n      messageExpression: "namespaceObject == null ? 'none' : namespaceObject.metadata.name + ' ' + string(namespaceObject.metadata.?labels.team.orValue('-'))"\n`),
      binding('b', 'ns', '[Deny]'),
    );
    const objects = docs(
      'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  labels: {team: web}\n',
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: a\n  namespace: shop\n',
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: b\n  namespace: lab\n',
      JANE,
    );
    expect(messages({ 'p.yaml': ns, 'o.yaml': objects }, ['o.yaml'])).toEqual([
      ['vap/ns', 'error', 'o.yaml', 10, 9, 'shop web'],
      ['vap/ns', 'error', 'o.yaml', 16, 9, 'lab -'],
      ['vap/ns', 'error', 'o.yaml', 22, 9, 'none'],
    ]);
  });
});

describe('the authorizer', () => {
  const checks = docs(
    policy('authz', `${USERS_RULES}  validations:\n    - expression: "authorizer.group('management.platform').resource('users').name(object.metadata.name).check('update').allowed()"\n      messageExpression: "'not allowed to update ' + object.metadata.name"\n`),
    binding('b', 'authz', '[Deny]'),
  );
  const users = docs(JANE, user('bob', '  username: bob\n'));

  it('allows what admission.authorizer lists, and nothing else', () => {
    const settings = 'admission:\n  authorizer:\n    - verbs: [update, get]\n      apiGroups: [management.platform]\n      resources: [users]\n      resourceNames: [jane]\n';
    expect(messages({ 'p.yaml': checks, 'u.yaml': users, '.platlint.yaml': settings })).toEqual([['vap/authz', 'error', 'u.yaml', 12, 9, 'not allowed to update bob']]);
  });

  it('without it, denies every check and says so once, in the policy file', () => {
    const run = vapRun({ 'p.yaml': checks, 'u.yaml': users }, ['--policy', 'p.yaml', 'u.yaml']);
    expect(run.rows).toEqual([
      ['vap/authz', 'error', 'u.yaml', 4, 9, 'not allowed to update jane'],
      ['vap/authz', 'error', 'u.yaml', 12, 9, 'not allowed to update bob'],
      ['vap/authz', 'info', 'p.yaml', 4, 9, 'vap/authz checks the authorizer, and .platlint.yaml sets no admission.authorizer: every check is denied'],
    ]);
  });
});
