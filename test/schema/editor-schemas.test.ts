import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { LineCounter, parseAllDocuments, type Tags } from 'yaml';
import { describe, expect, it } from 'vitest';
import { isDNS1123Label, isGenerateNamePrefix, nameIsDNSSubdomain } from '../../src/formats/k8s-names.js';
import { isUrlSafeConnectorId } from '../../rules/auth/shared.js';
import {
  CONNECTOR_ID_PATTERN,
  GENERATE_NAME_PATTERN,
  NAMESPACE_PREFIX_PATTERN,
  NAMESPACE_PATTERN,
  NAME_PATTERN,
  OVERLAY_TITLES,
  TIME_WINDOW_PATTERN,
  editorSchema,
  manifestSchema,
  type EditorSchema,
} from '../../src/schema/editor-schemas.js';
import { schemas, type JsonSchema } from '../../src/schema/index.js';
import { yamlFilesUnder } from '../helpers/files.js';
import { lint } from '../helpers/lint.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures');
/** Fixtures linted as something else than standalone manifests (changes, patches, policy tests, inline directives). */
const NOT_STANDALONE = new Set(['change', 'patch', 'policies', 'directive', 'go-oracle', 'json-patch-tests']);

function compile(schema: EditorSchema): ValidateFunction {
  // The editor keywords (`if`, `const`, `pattern`...) are standard draft-07; strict mode would only object to
  // the annotations ajv does not know.
  return new Ajv({ strict: false, allErrors: true }).compile(schema);
}

const manifest = compile(manifestSchema());
const user = compile(editorSchema('User'));

const JANE = { apiVersion: 'management.platform/v1', kind: 'User', metadata: { name: 'jane' }, spec: { username: 'jane' } };

/** `<path> <keyword>` of each error; ajv's `if` entries ("must match then") only repeat the errors of the `then`. */
function errorsOf(validate: ValidateFunction, data: unknown): string[] {
  return validate(data) ? [] : (validate.errors ?? []).filter((e) => e.keyword !== 'if').map((e) => `${e.instancePath} ${e.keyword}`);
}

/** The document as data, or undefined where YAML cannot make it JSON (a merge of a scalar, a map as a key). */
function plainData(doc: { toJS(): unknown; contents: unknown }): unknown {
  try {
    return doc.toJS();
  } catch {
    return undefined;
  }
}

