/**
 * Applies checked operations in order, as RFC 6902 requires: the first one that cannot apply stops the patch and
 * nothing is applied. The operations themselves run on `rfc6902` (which passes the json-patch-tests suite); this
 * module checks beforehand where each one reads and writes, so a failure names the operation and its reason, and
 * keeps a shadow of the document saying where every value came from: BASE at a path, or an operation's `value`.
 */
import { applyPatch, type Operation } from 'rfc6902';
import { MASK } from '../engine/masking.js';
import { keyHoldsSecret } from '../engine/secrets.js';
import type { DataPath } from '../engine/types.js';
import { deepEqual, isRecord } from '../platform/data.js';
import type { PatchOperation, PatchProblem } from './operations.js';
import { toPointer } from '../engine/locator.js';
import { addTarget, arrayIndex, resolvePointer } from './pointer.js';
import patchOperationRule from '../../rules/patch/operation/index.js';
import patchPathNotFoundRule from '../../rules/patch/path-not-found/index.js';
import patchTestFailedRule from '../../rules/patch/test-failed/index.js';
import { shownJson } from '../engine/message-text.js';

/** Where a value of the patched document came from. */
export type Origin = { source: 'base'; path: DataPath } | { source: 'patch'; operation: number; path: DataPath };

export interface Shadow {
  origin: Origin;
  children?: Map<string, Shadow> | Shadow[];
}

function extend(origin: Origin, segment: string | number): Origin {
  return { ...origin, path: [...origin.path, segment] };
}

export function shadowOf(value: unknown, origin: Origin): Shadow {
  if (Array.isArray(value)) return { origin, children: value.map((item, i) => shadowOf(item, extend(origin, i))) };
  if (isRecord(value)) return { origin, children: new Map(Object.keys(value).map((key) => [key, shadowOf(value[key], extend(origin, key))])) };
  return { origin };
}

function shadowAt(root: Shadow, tokens: readonly string[]): Shadow | undefined {
  let node: Shadow | undefined = root;
  for (const token of tokens) {
    const children: Shadow['children'] = node?.children;
    node = Array.isArray(children) ? children[arrayIndex(token) ?? -1] : children?.get(token);
  }
  return node;
}

/** The same edits the operations make, on the shadow; only called once the operation has applied. */
class ShadowTree {
  constructor(public root: Shadow) {}

  get(tokens: readonly string[]): Shadow | undefined {
    return shadowAt(this.root, tokens);
  }

  add(tokens: readonly string[], value: Shadow, replace: boolean): void {
    if (tokens.length === 0) {
      this.root = value;
      return;
    }
    const parent = this.get(tokens.slice(0, -1));
    const last = tokens[tokens.length - 1] as string;
    if (Array.isArray(parent?.children)) {
      const index = last === '-' ? parent.children.length : (arrayIndex(last) ?? parent.children.length);
      parent.children.splice(index, replace ? 1 : 0, value);
    } else if (parent?.children instanceof Map) {
      parent.children.set(last, value);
    }
  }

  remove(tokens: readonly string[]): Shadow | undefined {
    const parent = this.get(tokens.slice(0, -1));
    const last = tokens[tokens.length - 1] as string;
    const found = this.get(tokens);
    if (Array.isArray(parent?.children)) parent.children.splice(arrayIndex(last) ?? -1, 1);
    else if (parent?.children instanceof Map) parent.children.delete(last);
    return found;
  }
}

function clone(shadow: Shadow): Shadow {
  const { children } = shadow;
  if (Array.isArray(children)) return { origin: shadow.origin, children: children.map(clone) };
  if (children instanceof Map) return { origin: shadow.origin, children: new Map([...children].map(([k, v]) => [k, clone(v)])) };
  return { origin: shadow.origin };
}

export type PatchOutcome = { ok: true; document: unknown; shadow: Shadow } | { ok: false; problem: PatchProblem };

