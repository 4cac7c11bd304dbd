/**
 * Type assignability with type-parameter substitutions: a port of cel-go's checker/types.go (internalIsAssignable,
 * isValidTypeSubstitution, mostGeneral, notReferencedIn, substitute). A `Mapping` is copied before each attempt,
 * as cel-go does, so a failed attempt binds nothing.
 */
import { DYN, mapParams, sameType, typeName, typeParams, type CelType } from './types.js';

export class Mapping {
  constructor(private readonly subs = new Map<string, CelType>()) {}

  copy(): Mapping {
    return new Mapping(new Map(this.subs));
  }

  find(type: CelType): CelType | undefined {
    return type.kind === 'param' ? this.subs.get(type.name) : undefined;
  }

  add(from: CelType, to: CelType): void {
    if (from.kind === 'param') this.subs.set(from.name, to);
  }
}

function isDyn(t: CelType): boolean {
  return t.kind === 'dyn';
}

function isDynOrError(t: CelType): boolean {
  return t.kind === 'dyn' || t.kind === 'error';
}

function isEqualOrLessSpecific(t1: CelType, t2: CelType): boolean {
  if (isDyn(t1) || t1.kind === 'param') return true;
  if (isDyn(t2) || t2.kind === 'param') return false;
  if (t1.kind !== t2.kind) return false;
  switch (t1.kind) {
    case 'opaque':
    case 'list':
    case 'map':
    case 'type': {
      const p1 = typeParams(t1);
      const p2 = typeParams(t2);
      if (typeName(t1) !== typeName(t2) || p1.length !== p2.length) return false;
      return p1.every((p, i) => isEqualOrLessSpecific(p, p2[i] as CelType));
    }
    default:
      return sameType(t1, t2);
  }
}

export function mostGeneral(t1: CelType, t2: CelType): CelType {
  return isEqualOrLessSpecific(t1, t2) ? t1 : t2;
}

function notReferencedIn(m: Mapping, t: CelType, within: CelType): boolean {
  if (sameType(t, within)) return false;
  if (within.kind === 'param') {
    const sub = m.find(within);
    return sub === undefined ? true : notReferencedIn(m, t, sub);
  }
  return typeParams(within).every((p) => notReferencedIn(m, t, p));
}

function isValidTypeSubstitution(m: Mapping, t1: CelType, t2: CelType): { valid: boolean; hasSub: boolean } {
  if (t1.kind === t2.kind && sameType(t1, t2)) return { valid: true, hasSub: true };
  const t2Sub = m.find(t2);
  if (t2Sub) {
    if (t1.kind === t2Sub.kind && sameType(t1, t2Sub)) return { valid: true, hasSub: true };
    if (internalIsAssignable(m, t1, t2Sub)) {
      const t2New = mostGeneral(t1, t2Sub);
      if (notReferencedIn(m, t2, t2New)) m.add(t2, t2New);
      return { valid: true, hasSub: true };
    }
    return { valid: false, hasSub: true };
  }
  if (notReferencedIn(m, t2, t1)) {
    m.add(t2, t1);
    return { valid: true, hasSub: false };
  }
  return { valid: false, hasSub: false };
}

function isLegacyNullable(t: CelType): boolean {
  return t.kind === 'opaque' || t.kind === 'object' || t.kind === 'duration' || t.kind === 'timestamp';
}

export function internalIsAssignable(m: Mapping, t1: CelType, t2: CelType): boolean {
  if (t2.kind === 'param') {
    const { valid, hasSub } = isValidTypeSubstitution(m, t1, t2);
    if (valid) return true;
    if (hasSub) return false;
  }
  if (t1.kind === 'param') return isValidTypeSubstitution(m, t2, t1).valid;
  if (isDynOrError(t1) || isDynOrError(t2)) return true;
  if (t1.kind === 'null') return isLegacyNullable(t2) || t2.kind === 'null';
  if (t2.kind === 'null') return isLegacyNullable(t1);
  switch (t1.kind) {
    case 'type':
      return t2.kind === 'type';
    case 'opaque':
    case 'list':
    case 'map': {
      if (t1.kind !== t2.kind || typeName(t1) !== typeName(t2)) return false;
      const p1 = typeParams(t1);
      const p2 = typeParams(t2);
      return p1.length === p2.length && p1.every((p, i) => internalIsAssignable(m, p, p2[i] as CelType));
    }
    default:
      return t1.kind === t2.kind && typeName(t1) === typeName(t2);
  }
}

/** A copy of the mapping with `t2` assigned to `t1`, or undefined when it is not assignable. */
export function isAssignable(m: Mapping, t1: CelType, t2: CelType): Mapping | undefined {
  const copy = m.copy();
  return internalIsAssignable(copy, t1, t2) ? copy : undefined;
}

export function isAssignableList(m: Mapping, l1: readonly CelType[], l2: readonly CelType[]): Mapping | undefined {
  if (l1.length !== l2.length) return undefined;
  const copy = m.copy();
  return l1.every((t, i) => internalIsAssignable(copy, t, l2[i] as CelType)) ? copy : undefined;
}

/** The type with its substitutions applied; unbound type parameters become dyn when `paramToDyn`. */
export function substitute(m: Mapping, t: CelType, paramToDyn: boolean): CelType {
  const sub = m.find(t);
  if (sub) return substitute(m, sub, paramToDyn);
  if (t.kind === 'param') return paramToDyn ? DYN : t;
  return mapParams(t, (p) => substitute(m, p, paramToDyn));
}

/** cel-go's Type.IsEquivalentType, for the homogeneous literal validator: the same type, parameters included. */
export function isEquivalentType(a: CelType, b: CelType): boolean {
  return sameType(a, b);
}
