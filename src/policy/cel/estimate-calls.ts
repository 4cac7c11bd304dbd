/**
 * The static cost of a call (cel-go checker/cost.go functionCost): an extension's overload estimator first (ext/sets.go
 * estimateSetsCost, ext/lists.go version 3), then Kubernetes' CostEstimator.EstimateCallCost
 * (k8s.io/apiserver pkg/cel/library/cost.go), then cel-go's defaults. The arguments' own costs are added.
 */
import type { Expr } from './ast.js';
import { UINT64_MAX } from '../../formats/go-int.js';
import { add, byFactor, fixed, multiply, union, type Range } from './estimate-math.js';
import { sizeOf, type AstNode, type CallEstimate, type EstimateContext } from './estimate-node.js';
import { REGEX_STRING_LENGTH_COST_FACTOR as REGEX, STRING_TRAVERSAL_COST_FACTOR as STR, LIST_CREATE_BASE_COST } from './runtime-cost.js';
import { kubernetesCallEstimate } from './estimate-k8s.js';

function uintLiteral(node: AstNode | undefined, fallback: bigint): bigint {
  const e = node?.expr;
  if (e?.kind !== 'literal' || typeof e.value !== 'bigint') return fallback;
  return e.value < 0n ? 0n : e.value;
}

function allocatingList(factor: number, size: Range): CallEstimate {
  return { cost: add(add(byFactor(size, factor), fixed(1)), fixed(LIST_CREATE_BASE_COST)), resultSize: size };
}

/** The extensions' overload estimators (checker.OverloadCostEstimate) Kubernetes' environment has. */
function extensionEstimate(ctx: EstimateContext, overloadId: string, target: AstNode | undefined, args: AstNode[]): CallEstimate | undefined {
  switch (overloadId) {
    case 'list_sets_contains_list':
    case 'list_sets_intersects_list':
    case 'list_sets_equivalent_list': {
      if (args.length !== 2) return undefined;
      const factor = overloadId === 'list_sets_equivalent_list' ? 2 : 1;
      return { cost: add(byFactor(multiply(sizeOf(ctx, args[0] as AstNode), sizeOf(ctx, args[1] as AstNode)), factor), fixed(1)) };
    }
    case 'list_slice': {
      if (!target || args.length !== 2) return undefined;
      const size = sizeOf(ctx, target);
      const start = uintLiteral(args[0], 0n);
      const end = uintLiteral(args[1], size.max);
      return allocatingList(1, fixed(end - start < 0n ? UINT64_MAX + (end - start) + 1n : end - start));
    }
    case 'lists_range':
      return target || args.length !== 1 ? undefined : allocatingList(1, fixed(uintLiteral(args[0], UINT64_MAX)));
    case 'list_reverse':
      return !target || args.length ? undefined : allocatingList(1, sizeOf(ctx, target));
    case 'list_flatten':
    case 'list_flatten_int':
      return !target || args.length > 1 ? undefined : allocatingList(Number(args.length ? uintLiteral(args[0], UINT64_MAX) : 1n), sizeOf(ctx, target));
    case 'list_distinct': {
      if (!target || args.length) return undefined;
      const size = sizeOf(ctx, target);
      return allocatingList(2, multiply(size, size));
    }
    default:
      break;
  }
  const sort = /^list_([a-z]+)_(sort|sortByAssociatedKeys)$/.exec(overloadId);
  if (!sort || !target) return undefined;
  const node = sort[2] === 'sort' ? target : args[0];
  if (!node || (sort[2] === 'sort' ? args.length !== 0 : args.length !== 1)) return undefined;
  const size = sizeOf(ctx, node);
  const factor = sort[1] === 'string' || sort[1] === 'bytes' ? 2 + STR : 2;
  return allocatingList(factor, multiply(size, size));
}

function sum(costs: readonly Range[]): Range {
  return costs.reduce((s, c) => add(s, c), fixed(0));
}

const MIN_SIZE = /^(less|greater|less_equals|greater_equals)_(string|bytes)$|^(equals|not_equals)$/;

