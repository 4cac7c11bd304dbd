import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { isScalar } from 'yaml';
import type { LintTarget } from '../engine/document.js';
import schemaEmptyValueRule from '../../rules/schema/empty-value/index.js';
import schemaEnumRule from '../../rules/schema/enum/index.js';
import schemaRequiredRule from '../../rules/schema/required/index.js';
import schemaTypeRule from '../../rules/schema/type/index.js';
import schemaUnknownFieldRule from '../../rules/schema/unknown-field/index.js';
import yamlAmbiguousScalarRule from '../../rules/yaml/ambiguous-scalar/index.js';
import type { DataPath, ResourceKind } from '../engine/types.js';
import { goStringOf, printScalar } from '../yaml/go-scalar.js';
import { meantText } from '../yaml/go-node.js';
import { schemas } from './index.js';
import { displayPath, getIn } from '../platform/data.js';
import { didYouMean } from '../engine/suggest.js';
import { childSchema, typedFindings, type SchemaFinding } from './go-typed.js';
import type { JsonSchema } from './metadata.js';
import { AJV_OPTIONS } from './validator-options.js';
import { precompiledValidators, type Validators } from './precompiled-validators.js';
import { pointerPath } from '../engine/locator.js';

let validators: Validators | undefined = precompiledValidators;

function validatorFor(kind: ResourceKind): ValidateFunction {
  if (!validators) {
    const ajv = new Ajv({ ...AJV_OPTIONS });
    validators = new Map([
      ['User', ajv.compile(schemas.User)],
      ['Config', ajv.compile(schemas.Config)],
    ]);
  }
  const validate = validators.get(kind);
  if (!validate) throw new Error(`no schema for ${kind}`);
  return validate;
}

/**
 * Explicit null on an optional field means the same as leaving it out to the platform's Go decoder.
 * Copy-on-write in one pass: what holds no null is returned as it is (ajv here never mutates what it validates),
 * and a mapping or list is copied only from the first entry that changes.
 */
function withoutNulls(value: unknown, depth = 0): unknown {
  if (depth > 200 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const cleaned = withoutNulls(item, depth + 1);
      if (cleaned !== item && !out) out = value.slice(0, i);
      out?.push(cleaned);
    }
    return out ?? value;
  }
  let out: Record<string, unknown> | undefined;
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    const cleaned = item === null ? null : withoutNulls(item, depth + 1);
    if (!out && (cleaned === null || cleaned !== item)) {
      out = {};
      for (const earlier in value) {
        if (earlier === key) break;
        define(out, earlier, (value as Record<string, unknown>)[earlier]);
      }
    }
    if (out && cleaned !== null) define(out, key, cleaned);
  }
  return out ?? value;
}

/** Sets a key as data, so that a key named `__proto__` stays a key. */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'object') return 'mapping';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

const TYPE_WORDS: Readonly<Record<string, string>> = { object: 'a mapping', array: 'a list', string: 'a string', integer: 'an integer', number: 'a number', boolean: 'a boolean (true or false)' };

function expectedWords(types: string): string {
  return types.split(',').map((t) => TYPE_WORDS[t] ?? t).join(' or ');
}

function typeHint(expected: string, value: unknown, quoted: boolean): string {
  if ((expected.includes('integer') || expected.includes('number')) && typeof value === 'string' && quoted && value.trim() !== '' && !Number.isNaN(Number(value))) {
    return '; remove the quotes to write a number';
  }
  if (expected === 'boolean' && typeof value === 'string' && /^(true|false)$/i.test(value) && quoted) return '; remove the quotes';
  if (expected.includes('string') && (typeof value === 'number' || typeof value === 'boolean')) return '; quote it to write a string';
  if (expected === 'array' && value !== null && typeof value !== 'object') return '; write a list, e.g. [value] or "- value" lines';
  return '';
}

