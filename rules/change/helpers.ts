import { type DataPath, deepEqual, getIn, type RuleDocument } from '../api.js';

/** A field's value before and after the update; `null` counts as absent, as the server's decoder sees it. */
export function versions(doc: RuleDocument, path: DataPath): { before: unknown; after: unknown } {
  const before = getIn(doc.old, path);
  const after = getIn(doc.data, path);
  return { before: before === null ? undefined : before, after: after === null ? undefined : after };
}

export function changed(before: unknown, after: unknown): boolean {
  return !deepEqual(before, after);
}

/** A value as it appears in a message: strings quoted, the rest as JSON, long ones cut. */
export function show(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
