/**
 * The structure of a JSON Patch document (RFC 6902 section 4): a list of operations, each with a known `op`, the
 * members that op needs, and pointers that are RFC 6901. Problems are located in the patch document by data path;
 * members the RFC does not define are ignored, as it requires.
 */
import patchDocumentRule from '../../rules/patch/document/index.js';
import patchOperationRule from '../../rules/patch/operation/index.js';
import patchPointerRule from '../../rules/patch/pointer/index.js';
import type { DataPath, RuleFinding } from '../engine/types.js';
import { isRecord } from '../platform/data.js';
import { parsePointer } from './pointer.js';

export const OPS = ['add', 'remove', 'replace', 'move', 'copy', 'test'] as const;
export type OpName = (typeof OPS)[number];

export interface PatchOperation {
  index: number;
  op: OpName;
  path: string[];
  from?: string[];
  value?: unknown;
}

/** A problem of the patch, at a data path of the patch document (at its key or its value). */
export type PatchProblem = RuleFinding & { path: DataPath; at: 'key' | 'value' };

const NEEDS_VALUE: ReadonlySet<OpName> = new Set(['add', 'replace', 'test']);
const NEEDS_FROM: ReadonlySet<OpName> = new Set(['move', 'copy']);

export function checkOperations(document: unknown): { operations: PatchOperation[]; problems: PatchProblem[] } {
  const problems: PatchProblem[] = [];
  const operations: PatchOperation[] = [];
  if (!Array.isArray(document)) {
    problems.push({ ...patchDocumentRule.finding('notList', { actual: isRecord(document) ? 'a mapping' : 'a scalar' }), path: [], at: 'value' });
    return { operations, problems };
  }
  document.forEach((item, index) => {
    if (!isRecord(item)) {
      problems.push({ ...patchDocumentRule.finding('notMapping', { index }), path: [index], at: 'value' });
      return;
    }
    const op = item['op'];
    if (op === undefined) {
      problems.push({ ...patchOperationRule.finding('missingOp', { index }), path: [index], at: 'value' });
      return;
    }
    if (typeof op !== 'string' || !(OPS as readonly string[]).includes(op)) {
      problems.push({ ...patchOperationRule.finding('unknownOp', { op: String(op).slice(0, 40), ops: OPS.join(', ') }), path: [index, 'op'], at: 'value' });
      return;
    }
    const name = op as OpName;
    let ok = true;
    const pointer = (member: 'path' | 'from'): string[] | undefined => {
      const value = item[member];
      if (value === undefined) {
        problems.push({ ...patchOperationRule.finding('missingMember', { op: name, member }), path: [index], at: 'value' });
        ok = false;
        return undefined;
      }
      if (typeof value !== 'string') {
        problems.push({ ...patchPointerRule.finding('notString', { member, actual: value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'a mapping' : `a ${typeof value}` }), path: [index, member], at: 'value' });
        ok = false;
        return undefined;
      }
      const parsed = parsePointer(value);
      if (!parsed.ok) {
        problems.push({ ...patchPointerRule.finding('invalid', { pointer: value.slice(0, 80), reason: parsed.reason }), path: [index, member], at: 'value' });
        ok = false;
        return undefined;
      }
      return parsed.tokens;
    };
    const path = pointer('path');
    const from = NEEDS_FROM.has(name) ? pointer('from') : undefined;
    if (NEEDS_VALUE.has(name) && !Object.prototype.hasOwnProperty.call(item, 'value')) {
      problems.push({ ...patchOperationRule.finding('missingMember', { op: name, member: 'value' }), path: [index], at: 'value' });
      ok = false;
    }
    if (ok && name === 'move' && path && from && from.length < path.length && from.every((t, i) => path[i] === t)) {
      problems.push({ ...patchOperationRule.finding('moveIntoChild'), path: [index, 'path'], at: 'value' });
      ok = false;
    }
    if (!ok || !path) return;
    operations.push({ index, op: name, path, ...(from ? { from } : {}), ...(NEEDS_VALUE.has(name) ? { value: item['value'] } : {}) });
  });
  return { operations, problems };
}
