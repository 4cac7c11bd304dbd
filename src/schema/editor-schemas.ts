/**
 * The JSON Schemas platlint exports for editors (`platlint schema user|config|manifest`): the schemas the linter
 * validates with, plus what JSON Schema can say of the rules' checks, so that the YAML language server flags
 * `kind: Usr`, a misspelt apiVersion or a missing name as the user types.
 *
 * The additions live here, not in the validated schemas: the linter reports these cases through its rules, with a
 * message, a note and a fix each, and adding them to the schemas it validates with would report them twice. Every
 * addition is at most as strict as the rule it mirrors (an editor error is always a lint error too), so a manifest
 * that lints clean shows nothing in the editor.
 */
import { API_GROUP, API_VERSION, OBJECT_FIELDS, RESOURCE_KINDS } from '../engine/scope.js';
import type { ResourceKind } from '../engine/types.js';
import { lastComponent, NAME_ID_FORMATS, USER_VERBS } from '../platform/enumerations.js';
import { SCHEMA_DRAFT, schemaId, schemas, type JsonSchema } from './index.js';

/** A schema as written to a file: the validated subset plus the keywords only editors see (`const`, `if`, `pattern`...). */
export type EditorSchema = { [keyword: string]: unknown };

/** Additions to one object schema: keywords set as given, `properties` merged into the existing properties. */
type Overlay = { [keyword: string]: unknown; properties?: { [name: string]: Overlay } };

const LABEL = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const SUBDOMAIN = `${LABEL}(\\.${LABEL})*`;

/**
 * apimachinery's `NameIsDNSSubdomain(value, true)`: a subdomain, or (ending in `-`) a text whose last two characters,
 * replaced by `a`, make one. The empty string passes: `meta/name` says what an empty name means.
 */
export const GENERATE_NAME_PATTERN = `^(${SUBDOMAIN}|(${SUBDOMAIN}\\.)?([a-z0-9][-a-z0-9]*)?[\\s\\S]-)?$`;
export const NAME_PATTERN = `^(${SUBDOMAIN})?$`;
export const NAMESPACE_PATTERN = `^(${LABEL})?$`;
/** `HH:MM-HH:MM`, 24-hour times; empty passes (`cloud/maintenance-window` skips it). */
export const TIME_WINDOW_PATTERN = '^(([01][0-9]|2[0-3]):[0-5][0-9]-([01][0-9]|2[0-3]):[0-5][0-9])?$';

/** A connector id usable as one URL path step: unreserved characters, and not `.` or `..` (`auth/connectors`). */
export const CONNECTOR_ID_PATTERN = '^(\\.{0,2}[A-Za-z0-9_~-][A-Za-z0-9._~-]*|\\.{3,}[A-Za-z0-9._~-]*)$';
/** The start of a DNS-1123 label, or empty (no prefix at all): `config/project-namespace-prefix`. */
export const NAMESPACE_PREFIX_PATTERN = '^([a-z0-9][-a-z0-9]*)?$';

/** A pattern and the message the YAML language server shows for it (`patternErrorMessage`; other tools ignore it). */
function patterned(pattern: string, message: string): EditorSchema {
  return { pattern, patternErrorMessage: message };
}

/** `then` applies when `field` is a non-empty string: the rules treat an empty or null field as not given. */
function whenFilled(field: string, then: object): object {
  return { if: { required: [field], properties: { [field]: { type: 'string', minLength: 1 } } }, then };
}

const nonNegative = { minimum: 0 };

