import exceptionExpiredRule from '../../rules/exception/expired/index.js';
import { PRESET_NAMES } from '../engine/presets.js';
import { KUBERNETES_VERSIONS } from '../policy/cel/versions.js';
import { closedObject } from '../schema/metadata.js';

const severity = {
  description: 'off, info, warn (or warning), error, or on (the rule\'s own default severities)',
  enum: ['off', 'info', 'warn', 'warning', 'error', 'on', 0, 1, 2],
};

const ruleEntry = {
  description: 'A severity, or [severity, options] for rules that take options.',
  anyOf: [severity, { type: 'array', minItems: 1, maxItems: 2, items: [severity, { type: 'object' }] }],
};

const rules = {
  type: 'object',
  description: 'Rule ids or globs over rule ids (security/*) mapped to a severity or [severity, options]; later entries win.',
  additionalProperties: ruleEntry,
};

const presets = { enum: [...PRESET_NAMES] };
/** A path written as one (./, ../ or /), never a package's name. */
const EXPLICIT_PATH = '^(\\.{1,2}/|/)';
export const isExplicitPath = (entry: string): boolean => new RegExp(EXPLICIT_PATH).test(entry);
/**
 * How a settings file in `extends` is told from a preset: an explicit path, or a name ending in .yaml or .yml, so
 * that a misspelt preset is still a preset with a did-you-mean.
 */
const presetOrFile = { anyOf: [presets, { type: 'string', pattern: `${EXPLICIT_PATH}|\\.ya?ml$` }] };
const extendsList = {
  description: 'Presets applied in order: recommended (the default), strict, security, export; and settings files shared between projects (./shared.platlint.yaml, relative to this file), applied where they are named.',
  anyOf: [presetOrFile, { type: 'array', items: presetOrFile }],
};
const overrideExtends = {
  description: 'Presets applied in order: recommended, strict, security, export.',
  anyOf: [presets, { type: 'array', items: presets }],
};

const globs = (description: string) => ({ type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1, description });

const exceptions = {
  type: 'array',
  description: 'Deliberate, reviewed deviations: problems matching an entry are suppressed and listed with its reason.',
  items: closedObject(['rules', 'reason'], {
    rules: globs('Rule ids or globs over rule ids (former ids of renamed rules too).'),
    files: globs('Globs of files, relative to this file; absent: every file.'),
    objects: globs('Kind/name of objects, globs on the name (User/ci-*); absent: every object.'),
    paths: globs('Data paths (status.auth.password, or JSON Pointers); a path covers what is under it; absent: every path.'),
    reason: { type: 'string', minLength: 1, description: 'Why the deviation is accepted: required.' },
    expires: { type: 'string', format: 'date', description: `YYYY-MM-DD: the last day the exception applies; after it, ${exceptionExpiredRule.meta.id}.` },
  }),
};

const unfixable = {
  type: 'array',
  items: { type: 'string', minLength: 1 },
  description: "Rule ids or globs over rule ids whose fixes --fix and the editor's fix-all leave alone: each is offered as a suggestion (a quick fix in the editor) instead.",
};

const fixable = {
  type: 'array',
  items: { type: 'string', minLength: 1 },
  description: "The only rule ids or globs over rule ids whose fixes --fix and the editor's fix-all apply: every other rule's fixes are offered as suggestions, those of rules that gain fixes later too. Absent: every rule's; unfixable still takes rules out.",
};

const names = (description: string) => ({ type: 'array', items: { type: 'string' }, description });

