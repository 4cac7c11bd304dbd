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