/** By object `title`: each object schema with that title (at the top level and inside connectors alike) gets it. */
const OVERLAYS: Readonly<Record<string, Overlay>> = {
  ObjectMeta: {
    // meta/name: `name` or `generateName`.
    anyOf: [{ required: ['name'] }, { required: ['generateName'] }],
    properties: {
      name: { ...patterned(NAME_PATTERN, 'A lowercase DNS-1123 subdomain: a-z, 0-9, "-" and ".", starting and ending with a letter or digit (jane-doe).'), maxLength: 253 },
      // The masked text is one character shorter: 254 characters can pass.
      generateName: { ...patterned(GENERATE_NAME_PATTERN, 'The start of a lowercase DNS-1123 subdomain: a-z, 0-9, "-" and "."; a trailing "-" is fine (contractor-).'), maxLength: 254 },
      namespace: { ...patterned(NAMESPACE_PATTERN, 'A DNS-1123 label: a-z, 0-9 and "-", starting and ending with a letter or digit.'), maxLength: 63 },
    },
  },
  UserSpec: { properties: { tokenGeneration: nonNegative } },
  UserAccessRule: { properties: { verbs: { minItems: 1, items: { type: 'string', enum: [...USER_VERBS] } } } },
  UserClusterRole: { required: ['name'], properties: { name: { minLength: 1 } } },
  Auth: { properties: { accessKeyMaxTTLSeconds: nonNegative, loginAccessKeyTTLSeconds: nonNegative } },
  AuthConnector: { required: ['id'], properties: { id: { minLength: 1, ...patterned(CONNECTOR_ID_PATTERN, 'One step of the callback path /auth/<id>/callback: letters, digits, "-", ".", "_" and "~", not "." or "..".') } } },
  AuthSAML: {
    required: ['ssoURL', 'redirectURI', 'usernameAttr', 'emailAttr'],
    properties: {
      ssoURL: { minLength: 1 },
      redirectURI: { minLength: 1 },
      usernameAttr: { minLength: 1 },
      emailAttr: { minLength: 1 },
      // Each URN and its last component, as the SAML connector looks them up (case-sensitive); empty means the default.
      nameIDPolicyFormat: { enum: [...NAME_ID_FORMATS, ...NAME_ID_FORMATS.map(lastComponent), '', null] },
    },
  },
  ConfigStatus: { properties: { projectNamespacePrefix: { ...patterned(NAMESPACE_PREFIX_PATTERN, 'The start of a DNS-1123 label: a-z, 0-9 and "-", starting with a letter or digit (p-).'), maxLength: 62 } } },
  AuthGitForgeA: { allOf: [whenFilled('rootCA', { required: ['hostName'], properties: { hostName: { minLength: 1 } } })] },
  AuthWebIdentityA: {
    allOf: [whenFilled('serviceAccountFilePath', { required: ['adminEmail'], properties: { adminEmail: { minLength: 1 } } })],
  },
  Audit: {
    allOf: [{ if: { required: ['enabled'], properties: { enabled: { const: true } } }, then: { required: ['path'], properties: { path: { minLength: 1 } } } }],
    properties: { maxAge: nonNegative, maxBackups: nonNegative, maxSize: nonNegative, dataStoreTTL: nonNegative },
  },
  MaintenanceWindow: { properties: { timeWindow: patterned(TIME_WINDOW_PATTERN, 'HH:MM-HH:MM, 24-hour times in UTC (22:00-06:00).') } },
  CostControlResourcePrice: { properties: { price: nonNegative } },
  Metrics: { properties: { replicas: nonNegative } },
  OpenCost: { properties: { replicas: nonNegative } },
  ImageBuilder: { properties: { replicas: nonNegative } },
};

/** The titles the overlays name (a test checks that each names an object of the schemas). */
export const OVERLAY_TITLES: readonly string[] = Object.keys(OVERLAYS);

function applyOverlay(schema: EditorSchema, overlay: Overlay): EditorSchema {
  const out: EditorSchema = { ...schema };
  for (const [keyword, value] of Object.entries(overlay)) {
    if (keyword !== 'properties') {
      out[keyword] = value;
      continue;
    }
    const properties = { ...(schema['properties'] as Record<string, EditorSchema>) };
    for (const [name, addition] of Object.entries(value as Record<string, Overlay>)) {
      const property = properties[name];
      if (!property) throw new Error(`editor schema overlay names an unknown property "${name}"`);
      properties[name] = applyOverlay(property, addition);
    }
    out['properties'] = properties;
  }
  return out;
}

/** `type: [t, 'null']` (and `null` among the values of an enum): explicit null means "not given" to the platform. */
function orNull(schema: EditorSchema): EditorSchema {
  const out: EditorSchema = { ...schema };
  if (typeof schema['type'] === 'string') out['type'] = [schema['type'], 'null'];
  if (Array.isArray(schema['enum'])) out['enum'] = [...(schema['enum'] as unknown[]), null];
  return out;
}

/**
 * A copy of `schema` with the overlays applied below it. A required string must hold a non-space character: the
 * platform decodes `""` to the zero value, as if the field were not there (`schema/required`). Everything not
 * required may be null: the platform's Go decoder reads an explicit null as the field left out, so the linter never
 * calls it a type error, and neither may the editor.
 */
function strict(schema: JsonSchema): EditorSchema {
  const out: EditorSchema = { ...schema };
  if (schema.properties) {
    const required = new Set(schema.required ?? []);
    out['properties'] = Object.fromEntries(
      Object.entries(schema.properties).map(([name, child]) => {
        const copy = strict(child);
        if (!required.has(name)) return [name, orNull(copy)];
        return [name, child.type === 'string' ? { ...copy, ...patterned('\\S', 'Required: the platform reads an empty value as the field left out.') } : copy];
      }),
    );
  }
  if (schema.items) out['items'] = orNull(strict(schema.items));
  if (typeof schema.additionalProperties === 'object') out['additionalProperties'] = orNull(strict(schema.additionalProperties));
  const overlay = schema.title === undefined ? undefined : OVERLAYS[schema.title];
  return overlay ? applyOverlay(out, overlay) : out;
}

