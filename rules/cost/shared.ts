/**
 * What the `cost/*` rules share (not a rule itself: the area index lists the rules): where cost control lives, and
 * the numbers it must not hold below zero.
 */
import { type DataPath, displayPath, getIn, type NodeFacts, writtenScalar } from '../api.js';

export const COST_CONTROL: DataPath = ['status', 'costControl'];
export const COST_SETTINGS: DataPath = [...COST_CONTROL, 'settings'];

/** The numbers below 0 at `paths`, each with its path, the field's name and the number as written. */
export function negativeNumbers(data: unknown, facts: NodeFacts, paths: readonly DataPath[]): { path: DataPath; field: string; value: string }[] {
  return paths.flatMap((path) => {
    const value = getIn(data, path);
    return typeof value === 'number' && value < 0 ? [{ path, field: displayPath(path), value: writtenScalar(facts, path, value) }] : [];
  });
}
