/**
 * CEL types from platlint's JSON Schemas of the platform's objects, as Kubernetes types `object` from a resource's
 * OpenAPI schema when it checks a policy's expressions (k8s.io/apiserver pkg/cel/common SchemaDeclType): a closed
 * object is an object type whose fields are declared (a misspelt field is a type error), a map of values is
 * map(string, T), an object open to anything is dyn; integer is int, number double.
 */
import { didYouMean } from '../engine/suggest.js';
import type { Replacement } from './types.js';
import { configSchema, userSchema, type JsonSchema } from '../schema/index.js';
import { BOOL, DOUBLE, DYN, INT, STRING, formatType, listOf, mapOf, objectType, type CelType } from './cel/index.js';
import { formatSteps, type PathStep } from './path.js';

export function schemaType(schema: JsonSchema, name: string): CelType {
  switch (schema.type) {
    case 'string':
      return STRING;
    case 'integer':
      return INT;
    case 'number':
      return DOUBLE;
    case 'boolean':
      return BOOL;
    case 'array':
      return listOf(schema.items ? schemaType(schema.items, `${name}.@items`) : DYN);
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0) return typeof schema.additionalProperties === 'object' ? mapOf(STRING, schemaType(schema.additionalProperties, `${name}.@properties`)) : DYN;
      if (schema.additionalProperties !== false) return DYN;
      return objectType(name, new Map(properties.map(([field, s]) => [field, schemaType(s, `${name}.${field}`)])));
    }
    default:
      return DYN;
  }
}

/** The paths (`[*]` for every item or value) of a schema's fields of type number. */
function numberFields(schema: JsonSchema, path: PathStep[] = [], out: PathStep[][] = []): PathStep[][] {
  if (schema.type === 'number') out.push(path);
  for (const [field, s] of Object.entries(schema.properties ?? {})) numberFields(s, [...path, { kind: 'key', key: field }], out);
  if (schema.items) numberFields(schema.items, [...path, { kind: 'wildcard' }], out);
  if (typeof schema.additionalProperties === 'object') numberFields(schema.additionalProperties, [...path, { kind: 'wildcard' }], out);
  return out;
}

let platformNumbers: { User: PathStep[][]; Config: PathStep[][] } | undefined;

/** Where a platform kind has fields of type number (double in CEL). */
export function platformNumberFields(kind: 'User' | 'Config'): readonly PathStep[][] {
  platformNumbers ??= { User: numberFields(userSchema), Config: numberFields(configSchema) };
  return platformNumbers[kind];
}

/**
 * The one kind a policy rule's `match.kinds` names (written twice or not), whose schema types the rule; none when it
 * names both, none, or something else (a rule as written in an editor).
 */
export function ruleKind(kinds: unknown): 'User' | 'Config' | undefined {
  if (!Array.isArray(kinds)) return undefined;
  const distinct = new Set<unknown>(kinds);
  const [only] = distinct;
  return distinct.size === 1 && (only === 'User' || only === 'Config') ? only : undefined;
}

let platformTypes: { User: CelType; Config: CelType } | undefined;

/** The CEL type of a platform kind's objects (built once: the schemas do not change). */
export function platformObjectType(kind: 'User' | 'Config'): CelType {
  platformTypes ??= { User: schemaType(userSchema, 'object'), Config: schemaType(configSchema, 'object') };
  return platformTypes[kind];
}

/** The steps to the shallowest field of that name below an object type (a few levels at most), if there is one. */
function fieldBelow(type: CelType, name: string): PathStep[] | undefined {
  let level: { type: CelType; steps: PathStep[] }[] = [{ type, steps: [] }];
  for (let depth = 0; depth < 5 && level.length > 0; depth++) {
    const next: typeof level = [];
    for (const { type: at, steps } of level) {
      if (at.kind === 'list' || at.kind === 'map') next.push({ type: at.kind === 'list' ? at.elem : at.value, steps: [...steps, { kind: 'wildcard' }] });
      if (at.kind !== 'object' || !at.fields) continue;
      for (const [field, fieldType] of at.fields) {
        const path: PathStep[] = [...steps, { kind: 'key', key: field }];
        if (field === name) return path;
        next.push({ type: fieldType, steps: path });
      }
    }
    level = next;
  }
  return undefined;
}

export type TypeAtPath = { ok: true; type: CelType } | { ok: false; step: number; message: string; replace?: Replacement };

/** The one type of several, or dyn where they differ (a `[*]` over an object's fields, `given` with several paths). */
export function commonType(types: readonly CelType[]): CelType {
  const [first, ...rest] = types;
  if (first === undefined) return DYN;
  const name = formatType(first);
  return rest.every((t) => formatType(t) === name) ? first : DYN;
}

/**
 * The type of what a path selects in an object of a platform kind; a step that can select nothing in any object
 * of that kind (a field the schema does not have, a key into a list, an item of a string) is a problem, said of
 * the path up to that step. Below an open object (dyn) anything goes.
 */
export function typeAtPath(kind: 'User' | 'Config', steps: readonly PathStep[]): TypeAtPath {
  let type = platformObjectType(kind);
  for (const [i, step] of steps.entries()) {
    const reached = formatSteps(steps.slice(0, i + 1));
    const parent = i === 0 ? `a ${kind}` : `${formatSteps(steps.slice(0, i))} of a ${kind}`;
    const problem = (message: string): TypeAtPath => ({ ok: false, step: i, message });
    switch (type.kind) {
      case 'dyn':
        return { ok: true, type: DYN };
      case 'object': {
        const fields = type.fields;
        if (fields === undefined) return { ok: true, type: DYN };
        if (step.kind === 'index') return problem(`${parent} is an object, not a list; select a field by its name`);
        if (step.kind === 'wildcard') {
          type = commonType([...fields.values()]);
          break;
        }
        const field = fields.get(step.key);
        if (field === undefined) {
          // A misspelt name, or a right one at the wrong depth (`given: clusterRoles[*]` for spec.clusterRoles[*]).
          const below = fieldBelow(type, step.key);
          const deeper = below && `; did you mean "${formatSteps([...steps.slice(0, i), ...below, ...steps.slice(i + 1)])}"?`;
          const [suggested] = didYouMean(step.key, fields.keys());
          if (suggested === undefined) return problem(`a ${kind} has no ${reached}${deeper || ''}`);
          return { ok: false, step: i, message: `a ${kind} has no ${reached}; did you mean "${suggested}"?`, replace: { written: step.key, suggested } };
        }
        type = field;
        break;
      }
      case 'map':
        if (step.kind === 'index') return problem(`${parent} is a map, not a list; select a key by its name or every value with [*]`);
        type = type.value;
        break;
      case 'list':
        if (step.kind === 'key') {
          const items = formatSteps([...steps.slice(0, i), { kind: 'wildcard' }, ...steps.slice(i)]);
          return problem(`${parent} is a list: select its items with [*], as in "${items}", or one with an index like [0]`);
        }
        type = type.elem;
        break;
      default:
        return problem(`${parent} is of type ${formatType(type)}, which has no ${step.kind === 'key' ? 'fields' : 'items'}`);
    }
  }
  return { ok: true, type };
}
