/**
 * Kubernetes' CostEstimator.EstimateCallCost (k8s.io/apiserver pkg/cel/library/cost.go), by function name: the
 * static cost of its libraries' calls and of the strings extension's functions it prices.
 */
import type { AstNode, CallEstimate, EstimateContext } from './estimate-calls.js';
import { sizeOf } from './estimate-calls.js';
import { add, byFactor, fixed, MAX_UINT64, multiply, union, type Range } from './estimate-math.js';
import { LIST_CREATE_BASE_COST, REGEX_STRING_LENGTH_COST_FACTOR as REGEX, STRING_TRAVERSAL_COST_FACTOR as STR } from './runtime-cost.js';
import type { CelType } from './types.js';

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
  switch (fn) {
    case 'check':
      return { cost: fixed(350_000) };
    case 'serviceAccount':
    case 'path':
    case 'group':
    case 'resource':
    case 'subresource':
    case 'namespace':
    case 'name':
    case 'allowed':
    case 'reason':
    case 'error':
    case 'errored':
    case 'masked':
    case 'prefixLength':
    case 'family':
    case 'isUnspecified':
    case 'isLoopback':
    case 'isLinkLocalMulticast':
    case 'isLinkLocalUnicast':
    case 'isGlobalUnicast':
    case 'format.named':
    case 'sign':
    case 'asInteger':
    case 'isInteger':
    case 'asApproximateFloat':
    case 'isGreaterThan':
    case 'isLessThan':
    case 'compareTo':
    case 'add':
    case 'sub':
    case 'major':
    case 'minor':
    case 'patch':
    case 'getScheme':
    case 'getHostname':
    case 'getHost':
    case 'getPort':
    case 'getEscapedPath':
    case 'getQuery':
      return ONE;
    case 'fieldSelector':
    case 'labelSelector':
      return args.length === 1 && a ? { cost: selectorCost(size(a)) } : undefined;
    case 'isSorted':
    case 'sum':
    case 'max':
    case 'min':
    case 'indexOf':
    case 'lastIndexOf':
    case 'includes': {
      if (!target) return undefined;
      let elementCost = fixed(1);
      const element = elementNode(target);
      if (element) {
        if (element.type.kind === 'string' || element.type.kind === 'bytes') elementCost = add(elementCost, byFactor(size(element), STR));
        return { cost: multiplyByCost(size(target), elementCost) };
      }
      if (fn === 'includes') return { cost: multiplyByCost(size(target), elementCost) };
      return { cost: byFactor(size(target), STR) };
    }
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
    case 'cidr':
    case 'isIP':
    case 'isCIDR':
    case 'quantity':
    case 'isQuantity':
    case 'semver':
    case 'isSemver':
      return a ? { cost: byFactor(size(a), STR) } : undefined;
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

function replaceEstimate(sz: Range, toReplace: Range, replaceWith: Range): CallEstimate {
  const count: Range = { min: 0n, max: 0n };
  const retained: Range = { min: 0n, max: 0n };
  if (toReplace.min === 0n) {
    count.max = sz.max < MAX_UINT64 ? sz.max + 1n : sz.max;
    retained.max = sz.max;
  } else if (replaceWith.max <= toReplace.min) {
    retained.max = sz.max;
  } else {
    count.max = BigInt(Math.ceil(Number(sz.max) / Number(toReplace.min)));
  }
  if (toReplace.max === 0n) {
    count.min = sz.min < MAX_UINT64 ? sz.min + 1n : sz.min;
    retained.min = sz.min;
  } else if (toReplace.max <= replaceWith.min) {
    retained.min = sz.min;
  } else {
    count.min = BigInt(Math.ceil(Number(sz.min) / Number(toReplace.max)));
  }
  return { cost: byFactor(sz, 2 * STR), resultSize: add(multiply(count, replaceWith), retained) };
}
