import { isRecord, type DataPath } from '../api.js';

export const METADATA: DataPath = ['metadata'];

/** The document's `metadata` mapping, or undefined when absent or of the wrong type (the schema pass reports that). */
export function metadataOf(data: unknown): Record<string, unknown> | undefined {
  if (!isRecord(data)) return undefined;
  const meta = data.metadata;
  return isRecord(meta) ? meta : undefined;
}
