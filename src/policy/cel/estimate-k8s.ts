/**
 * Kubernetes' CostEstimator.EstimateCallCost (k8s.io/apiserver pkg/cel/library/cost.go), by function name: the
 * static cost of its libraries' calls and of the strings extension's functions it prices.
 */
import { sizeOf, type AstNode, type CallEstimate, type EstimateContext } from './estimate-node.js';
import { UINT64_MAX } from '../../formats/go-int.js';
import { add, byFactor, fixed, multiply, union, type Range } from './estimate-math.js';
import { LIST_CREATE_BASE_COST, REGEX_STRING_LENGTH_COST_FACTOR as REGEX, STRING_TRAVERSAL_COST_FACTOR as STR } from './runtime-cost.js';
import type { CelType } from './types.js';
import { PARSE_COST_FUNCTIONS, TRAVERSAL_COST_FUNCTIONS, UNIT_COST_FUNCTIONS } from './lib/k8s-cost-names.js';

/** k8s.io/apiserver pkg/cel/limits.go. */
const MAX_NAME_FORMAT_REGEX_SIZE = 128;
const MAX_FORMAT_SIZE = 64;
const COST_PER_REQUIREMENT = LIST_CREATE_BASE_COST + 40;

const ONE: CallEstimate = { cost: fixed(1) };

function selectorCost(length: Range): Range {
  const parse = byFactor(length, STR);
  const requirements = byFactor(byFactor(length, 0.5), COST_PER_REQUIREMENT);
  return add(add(fixed(LIST_CREATE_BASE_COST), parse), requirements);
}

function elementNode(list: AstNode): AstNode | undefined {
  if (list.type.kind !== 'list') return undefined;
  return { path: list.path ? [...list.path, '@items'] : undefined, type: list.type.elem, expr: undefined, computedSize: undefined };
}

const O1_OBJECTS = new Set([
  'kubernetes.Quantity',
  'kubernetes.authorization.Authorizer',
  'kubernetes.authorization.PathCheck',
  'kubernetes.authorization.GroupCheck',
  'kubernetes.authorization.ResourceCheck',
  'kubernetes.authorization.Decision',
  'kubernetes.Semver',
]);

function sameType(a: CelType, b: CelType): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function kubernetesCallEstimate(ctx: EstimateContext, fn: string, overloadId: string, target: AstNode | undefined, args: AstNode[]): CallEstimate | undefined {
  const size = (n: AstNode): Range => sizeOf(ctx, n);
  const [a, b] = args;
  if (UNIT_COST_FUNCTIONS.has(fn)) return ONE;
  if (PARSE_COST_FUNCTIONS.has(fn)) return a ? { cost: byFactor(size(a), STR) } : undefined;
  if (TRAVERSAL_COST_FUNCTIONS.has(fn)) return target ? traversalEstimate(fn, target, size) : undefined;
  switch (fn) {
    case 'check':
      return { cost: fixed(350_000) };
    case 'fieldSelector':
    case 'labelSelector':
      return args.length === 1 && a ? { cost: selectorCost(size(a)) } : undefined;
    case 'url':
    case 'jsonpatch.escapeKey':
      if (args.length !== 1 || !a) return undefined;
      return { cost: byFactor(size(a), STR), resultSize: size(a) };
    case 'lowerAscii':
    case 'upperAscii':
    case 'substring':
    case 'trim':
      return target ? { cost: byFactor(size(target), STR), resultSize: size(target) } : undefined;
    case 'replace':
      return target && args.length >= 2 && a && b ? replaceEstimate(size(target), size(a), size(b)) : undefined;
    case 'split': {
      if (!target) return undefined;
      const sz = size(target);
      let max = sz.max;
      const limit = args[1]?.expr;
      if (limit?.kind === 'literal' && typeof limit.value === 'bigint') max = BigInt.asUintN(64, limit.value);
      return { cost: byFactor(sz, 2 * STR), resultSize: { min: 0n, max } };
    }
    case 'join': {
      if (!target) return undefined;
      const listSize = size(target);
      const element = elementNode(target);
      let sz: Range = element ? multiply(listSize, size(element)) : fixed(0);
      if (a) {
        const separators = { min: listSize.min > 0n ? listSize.min - 1n : 0n, max: listSize.max > 0n ? listSize.max - 1n : 0n };
        sz = add(sz, multiply(size(a), separators));
      }
      return { cost: byFactor(sz, STR), resultSize: sz };
    }
    case 'find':
    case 'findAll': {
      if (!target || !a) return undefined;
      const sz = size(target);
      const str = byFactor(add(sz, fixed(1)), STR);
      return { cost: multiply(str, byFactor(size(a), REGEX)), resultSize: { min: 0n, max: sz.max } };
    }
    case 'ip':
      if (overloadId === 'cidr_ip') return ONE;
      return a ? { cost: byFactor(size(a), STR) } : undefined;
    case 'ip.isCanonical':
      return a ? { cost: byFactor(size(a), 2 * STR) } : undefined;
    case 'containsIP':
    case 'containsCIDR': {
      if (!a) return undefined;
      const sz = { min: 4n, max: 16n };
      let cost = byFactor(add(sz, sz), STR);
      if (fn === 'containsCIDR') cost = add(add(cost, byFactor(sz, STR)), fixed(1));
      if (overloadId === 'cidr_contains_ip_string' || overloadId === 'cidr_contains_cidr_string') cost = add(cost, byFactor(size(a), STR));
      return { cost };
    }
    case 'validate':
      return a ? { cost: byFactor(byFactor(size(a), STR), MAX_NAME_FORMAT_REGEX_SIZE * REGEX) } : undefined;
    case '_==_':
      return a && b ? equalityEstimate(a, b) : undefined;
    default:
      return undefined;
  }
}

