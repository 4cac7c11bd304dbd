import type { DataPath } from '../../src/engine/types.js';
import { isRecord } from '../../src/platform/data.js';

export const METADATA: DataPath = ['metadata'];

/** The document's `metadata` mapping, or undefined when absent or of the wrong type (the schema pass reports that). */
export function metadataOf(data: unknown): Record<string, unknown> | undefined {
  if (!isRecord(data)) return undefined;
  const meta = data.metadata;
  return isRecord(meta) ? meta : undefined;
}

/** Explicit null means the same as leaving a field out to the platform's Go decoder. */
export function isSet(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/** A value for a message: long values are cut so that one diagnostic stays one readable line. */
export function shown(value: string, max = 80): string {
  return value.length <= max ? value : `${value.slice(0, max)}…`;
}

/** apimachinery's problem texts joined into one clause of a message. */
export function problemsText(problems: readonly string[]): string {
  return problems.join('; ');
}

/** Own keys of a plain record in source order, safe for `__proto__` and friends. */
export function entriesOf(record: Record<string, unknown>): [string, unknown][] {
  return Object.keys(record).map((key) => [key, record[key]]);
}