export function functionCost(ctx: EstimateContext, e: Expr, fnName: string, overloadId: string, target: AstNode | undefined, args: AstNode[], argCosts: Range[]): CallEstimate {
  const argSum = sum(argCosts);
  const ext = extensionEstimate(ctx, overloadId, target, args);
  if (ext) return { cost: add(ext.cost, argSum), ...(ext.resultSize ? { resultSize: ext.resultSize } : {}) };
  const k8s = kubernetesCallEstimate(ctx, fnName, overloadId, target, args);
  if (k8s) return { cost: add(k8s.cost, argSum), ...(k8s.resultSize ? { resultSize: k8s.resultSize } : {}) };
  const [a, b, c] = args;
  switch (overloadId) {
    case 'string_format':
      if (target) return { cost: add(byFactor(ctx.sizeOrUnknown(target), STR), argSum) };
      break;
    case 'string_to_bytes':
    case 'bytes_to_string':
    case 'strings_quote':
      if (a && args.length === 1) {
        const sz = ctx.sizeOrUnknown(a);
        const resultSize = overloadId === 'string_to_bytes' ? { min: sz.min, max: sz.max * 4n } : overloadId === 'bytes_to_string' ? { min: sz.min / 4n, max: sz.max } : { min: sz.min + 2n, max: sz.max * 2n + 2n };
        return { cost: add(byFactor(sz, STR), argSum), resultSize };
      }
      break;
    case 'starts_with_string':
    case 'ends_with_string':
      if (a && args.length === 1) return { cost: add(byFactor(ctx.sizeOrUnknown(a), STR), argSum) };
      break;
    case 'in_list':
      if (b && args.length === 2) return { cost: add(byFactor(ctx.sizeOrUnknown(b), 1), argSum) };
      break;
    case 'matches_string':
      if (target && a && args.length === 1) {
        const str = byFactor(add(ctx.sizeOrUnknown(target), fixed(1)), STR);
        return { cost: add(multiply(str, byFactor(ctx.sizeOrUnknown(a), REGEX)), argSum) };
      }
      break;
    case 'contains_string':
      if (target && a && args.length === 1) return { cost: add(multiply(byFactor(ctx.sizeOrUnknown(target), STR), byFactor(ctx.sizeOrUnknown(a), STR)), argSum) };
      break;
    case 'logical_or':
    case 'logical_and': {
      const [l = fixed(0), r = fixed(0)] = argCosts;
      return { cost: { min: l.min, max: add(l, r).max } };
    }
    case 'conditional': {
      if (!a || !b || !c) break;
      const size = union(ctx.sizeOrUnknown(b), ctx.sizeOrUnknown(c));
      const left = b.expr ? ctx.computeEntrySize(b.expr) : undefined;
      const right = c.expr ? ctx.computeEntrySize(c.expr) : undefined;
      ctx.setEntrySize(e, left && right ? { container: left.container, key: union(left.key, right.key), value: union(left.value, right.value) } : undefined);
      const [cond = fixed(0), t = fixed(0), f = fixed(0)] = argCosts;
      return { cost: add(cond, union(t, f)), resultSize: size };
    }
    case 'add_string':
    case 'add_bytes':
    case 'add_list':
      if (a && b && args.length === 2) {
        const resultSize = add(ctx.sizeOrUnknown(a), ctx.sizeOrUnknown(b));
        const left = a.expr ? ctx.computeEntrySize(a.expr) : undefined;
        const right = b.expr ? ctx.computeEntrySize(b.expr) : undefined;
        if (left && right) ctx.setEntrySize(e, { container: left.container, key: union(left.key, right.key), value: union(left.value, right.value) });
        if (overloadId === 'add_list') return { cost: add(fixed(1), argSum), resultSize };
        return { cost: add(byFactor(resultSize, STR), argSum), resultSize };
      }
      break;
    default:
      if (MIN_SIZE.test(overloadId) && a && b) {
        const smallest = ctx.sizeOrUnknown(a).max < ctx.sizeOrUnknown(b).max ? ctx.sizeOrUnknown(a).max : ctx.sizeOrUnknown(b).max;
        return { cost: add(byFactor({ min: smallest > 0n ? 1n : 0n, max: smallest }, STR), argSum) };
      }
  }
  return { cost: add(fixed(1), argSum) };
}