function multiplyByCost(size: Range, cost: Range): Range {
  return multiply(size, cost);
}

function equalityEstimate(lhs: AstNode, rhs: AstNode): CallEstimate | undefined {
  if (!sameType(lhs.type, rhs.type)) return undefined;
  const t = lhs.type;
  if (t.kind === 'opaque' && (t.name === 'net.IP' || t.name === 'net.CIDR')) return ONE;
  if (t.kind !== 'object') return undefined;
  if (O1_OBJECTS.has(t.name)) return ONE;
  if (t.name === 'kubernetes.NamedFormat') return { cost: byFactor({ min: 1n, max: BigInt(MAX_FORMAT_SIZE) }, STR) };
  if (t.name === 'kubernetes.URL') {
    // cost.go unions the right-hand size with itself.
    const size = rhs.computedSize ? union(rhs.computedSize, rhs.computedSize) : fixed(1);
    return { cost: byFactor({ min: 1n, max: size.max }, STR) };
  }
  return undefined;
}

/** One bound of cost.go's replace estimate: how many replacements, and how much of the string stays. */
function replaceBound(size: bigint, replaced: bigint, noGrowth: boolean): [count: bigint, retained: bigint] {
  if (replaced === 0n) return [size < UINT64_MAX ? size + 1n : size, size];
  if (noGrowth) return [0n, size];
  return [BigInt(Math.ceil(Number(size) / Number(replaced))), 0n];
}

function replaceEstimate(sz: Range, toReplace: Range, replaceWith: Range): CallEstimate {
  const [maxCount, maxRetained] = replaceBound(sz.max, toReplace.min, replaceWith.max <= toReplace.min);
  const [minCount, minRetained] = replaceBound(sz.min, toReplace.max, toReplace.max <= replaceWith.min);
  const count = { min: minCount, max: maxCount };
  return { cost: byFactor(sz, 2 * STR), resultSize: add(multiply(count, replaceWith), { min: minRetained, max: maxRetained }) };
}

/** cost.go for isSorted, sum, min, max, indexOf, lastIndexOf, includes: the list's size times an element's cost. */
function traversalEstimate(fn: string, target: AstNode, size: (n: AstNode) => Range): CallEstimate {
  let elementCost = fixed(1);
  const element = elementNode(target);
  if (element) {
    if (element.type.kind === 'string' || element.type.kind === 'bytes') elementCost = add(elementCost, byFactor(size(element), STR));
    return { cost: multiplyByCost(size(target), elementCost) };
  }
  if (fn === 'includes') return { cost: multiplyByCost(size(target), elementCost) };
  return { cost: byFactor(size(target), STR) };
}