/** A key its mapping's schema does not define, with the defined key it most likely meant. */
function unknownFieldFinding(name: string, path: DataPath, known: readonly string[], parentData: Record<string, unknown>): SchemaFinding {
  const field = displayPath(path);
  const suggestions = didYouMean(name, known);
  const keyPath = [...path, name];
  if (suggestions.length === 0) {
    return { ...schemaUnknownFieldRule.finding('unknown', { name, parent: field }), path: keyPath, at: 'key' };
  }
  const suggestion = suggestions.join('" or "');
  const only = suggestions.length === 1 ? suggestions[0] : undefined;
  const fixable = only !== undefined && !(only in parentData);
  return {
    ...schemaUnknownFieldRule.finding('unknownDidYouMean', { name, parent: field, suggestion }),
    path: keyPath,
    at: 'key',
    ...(fixable ? { fix: { op: 'rename-key' as const, path: keyPath, to: only } } : {}),
  };
}

function errorFinding(error: ErrorObject, data: unknown, target: LintTarget): SchemaFinding | undefined {
  const path = pointerPath(error.instancePath, data);
  const field = displayPath(path);
  switch (error.keyword) {
    case 'additionalProperties': {
      const name = String((error.params as { additionalProperty: string }).additionalProperty);
      const known = Object.keys((error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});
      return unknownFieldFinding(name, path, known, error.data as Record<string, unknown>);
    }
    case 'required': {
      const missing = String((error.params as { missingProperty: string }).missingProperty);
      const childPath = [...path, missing];
      if (target.isEmpty(childPath)) {
        return { ...schemaEmptyValueRule.finding('emptyRequired', { field: displayPath(childPath) }), path: childPath, at: 'key' };
      }
      if (getIn(target.data, childPath) === null) {
        return { ...schemaRequiredRule.finding('nullRequired', { field: displayPath(childPath) }), path: childPath, at: 'key' };
      }
      return { ...schemaRequiredRule.finding('missing', { missing, parent: field }), path, at: 'key' };
    }
    case 'type': {
      const expected = String((error.params as { type: string | string[] }).type);
      const value = error.data;
      const scalar = target.scalar(path);
      if (expected.includes('string') && (typeof value === 'number' || typeof value === 'boolean')) {
        const read = target.goScalar(path);
        const source = scalar?.source ?? String(value);
        const quote = [{ description: `Quote the value: "${source}"`, fix: { op: 'set-scalar' as const, path, value: source, quote: true } }];
        if (target.fromRaw && path[0] === 'status') {
          // The platform reads its raw config with the target-aware Unmarshal, which makes the string itself.
          const converted = (read && goStringOf(read)) ?? String(value);
          // Under an explicit tag the author means what YAML 1.2 reads (`!!int 0x1F` is 31): nothing changes then.
          const node = target.node(path);
          if (converted === (isScalar(node) ? meantText(node) : source)) return undefined;
          return { ...yamlAmbiguousScalarRule.finding('converted', { field, source, value: converted }), path, suggestions: quote };
        }
        if (scalar?.plain && read) {
          const finding = schemaTypeRule.finding('typeRead', { field, expected: expectedWords(expected), source, reading: printScalar(read), goType: typeof value === 'boolean' ? 'bool' : 'number' });
          return { ...finding, path, suggestions: quote };
        }
      }
      if (value === null && expected.includes('string') && typeof path[path.length - 1] === 'number') {
        // A null item of a string list is decoded as the empty string.
        return { ...yamlAmbiguousScalarRule.finding('nullItem', { field }), path };
      }
      return { ...schemaTypeRule.finding('type', { field, expected: expectedWords(expected), actual: jsonType(value), hint: typeHint(expected, value, scalar ? !scalar.plain : false) }), path };
    }
    case 'enum': {
      const allowed = ((error.params as { allowedValues: unknown[] }).allowedValues ?? []).map(String);
      const value = String(error.data);
      const byCase = allowed.filter((a) => a.toLowerCase() === value.toLowerCase());
      const only = byCase.length === 1 ? byCase[0] : undefined;
      if (!only) return { ...schemaEnumRule.finding('enum', { field, value, allowed: allowed.join(', ') }), path };
      return { ...schemaEnumRule.finding('enumCase', { field, value, suggestion: only }), path, fix: { op: 'set-scalar' as const, path, value: only } };
    }
    default:
      return { ...schemaTypeRule.finding('other', { field, detail: error.keyword }), path };
  }
}