const admission = {
  type: 'object',
  description: 'How ValidatingAdmissionPolicies see the requests platlint makes of the linted objects (docs/admission-policies.md).',
  additionalProperties: false,
  properties: {
    userInfo: {
      type: 'object',
      description: 'request.userInfo: the user who applies the manifests.',
      additionalProperties: false,
      properties: {
        username: { type: 'string' },
        uid: { type: 'string' },
        groups: names('The groups of the user.'),
        extra: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } }, description: 'Extra attributes, each a list of strings.' },
      },
    },
    authorizer: {
      type: 'array',
      description: "What the authorizer allows the user (RBAC's rules): every other authorizer check is denied; without this key, all are.",
      items: closedObject(['verbs'], {
        verbs: names('Verbs allowed, or "*".'),
        apiGroups: names('API groups ("" for the core group, "*"); absent: any.'),
        resources: names('Resources (users, users/status, "*"); absent: any.'),
        resourceNames: names('Object names; absent: any.'),
        namespaces: names('Namespaces ("" for cluster-scoped objects); absent: any.'),
        nonResourceURLs: names('Paths of non-resource requests (/healthz, /metrics/*).'),
        serviceAccounts: names('For checks as these service accounts (namespace/name, "*") instead of the user.'),
      }),
    },
    resources: {
      type: 'array',
      description: "Kinds whose resource (plural) or scope platlint's guess gets wrong, for resource rules and namespaces.",
      items: closedObject(['kind'], {
        group: { type: 'string', description: 'The API group ("" for the core group); absent: any group.' },
        kind: { type: 'string' },
        resource: { type: 'string', description: 'The lowercase plural the API serves it as.' },
        scope: { enum: ['Cluster', 'Namespaced'] },
      }),
    },
  },
};

const exportSection = {
  type: 'object',
  description: 'How `platlint policy export` writes ValidatingAdmissionPolicies (docs/cluster-policies.md).',
  additionalProperties: false,
  properties: {
    groups: {
      type: 'array',
      items: { type: 'string', pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$' },
      description: "API groups besides management.platform that hold the platform's Users (a storage group of the host cluster): the policies match their users too.",
    },
  },
};

/** JSON Schema of `.platlint.yaml`. */
export const configFileSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://platlint.dev/schemas/config.json',
  title: 'platlint configuration (.platlint.yaml)',
  type: 'object',
  additionalProperties: false,
  properties: {
    extends: extendsList,
    rules,
    ignore: { type: 'array', items: { type: 'string' }, description: "Globs of files not to lint, relative to this file (in a file another extends, to the project's)." },
    policies: { type: 'array', items: { type: 'string' }, description: 'Policy files or directories, relative to this file.' },
    unfixable,
    fixable,
    kubernetesVersion: {
      type: 'string',
      enum: [...KUBERNETES_VERSIONS],
      description: `The Kubernetes version whose CEL environment policies run in (libraries, options, cost limits), as a quoted string such as "1.30"; default ${KUBERNETES_VERSIONS[KUBERNETES_VERSIONS.length - 1]}.`,
    },
    admission,
    export: exportSection,
    overrides: {
      type: 'array',
      description: 'Settings for some files only; later overrides win.',
      items: closedObject(['files'], {
        files: { type: 'array', items: { type: 'string' }, minItems: 1, description: "Globs relative to this file (in a file another extends, to the project's)." },
        extends: overrideExtends,
        rules,
        unfixable: { ...unfixable, description: `${unfixable.description} Adds to the top level's.` },
        fixable: { ...fixable, description: `${fixable.description} Narrows the top level's for these files.` },
      }),
    },
    embedded: {
      type: 'array',
      description: "The platform configuration kept inside other files (a values file's block, a Secret's key), linted as a Config's content.",
      items: closedObject(['files', 'at'], {
        files: { type: 'array', items: { type: 'string' }, minItems: 1, description: 'Globs relative to this file.' },
        at: {
          description: 'Where the configuration is in those files: a dot path (stringData.config), or a list of keys when a key holds a dot.',
          anyOf: [
            { type: 'string', pattern: '^[^.]+(\\.[^.]+)*$' },
            { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
          ],
        },
        as: { enum: ['Config'], description: 'What the value is linted as: Config (the default; the only kind for now).' },
      }),
    },
    exceptions,
  },
} as const;
