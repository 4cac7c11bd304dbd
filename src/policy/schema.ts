/**
 * The JSON Schema of a platlint policy file (`apiVersion: platlint/v1`, `kind: Policy`), exported for
 * `platlint schema policy` and used by the loader (ajv) for the structural checks: unknown fields, types, enums,
 * required fields. Like the document schemas it is structural only; the semantic checks (rule id shape, CEL,
 * `given` syntax, regular expressions, expression vs. assertions) are done by the loader, with better messages.
 */
import { SCHEMA_DRAFT } from '../schema/index.js';
import { closedObject, type JsonSchema as DocumentJsonSchema, type JsonSchemaTypeName } from '../schema/metadata.js';

/** The document schemas' subset of JSON Schema, plus union types (`given` is a path or a list of paths). */
export type JsonSchema = Omit<DocumentJsonSchema, 'type' | 'properties' | 'items' | 'additionalProperties'> & {
  type?: JsonSchemaTypeName | JsonSchemaTypeName[];
  properties?: { [name: string]: JsonSchema };
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
};

const stringList = (description: string): JsonSchema => ({ type: 'array', description, items: { type: 'string' } });

const labelSelectorSchema: JsonSchema = {
  type: 'object',
  description: 'A Kubernetes label selector over metadata.labels: every given condition must hold.',
  additionalProperties: false,
  properties: {
    matchLabels: {
      type: 'object',
      description: 'Labels the document must carry with exactly these values.',
      additionalProperties: { type: 'string' },
    },
    matchExpressions: {
      type: 'array',
      description: 'Set-based requirements on labels.',
      items: closedObject(['key', 'operator'], {
        key: { type: 'string', description: 'The label key.' },
        operator: {
          type: 'string',
          enum: ['In', 'NotIn', 'Exists', 'DoesNotExist'],
          description: 'In and NotIn need values; Exists and DoesNotExist take none.',
        },
        values: stringList('Label values for In and NotIn.'),
      }),
    },
  },
};

const matchSchema: JsonSchema = {
  type: 'object',
  description: 'Which documents the rule applies to; every given condition must hold. Absent: every User and Config.',
  additionalProperties: false,
  properties: {
    kinds: { type: 'array', description: 'Kinds the rule applies to (default: both).', items: { type: 'string', enum: ['User', 'Config'] } },
    names: stringList('Globs (micromatch) on metadata.name, e.g. "team-*"; a document matches when any glob does.'),
    labels: labelSelectorSchema,
  },
};

const fieldMap = (description: string, value: JsonSchema): JsonSchema => ({ type: 'object', description, additionalProperties: value });

const assertionsSchema: JsonSchema = {
  type: 'object',
  description:
    'Declarative checks on the matched node (self). Field paths are relative to it and use the syntax of given ' +
    '(dots, [*], [0], [\'key.with.dots\']).',
  additionalProperties: false,
  properties: {
    required: stringList('Fields that must be set (not missing, not null).'),
    forbidden: stringList('Fields that must not be set.'),
    pattern: fieldMap('Field → Go RE2 regular expression its string value must match (unanchored, like CEL matches()).', { type: 'string' }),
    enum: fieldMap('Field → the values it may take.', { type: 'array', items: { description: 'An allowed value (string, number, boolean).' } }),
    exactlyOneOf: stringList('Fields of which exactly one must be set.'),
  },
};

export const policyRuleSchema: JsonSchema = {
  type: 'object',
  description: 'One rule. Give either expression (with message or messageExpression) or assertions.',
  additionalProperties: false,
  required: ['id', 'description', 'severity'],
  properties: {
    id: { type: 'string', description: 'Namespaced, lowercase rule id, e.g. acme/no-cluster-admin.' },
    description: { type: 'string', description: 'What the rule requires, e.g. "Disallow cluster-admin for Git-managed users".' },
    severity: { type: 'string', enum: ['error', 'warning', 'info'], description: 'Default severity; the config file may override it.' },
    docsUrl: { type: 'string', description: 'A page explaining the rule, linked from every diagnostic.' },
    match: matchSchema,
    given: {
      type: ['string', 'array'],
      items: { type: 'string' },
      description:
        'Path (or list of paths) of the nodes to check, from the document root, with [*] wildcards: ' +
        'spec.clusterRoles[*], status.auth.connectors[*].oidc. Each match is checked and reported on its own; a ' +
        'missing path matches nothing.',
    },
    expression: { type: 'string', description: 'CEL; true means compliant. self is the matched node (the document without given), object the document.' },
    message: { type: 'string', description: 'Message of a violation.' },
    messageExpression: { type: 'string', description: 'CEL returning the message of a violation (string).' },
    assertions: assertionsSchema,
  },
};

/** The policy file schema as the loader compiles it (no `$schema`/`$id`). */
export const policyDocumentSchema: JsonSchema = {
  type: 'object',
  description: 'A platlint policy: rules of an organisation, checked like built-in rules.',
  additionalProperties: false,
  required: ['apiVersion', 'kind', 'metadata', 'spec'],
  properties: {
    apiVersion: { type: 'string', enum: ['platlint/v1'] },
    kind: { type: 'string', enum: ['Policy'] },
    metadata: closedObject(['name'], {
      name: { type: 'string', description: 'Name of the policy.' },
      description: { type: 'string' },
      labels: { type: 'object', additionalProperties: { type: 'string' } },
      annotations: { type: 'object', additionalProperties: { type: 'string' } },
    }),
    spec: closedObject(['rules'], {
      rules: { type: 'array', items: policyRuleSchema },
    }),
  },
};

/** The standalone schema for editors and `platlint schema policy`. */
export const policySchema: JsonSchema = {
  $schema: SCHEMA_DRAFT,
  $id: 'https://platlint.dev/schemas/policy.json',
  title: 'platlint Policy (platlint/v1)',
  ...policyDocumentSchema,
};
