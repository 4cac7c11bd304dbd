/**
 * The structure of ValidatingAdmissionPolicy and ValidatingAdmissionPolicyBinding documents (admissionregistration
 * v1 and v1beta1 types.go), for ajv: field names and types, as `kubectl apply` (strict field validation) refuses an
 * unknown or mistyped field. What the API server's validation says beyond structure (validationActions, paramRef,
 * CEL) is checked by read.ts with its messages.
 */
import { closedObject } from '../../schema/metadata.js';
import type { JsonSchema } from '../schema.js';
import { BINDING_KIND, ADMISSION_POLICY_KIND } from './types.js';

const str: JsonSchema = { type: 'string' };
const strings: JsonSchema = { type: 'array', items: str };
const stringMap: JsonSchema = { type: 'object', additionalProperties: str };

const labelSelector: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    matchLabels: stringMap,
    matchExpressions: {
      type: 'array',
      items: closedObject(['key', 'operator'], { key: str, operator: { type: 'string', enum: ['In', 'NotIn', 'Exists', 'DoesNotExist'] }, values: strings }),
    },
  },
};

const namedRule: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    apiGroups: strings,
    apiVersions: strings,
    resources: strings,
    operations: { type: 'array', items: { type: 'string', enum: ['*', 'CREATE', 'UPDATE', 'DELETE', 'CONNECT'] } },
    scope: { type: 'string', enum: ['Cluster', 'Namespaced', '*'] },
    resourceNames: strings,
  },
};

const matchResources: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    namespaceSelector: labelSelector,
    objectSelector: labelSelector,
    resourceRules: { type: 'array', items: namedRule },
    excludeResourceRules: { type: 'array', items: namedRule },
    matchPolicy: { type: 'string', enum: ['Exact', 'Equivalent'] },
  },
};

const named = (required: string[], properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'array', items: closedObject(required, properties) });

const metadata: JsonSchema = {
  type: 'object',
  required: ['name'],
  properties: { name: str, namespace: str, labels: stringMap, annotations: stringMap },
};

const document = (kind: string, spec: JsonSchema): JsonSchema =>
  closedObject(['apiVersion', 'kind', 'metadata', 'spec'], { apiVersion: str, kind: { type: 'string', enum: [kind] }, metadata, spec, status: { type: 'object' } });

export const admissionPolicySchema: JsonSchema = document(ADMISSION_POLICY_KIND, {
  type: 'object',
  additionalProperties: false,
  properties: {
    paramKind: { type: 'object', additionalProperties: false, properties: { apiVersion: str, kind: str } },
    matchConstraints: matchResources,
    validations: named(['expression'], {
      expression: str,
      message: str,
      reason: { type: 'string', enum: ['Unauthorized', 'Forbidden', 'Invalid', 'RequestEntityTooLarge'] },
      messageExpression: str,
      fieldPath: str,
    }),
    failurePolicy: { type: 'string', enum: ['Fail', 'Ignore'] },
    auditAnnotations: named(['key', 'valueExpression'], { key: str, valueExpression: str }),
    matchConditions: named(['name', 'expression'], { name: str, expression: str }),
    variables: named(['name', 'expression'], { name: str, expression: str }),
  },
});

export const admissionBindingSchema: JsonSchema = document(BINDING_KIND, {
  type: 'object',
  additionalProperties: false,
  properties: {
    policyName: str,
    paramRef: {
      type: 'object',
      additionalProperties: false,
      properties: { name: str, namespace: str, selector: labelSelector, parameterNotFoundAction: { type: 'string', enum: ['Allow', 'Deny'] } },
    },
    matchResources,
    validationActions: { type: 'array', items: str },
  },
});