/** Fields where an empty value is meaningful: an empty storage class selects no dynamic provisioning. */
const EMPTY_IS_MEANINGFUL = new Set(['storageClass']);

/**
 * Keys without a value. One the schema defines is an empty value; one it does not define is unknown whatever its
 * value (the validator never saw it: nulls are stripped before validation, as the platform treats a null optional
 * field as absent), since the platform's struct has no such field and a strict decode rejects it even when null.
 */
function emptyValues(target: LintTarget, data: unknown, schema: JsonSchema | undefined, path: (string | number)[], out: SchemaFinding[], reported: Set<string>, depth = 0): void {
  if (depth > 100 || typeof data !== 'object' || data === null) return;
  const visit = (key: string | number, value: unknown): void => {
    if (value === null ? typeof key !== 'string' : typeof value !== 'object') return;
    const child = schema && childSchema(schema, key);
    path.push(key);
    if (value === null) {
      if (schema?.additionalProperties === false && !child && typeof key === 'string') {
        out.push(unknownFieldFinding(key, path.slice(0, -1), Object.keys(schema.properties ?? {}), data as Record<string, unknown>));
      } else if (!EMPTY_IS_MEANINGFUL.has(key as string) && target.isEmpty(path)) {
        const pointer = target.pointer(path);
        if (!reported.has(pointer)) out.push({ ...schemaEmptyValueRule.finding('empty', { field: displayPath(path) }), path: [...path], at: 'key' });
      }
    } else {
      emptyValues(target, value, child, path, out, reported, depth + 1);
    }
    path.pop();
  };
  if (Array.isArray(data)) for (let i = 0; i < data.length; i++) visit(i, data[i]);
  else for (const key in data) visit(key, (data as Record<string, unknown>)[key]);
}

/** Validates a target against its kind's schema and turns each real mistake into one finding. */
export function validateTarget(target: LintTarget): SchemaFinding[] {
  if (!target.kind) return [];
  const validate = validatorFor(target.kind);
  // Most documents hold no null at all (the decoder says so): then there is nothing to strip or report as empty.
  const nulls = target.mayHoldNulls;
  const data = nulls ? withoutNulls(target.data) : target.data;
  const findings: SchemaFinding[] = [];
  if (!validate(data)) {
    const seen = new Set<string>();
    for (const error of validate.errors ?? []) {
      // One diagnostic per value: a wrong type already explains why an enum or nested check failed.
      const key = `${error.instancePath}\u0000${error.keyword === 'additionalProperties' || error.keyword === 'required' ? JSON.stringify(error.params) : ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const finding = errorFinding(error, data, target);
      if (finding) findings.push(finding);
    }
  }
  const schema = schemas[target.kind];
  findings.push(...typedFindings(target, schema));
  if (nulls) {
    const reported = new Set(findings.filter((f) => f.rule === schemaEmptyValueRule || (f.rule === yamlAmbiguousScalarRule && f.messageId === 'nullItem')).map((f) => target.pointer(f.path)));
    emptyValues(target, target.data, schema, [], findings, reported);
  }
  if (findings.length === 0) return findings;
  // A misspelt required key (`clientID`) is one mistake: the unknown field's did-you-mean names the fix, so the
  // missing `clientId` it causes is not reported a second time.
  const misspelt = new Set(
    findings.filter((f) => f.rule === schemaUnknownFieldRule && f.messageId === 'unknownDidYouMean').map((f) => `${target.pointer(f.path.slice(0, -1))}\u0000${String(f.data?.['suggestion'])}`),
  );
  if (misspelt.size > 0) {
    const kept = findings.filter((f) => !(f.rule === schemaRequiredRule && f.messageId === 'missing' && misspelt.has(`${target.pointer(f.path)}\u0000${String(f.data?.['missing'])}`)));
    findings.length = 0;
    findings.push(...kept);
  }
  return findings;
}
