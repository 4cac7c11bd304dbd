/**
 * The runtime cost of a call, as cel-go's interpreter/runtimecost.go (CostTracker.costCall) charges it once a
 * library's own estimator (Kubernetes' library.CostEstimator.CallCost) has had its say. The constants are cel-go's
 * common/cost.go.
 */
import { actualSize, type CelValue, type Result } from './values.js';

/** common.SelectAndIdentCost: an identifier, or a field or index applied to a value. */
export const SELECT_AND_IDENT_COST = 1;
/** common.ConstCost */
export const CONST_COST = 0;
/** common.ListCreateBaseCost */
export const LIST_CREATE_BASE_COST = 10;
/** common.MapCreateBaseCost */
export const MAP_CREATE_BASE_COST = 30;
/** common.StructCreateBaseCost */
export const STRUCT_CREATE_BASE_COST = 40;
/** common.StringTraversalCostFactor: the cost of reading one character. */
export const STRING_TRAVERSAL_COST_FACTOR = 0.1;
/** common.RegexStringLengthCostFactor: the cost of applying one character of a pattern to a one-character string. */
export const REGEX_STRING_LENGTH_COST_FACTOR = 0.25;

/** A library's runtime cost of a call (interpreter.ActualCostEstimator), or undefined to let cel-go decide. */
export type ActualCostEstimator = (fn: string, overloadId: string, args: readonly (CelValue | undefined)[], result: Result) => number | undefined;

const stringCost = (size: number): number => Math.ceil(size * STRING_TRAVERSAL_COST_FACTOR);

const MIN_SIZE_OVERLOADS = new Set([
  'less_string',
  'greater_string',
  'less_equals_string',
  'greater_equals_string',
  'less_bytes',
  'greater_bytes',
  'less_equals_bytes',
  'greater_equals_bytes',
  'equals',
  'not_equals',
]);

/** cel-go's default cost of a call by overload id (runtimecost.go costCall). */
export function defaultCallCost(overloadId: string, args: readonly (CelValue | undefined)[]): number {
  const [a, b] = args;
  switch (overloadId) {
    case 'starts_with_string':
    case 'ends_with_string':
    case 'string_to_bytes':
    case 'bytes_to_string':
    case 'strings_quote':
    case 'string_format':
      return stringCost(actualSize(a));
    case 'in_list':
      return actualSize(b);
    case 'add_string':
    case 'add_bytes':
      return stringCost(actualSize(a) + actualSize(b));
    case 'matches_string':
      return Math.ceil((1 + actualSize(a)) * STRING_TRAVERSAL_COST_FACTOR) * Math.ceil(actualSize(b) * REGEX_STRING_LENGTH_COST_FACTOR);
    case 'contains_string':
      return stringCost(actualSize(a)) * stringCost(actualSize(b));
    default:
      if (MIN_SIZE_OVERLOADS.has(overloadId)) return stringCost(Math.min(actualSize(a), actualSize(b)));
      return 1;
  }
}