/** The document schema of one kind, without `$schema`/`$id`: what the manifest schema picks by `kind`. */
function documentSchema(kind: ResourceKind): EditorSchema {
  return applyOverlay(strict(schemas[kind]), {
    required: ['apiVersion', 'kind', 'metadata'],
    properties: { apiVersion: { enum: [`${API_GROUP}/${API_VERSION}`] }, kind: { const: kind } },
  });
}

/** `platlint schema user` / `config`: one kind, standalone (draft-07, with `$id` and a title). */
export function editorSchema(kind: ResourceKind): EditorSchema {
  return { $schema: SCHEMA_DRAFT, $id: schemaId(kind), title: `${kind} (management.platform/v1)`, ...documentSchema(kind) };
}

/**
 * Any text but one ending in `List` (`UserList`, `List`): lists are left to the linter. A pattern rather than `not`,
 * which stops the YAML language server from completing below the schema that uses it.
 */
const NOT_A_LIST = '^([\\s\\S]*([^t]|[^s]t|[^i]st|[^L]ist)|[\\s\\S]{0,3})$';

/**
 * When a document of a folder is a User or Config to check, as the linter decides it (src/engine/scope.ts), as far
 * as JSON Schema can say: an apiVersion of the group, or the shape of a platform object (only its five fields, with
 * content) with no apiVersion or one that looks like a slip for ours (`v1`, `management.platfrom/v1`; not a real API's
 * group of several dots, `management.cattle.io`) and no kind or one of ours. Where the linter's judgement goes further (a misspelt field name, a group a few letters off), the
 * editor stays silent rather than report what the linter skips.
 */
const PLATFORM_OBJECT: EditorSchema = {
  properties: { kind: { pattern: NOT_A_LIST } },
  anyOf: [
    { required: ['apiVersion'], properties: { apiVersion: { type: 'string', pattern: `^${API_GROUP.replace('.', '\\.')}/` } } },
    {
      propertyNames: { enum: [...OBJECT_FIELDS] },
      anyOf: [{ required: ['metadata'] }, { required: ['spec'] }, { required: ['status'] }],
      properties: {
        apiVersion: { type: 'string', pattern: '^(([^./]*[.-])?(platform|management)([.-][^./]*)?/.*|[^/]*)$' },
        kind: { enum: [...RESOURCE_KINDS] },
      },
    },
  ],
};

/**
 * `platlint schema manifest`: User or Config, picked by `kind`, for a glob over a folder of both (and of other
 * tools' files, which it leaves alone). Shaped for the YAML language server's completion, which offers what the
 * top-level `properties` name (their `examples`) and descends into an `if`'s `then` only where the `if` is plain:
 * so `kind` and `apiVersion` are checked in a `then`, and each kind's schema sits in a `then` under `if: kind`. An
 * `if`/`then` by kind rather than a `oneOf` keeps the errors those of the document's kind alone.
 */
export function manifestSchema(): EditorSchema {
  const apiVersion = `${API_GROUP}/${API_VERSION}`;
  return {
    $schema: SCHEMA_DRAFT,
    $id: 'https://platlint.dev/schemas/manifest.json',
    title: 'User or Config (management.platform/v1)',
    description: 'A management.platform/v1 manifest: a User or a Config, by its kind.',
    type: 'object',
    properties: {
      apiVersion: { description: `Versioned schema of this object: \`${apiVersion}\`.`, examples: [apiVersion] },
      kind: { description: 'Kind of this object: `User` or `Config`.', examples: [...RESOURCE_KINDS] },
    },
    allOf: [
      {
        if: PLATFORM_OBJECT,
        then: {
          required: ['apiVersion', 'kind', 'metadata'],
          properties: { apiVersion: { type: 'string', enum: [apiVersion] }, kind: { type: 'string', enum: [...RESOURCE_KINDS] } },
        },
      },
      ...RESOURCE_KINDS.map((kind) => ({
        if: { required: ['kind'], properties: { kind: { const: kind } } },
        then: { if: PLATFORM_OBJECT, then: { $ref: `#/definitions/${kind}` } },
      })),
    ],
    definitions: Object.fromEntries(RESOURCE_KINDS.map((kind) => [kind, documentSchema(kind)])),
  };
}