function notFound(operation: PatchOperation, member: 'path' | 'from', tokens: readonly string[], messageId: 'missing' | 'noParent' | 'badIndex'): PatchProblem {
  const data = { op: operation.op, pointer: toPointer(tokens) || '""' };
  const finding = messageId === 'missing' ? patchPathNotFoundRule.finding(messageId, { ...data, member }) : patchPathNotFoundRule.finding(messageId, data);
  return { ...finding, path: [operation.index, member], at: 'value' };
}

/** The first reason an operation cannot apply to `document`, checked the way RFC 6902 section 4 words it. */
function precondition(document: unknown, operation: PatchOperation): PatchProblem | undefined {
  const { op, path, from } = operation;
  if (from && !resolvePointer(document, from).found) return notFound(operation, 'from', from, 'missing');
  if (op === 'add' || op === 'move' || op === 'copy') {
    const where = addTarget(document, path);
    return where === 'ok' ? undefined : notFound(operation, 'path', path, where);
  }
  const target = resolvePointer(document, path);
  if (!target.found) return notFound(operation, 'path', path, 'missing');
  if (op === 'test' && !deepEqual(target.value, operation.value)) {
    const secret = keyHoldsSecret(String(path[path.length - 1] ?? ''));
    // A test of a credential must not print the credential, nor the guess at it.
    const show = (v: unknown): string => (secret ? MASK : shownJson(v));
    const finding = patchTestFailedRule.finding('failed', { pointer: toPointer(path) || '""', actual: show(target.value), expected: show(operation.value) });
    return { ...finding, path: [operation.index, 'value'], at: 'value' };
  }
  return undefined;
}

export function applyOperations(base: unknown, operations: readonly PatchOperation[]): PatchOutcome {
  // The library edits in place and cannot replace a root it was given, so the document lives in a box.
  const box: { root: unknown } = { root: structuredClone(base) };
  const shadow = new ShadowTree(shadowOf(base, { source: 'base', path: [] }));
  for (const operation of operations) {
    const problem = precondition(box.root, operation);
    if (problem) return { ok: false, problem };
    const inBox = (tokens: readonly string[]): string => `/root${toPointer(tokens)}`;
    const libraryOp = { op: operation.op, path: inBox(operation.path), ...(operation.from ? { from: inBox(operation.from) } : {}), ...('value' in operation ? { value: operation.value } : {}) } as Operation;
    const [error] = applyPatch(box, [libraryOp]);
    if (error) {
      return { ok: false, problem: { ...patchOperationRule.finding('failed', { op: operation.op, detail: error.message }), path: [operation.index], at: 'value' } };
    }
    const written = (): Shadow => shadowOf(operation.value, { source: 'patch', operation: operation.index, path: [] });
    switch (operation.op) {
      case 'add':
        shadow.add(operation.path, written(), false);
        break;
      case 'replace':
        shadow.add(operation.path, written(), true);
        break;
      case 'remove':
        shadow.remove(operation.path);
        break;
      case 'move': {
        const moved = shadow.remove(operation.from ?? []);
        if (moved) shadow.add(operation.path, moved, false);
        break;
      }
      case 'copy': {
        const copied = shadow.get(operation.from ?? []);
        if (copied) shadow.add(operation.path, clone(copied), false);
        break;
      }
      case 'test':
        break;
    }
  }
  return { ok: true, document: box.root, shadow: shadow.root };
}

/** Where a path of the patched document came from: the deepest shadow node on it, and the rest of the path. */
export function originOf(shadow: Shadow, path: readonly string[]): { origin: Origin; rest: string[]; exact: boolean } {
  let node = shadow;
  let depth = 0;
  for (const token of path) {
    const next = Array.isArray(node.children) ? node.children[arrayIndex(token) ?? -1] : node.children?.get(token);
    if (!next) break;
    node = next;
    depth++;
  }
  return { origin: node.origin, rest: path.slice(depth), exact: depth === path.length };
}