describe('editor schemas (platlint schema user, config, manifest)', () => {
  it('are valid draft-07 schemas with $schema, $id and title', () => {
    const ajv = new Ajv({ strict: false });
    for (const schema of [editorSchema('User'), editorSchema('Config'), manifestSchema()]) {
      expect(schema['$schema']).toBe('http://json-schema.org/draft-07/schema#');
      expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
    }
    expect([editorSchema('User')['$id'], editorSchema('Config')['$id'], manifestSchema()['$id']]).toEqual([
      'https://platlint.dev/schemas/User.json',
      'https://platlint.dev/schemas/Config.json',
      'https://platlint.dev/schemas/manifest.json',
    ]);
  });

  it('pins kind and apiVersion, requires metadata with a name or a generateName', () => {
    expect(errorsOf(user, JANE)).toEqual([]);
    expect(errorsOf(user, { ...JANE, kind: 'Usr' })).toEqual(['/kind const']);
    expect(errorsOf(user, { ...JANE, apiVersion: 'management.platfrom/v1' })).toEqual(['/apiVersion enum']);
    expect(errorsOf(user, { ...JANE, metadata: { labels: { team: 'sre' } } })).toEqual(['/metadata required', '/metadata required', '/metadata anyOf']);
    expect(errorsOf(user, { ...JANE, metadata: { generateName: 'contractor-' } })).toEqual([]);
    const { metadata: _metadata, ...withoutMetadata } = JANE;
    expect(errorsOf(user, withoutMetadata)).toEqual([' required']);
    expect(errorsOf(user, { ...JANE, spec: { usernme: 'jane' } })).toEqual(['/spec additionalProperties']);
  });

  it('manifest: picks the kind by `kind` and reports only that kind’s errors', () => {
    expect(errorsOf(manifest, JANE)).toEqual([]);
    const config = { apiVersion: 'management.platform/v1', kind: 'Config', metadata: { name: 'platform' }, status: { platformHost: 'p.example.com' } };
    expect(errorsOf(manifest, config)).toEqual([]);
    // A User's spec in a Config: the Config schema alone answers.
    expect(errorsOf(manifest, { ...config, spec: { username: 'jane' } })).toEqual(['/spec additionalProperties']);
    expect(errorsOf(manifest, { ...JANE, kind: 'Usr' })).toEqual(['/kind enum']);
    expect(manifestSchema()['properties']).toMatchObject({ kind: { examples: ['User', 'Config'] } });
  });

  it('manifest: leaves other tools\' files and lists to the linter, checks what looks like ours', () => {
    const others = [
      { apiVersion: 'v1', kind: 'Config', clusters: [], users: [{ name: 'admin' }] },
      { apiVersion: 'user.openshift.io/v1', kind: 'User', metadata: { name: 'jane' }, fullName: 'Jane' },
      { apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization', resources: ['users/'] },
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'platform' } },
      { apiVersion: 'management.platform/v1', kind: 'UserList', items: [{ kind: 'User' }] },
    ];
    for (const other of others) expect(errorsOf(manifest, other), JSON.stringify(other)).toEqual([]);
    expect(errorsOf(manifest, { ...JANE, apiVersion: 'management.platfrom/v1' })).toEqual(['/apiVersion enum', '/apiVersion enum']);
    expect(errorsOf(manifest, { kind: 'User', metadata: {} })).toEqual([' required', ' required', '/metadata required', '/metadata required', '/metadata anyOf']);
    // Explicit null on an optional field means the field left out.
    expect(errorsOf(manifest, { ...JANE, spec: { username: null, groups: ['a', null], disabled: null } })).toEqual([]);
  });

  it('adds the rules’ checks JSON Schema can say', () => {
    const withSpec = (spec: object): object => ({ ...JANE, spec });
    expect(errorsOf(user, withSpec({ access: [{ verbs: ['get', 'Get'], users: ['*'] }] }))).toEqual(['/spec/access/0/verbs/1 enum']);
    expect(errorsOf(user, withSpec({ access: [{ verbs: [], users: ['*'] }] }))).toEqual(['/spec/access/0/verbs minItems']);
    expect(errorsOf(user, withSpec({ tokenGeneration: -1 }))).toEqual(['/spec/tokenGeneration minimum']);
    expect(errorsOf(user, withSpec({ clusterRoles: [{}] }))).toEqual(['/spec/clusterRoles/0 required']);
    const config = compile(editorSchema('Config'));
    const saml = { ssoURL: 'https://idp.example.com/sso', redirectURI: 'https://p.example.com/auth/saml/callback', usernameAttr: 'name', emailAttr: 'email', insecureSkipSignatureValidation: true };
    const withStatus = (status: object): object => ({ apiVersion: 'management.platform/v1', kind: 'Config', metadata: { name: 'p' }, status });
    expect(errorsOf(config, withStatus({ auth: { saml: { ssoURL: 'https://idp.example.com/sso' } } }))).toEqual(['/status/auth/saml required', '/status/auth/saml required', '/status/auth/saml required']);
    expect(errorsOf(config, withStatus({ auth: { connectors: [{ displayName: 'Corp' }] } }))).toEqual(['/status/auth/connectors/0 required']);
    expect(errorsOf(config, withStatus({ auth: { gitForgeA: { clientSecret: '$S', redirectURI: 'https://p/auth/github/callback', rootCA: 'pem' } } }))).toEqual(['/status/auth/gitForgeA required']);
    expect(errorsOf(config, withStatus({ auth: { gitForgeA: { clientSecret: '$S', redirectURI: 'https://p/auth/github/callback', rootCA: '' } } }))).toEqual([]);
    expect(errorsOf(config, withStatus({ audit: { enabled: true } }))).toEqual(['/status/audit required']);
    expect(errorsOf(config, withStatus({ audit: { enabled: false, maxSize: -1 } }))).toEqual(['/status/audit/maxSize minimum']);
    expect(errorsOf(config, withStatus({ auth: { oidc: { clientId: ' ', clientSecret: '$S' } } }))).toEqual(['/status/auth/oidc/clientId pattern']);
    expect(errorsOf(config, withStatus({ auth: { saml: { ...saml, nameIDPolicyFormat: 'emailAddress' } } }))).toEqual([]);
    expect(errorsOf(config, withStatus({ auth: { saml: { ...saml, nameIDPolicyFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient' } } }))).toEqual([]);
    expect(errorsOf(config, withStatus({ auth: { saml: { ...saml, nameIDPolicyFormat: 'EmailAddress' } } }))).toEqual(['/status/auth/saml/nameIDPolicyFormat enum']);
    expect(errorsOf(config, withStatus({ auth: { connectors: [{ id: '..', saml }] } }))).toEqual(['/status/auth/connectors/0/id pattern']);
    expect(errorsOf(config, withStatus({ projectNamespacePrefix: '-p' }))).toEqual(['/status/projectNamespacePrefix pattern']);
    expect(errorsOf(config, withStatus({ cloud: { maintenanceWindow: { timeWindow: '22:00-24:00' } } }))).toEqual(['/status/cloud/maintenanceWindow/timeWindow pattern']);
  });

  it('names in each overlay an object title of the validated schemas', () => {
    const titles = new Set<string>();
    const walk = (schema: JsonSchema): void => {
      if (schema.title) titles.add(schema.title);
      for (const child of Object.values(schema.properties ?? {})) walk(child);
      if (schema.items) walk(schema.items);
    };
    walk(schemas.User);
    walk(schemas.Config);
    expect(OVERLAY_TITLES.filter((title) => !titles.has(title))).toEqual([]);
  });

  it('name, generateName, namespace, connector id and namespace prefix patterns accept exactly what the rules accept', () => {
    const piece = fc.constantFrom('a', 'z', '0', '9', '-', '.', 'A', '_', '~', '/', 'é', ' ', 'ab', 'x-', '..');
    const text = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));
    const cases: [string, (value: string) => boolean][] = [
      [NAME_PATTERN, (value) => nameIsDNSSubdomain(value, false).length === 0],
      [GENERATE_NAME_PATTERN, (value) => isGenerateNamePrefix(value).length === 0],
      [NAMESPACE_PATTERN, (value) => isDNS1123Label(value).length === 0],
      [CONNECTOR_ID_PATTERN, isUrlSafeConnectorId],
      // config/project-namespace-prefix: the prefix and a one-letter project name make a label (length aside).
      [NAMESPACE_PREFIX_PATTERN, (value) => isDNS1123Label(`${value}a`).length === 0],
    ];
    for (const [pattern, valid] of cases) {
      const regex = new RegExp(pattern, 'u');
      // The empty string is the rules' to judge (an absent name, the default namespace): the patterns let it pass.
      fc.assert(fc.property(text.filter((value) => value !== ''), (value) => regex.test(value) === valid(value)), { numRuns: 2000 });
    }
    expect(new RegExp(TIME_WINDOW_PATTERN, 'u').test('22:00-06:30')).toBe(true);
  });

  it('never reject a fixture document the linter has no error for (an editor error is a lint error)', () => {
    let rejected = 0;
    const unexplained: string[] = [];
    for (const file of yamlFilesUnder(FIXTURES).filter((path) => !NOT_STANDALONE.has(relative(FIXTURES, path).split(sep)[0] ?? ''))) {
      const text = readFileSync(file, 'utf8');
      const lineCounter = new LineCounter();
      // Timestamps stay strings, as the platform's decoder (into string fields) and the linter keep them.
      const customTags = (tags: Tags): Tags => tags.filter((tag) => typeof tag === 'string' || tag.tag !== 'tag:yaml.org,2002:timestamp');
      const documents = parseAllDocuments(text, { version: '1.1', lineCounter, customTags });
      if (!Array.isArray(documents) || documents.some((doc) => doc.errors.length > 0)) continue;
      let errorLines: number[] | undefined;
      for (const doc of documents) {
        const data = plainData(doc);
        if (typeof data !== 'object' || data === null || !('kind' in data) || !['User', 'Config'].includes(String(data.kind))) continue;
        if (errorsOf(manifest, data).length === 0) continue;
        rejected++;
        errorLines ??= lint(text, { filename: file }).filter((d) => d.severity === 'error').map((d) => d.line);
        const [start, , end] = doc.range;
        const [first, last] = [lineCounter.linePos(start).line, lineCounter.linePos(end).line];
        if (!errorLines.some((line) => line >= first && line <= last)) unexplained.push(`${relative(FIXTURES, file)}:${first} ${JSON.stringify(errorsOf(manifest, data))}`);
      }
    }
    expect(unexplained).toEqual([]);
    expect(rejected).toBeGreaterThan(40);
  });
});
