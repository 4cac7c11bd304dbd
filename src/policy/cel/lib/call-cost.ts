/**
 * The runtime cost of library calls: cel-go's extension cost trackers (ext/sets.go trackSetsCost, ext/lists.go at
 * version 3), consulted first as cel-go's CostTracker does, then Kubernetes' CostEstimator.CallCost
 * (k8s.io/apiserver pkg/cel/library/cost.go), keyed on the function's name; undefined leaves the call to cel-go's
 * defaults (runtime-cost.ts).
 */
import { REGEX_STRING_LENGTH_COST_FACTOR as REGEX, STRING_TRAVERSAL_COST_FACTOR as STR, LIST_CREATE_BASE_COST } from '../runtime-cost.js';
import { codePointLength, CelObject, utf8Length, type CelValue, type Result } from '../values.js';
import { FormatObject } from './k8s-url-format.js';
import { PARSE_COST_FUNCTIONS, TRAVERSAL_COST_FUNCTIONS, UNIT_COST_FUNCTIONS } from './k8s-cost-names.js';

/** library/cost.go's selector constants. */
const SELECTOR_LENGTH_TO_REQUIREMENT_COUNT = 0.5;
const COST_PER_REQUIREMENT = LIST_CREATE_BASE_COST + 40;

/** Kubernetes' actualSize: a Sizer's size (strings in code points), 1 for anything else. */
function size(value: CelValue | undefined): number {
  if (typeof value === 'string') return codePointLength(value);
  if (value instanceof Uint8Array || Array.isArray(value)) return value.length;
  if (value instanceof Map) return value.size;
  if (value instanceof CelObject) return value.size() ?? 1;
  return 1;
}

const ceilMul = (n: number, factor: number): number => Math.ceil(n * factor);

/** library/cost.go traversalCost: strings and bytes by byte length * 0.1 (truncated), containers summed. */
function traversalCost(value: CelValue | undefined): number {
  if (typeof value === 'string') return Math.floor(utf8Length(value) * STR);
  if (value instanceof Uint8Array) return Math.floor(value.length * STR);
  if (Array.isArray(value)) return value.reduce((sum: number, item: CelValue) => sum + traversalCost(item), 0);
  if (value instanceof Map) {
    let cost = 0;
    for (const [k, v] of value) cost += traversalCost(k as CelValue) + traversalCost(v as CelValue);
    return cost;
  }
  return 1;
}

function selectorCost(length: number): number {
  // selectorCostEstimate: the list of requirements, the parse, and each requirement built.
  const parse = ceilMul(length, STR);
  const requirements = ceilMul(ceilMul(length, SELECTOR_LENGTH_TO_REQUIREMENT_COUNT), COST_PER_REQUIREMENT);
  return LIST_CREATE_BASE_COST + parse + requirements;
}

/** cel-go's ext trackers (interpreter.OverloadCostTracker) of the libraries Kubernetes enables. */
export function extensionCallCost(overloadId: string, args: readonly (CelValue | undefined)[], result: Result): number | undefined {
  const allocating = (factor: number, n: number): number => Math.floor(n * factor) + 1 + LIST_CREATE_BASE_COST;
  const selfCompare = (list: CelValue | undefined): number => {
    const n = size(list);
    const first = Array.isArray(list) ? list[0] : undefined;
    const factor = typeof first === 'string' || first instanceof Uint8Array ? 2 + STR : 2;
    return allocating(factor, n === 0 ? 0 : n * n);
  };
  switch (overloadId) {
    case 'list_sets_contains_list':
    case 'list_sets_intersects_list':
      return 1 + size(args[0]) * size(args[1]);
    case 'list_sets_equivalent_list':
      return 1 + size(args[0]) * size(args[1]) * 2;
    case 'list_slice':
    case 'lists_range':
    case 'list_reverse':
      return allocating(1, size(result as CelValue));
    case 'list_flatten':
      return allocating(1, size(args[0]));
    case 'list_flatten_int':
      return allocating(Number(args[1] as bigint), size(args[0]));
    case 'list_distinct':
      return selfCompare(args[0]);
    default:
      if (overloadId.endsWith('_sortByAssociatedKeys')) return selfCompare(args[1]);
      if (/^list_[a-z]+_sort$/.test(overloadId)) return selfCompare(args[0]);
      return undefined;
  }
}

/** Kubernetes' CostEstimator.CallCost: by function name; args include the receiver. */
export function kubernetesCallCost(fn: string, overloadId: string, args: readonly (CelValue | undefined)[], result: Result): number | undefined {
  const [a, b] = args;
  if (UNIT_COST_FUNCTIONS.has(fn)) return 1;
  if (PARSE_COST_FUNCTIONS.has(fn)) return args.length >= 1 ? ceilMul(size(a), STR) : undefined;
  if (TRAVERSAL_COST_FUNCTIONS.has(fn)) return args.length > 0 ? traversalCost(a) : 0;
  switch (fn) {
    case 'check':
      return 350_000;
    case 'fieldSelector':
    case 'labelSelector':
      return args.length >= 2 ? selectorCost(size(b)) : undefined;
    case 'url':
    case 'lowerAscii':
    case 'upperAscii':
    case 'substring':
    case 'trim':
    case 'jsonpatch.escapeKey':
      return args.length >= 1 ? ceilMul(size(a), STR) : undefined;
    case 'replace':
    case 'split':
      return args.length >= 1 ? ceilMul(size(a), 2 * STR) : undefined;
    case 'join':
      return args.length >= 1 ? ceilMul(size(result as CelValue), 2 * STR) : undefined;
    case 'find':
    case 'findAll':
      return args.length >= 2 ? ceilMul(1 + size(a), STR) * ceilMul(size(b), REGEX) : undefined;
    case 'ip':
      if (args.length < 1) return undefined;
      return overloadId === 'cidr_ip' ? 1 : ceilMul(size(a), STR);
    case 'ip.isCanonical':
      return args.length >= 1 ? ceilMul(size(a), 2 * STR) : undefined;
    case 'containsIP': {
      if (args.length < 2) return undefined;
      const cidr = size(a);
      return ceilMul(cidr + cidr, STR) + (overloadId === 'cidr_contains_ip_string' ? ceilMul(size(b), STR) : 0);
    }
    case 'containsCIDR': {
      if (args.length < 2) return undefined;
      const cidr = size(a);
      return ceilMul(cidr + cidr, STR) + ceilMul(cidr, STR) + 1 + (overloadId === 'cidr_contains_cidr_string' ? ceilMul(size(b), STR) : 0);
    }
    case 'validate': {
      if (args.length < 2 || !(a instanceof FormatObject)) return undefined;
      return ceilMul(1 + size(b), STR) * ceilMul(a.format.maxRegexSize, REGEX);
    }
    case '_==_':
      return args.length === 2 && a instanceof CelObject ? 1 : undefined;
    default:
      return undefined;
  }
}

