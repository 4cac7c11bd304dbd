import { type DataPath, isRecord, listAt } from '../api.js';

export const APPS: DataPath = ['status', 'apps'];
export const REPOSITORIES: DataPath = [...APPS, 'repositories'];
export const PREDEFINED_APPS: DataPath = [...APPS, 'predefinedApps'];

/** The mapping items of a list, each with its path (other items are the schema pass's business). */
export function recordItems(data: unknown, path: DataPath): { value: Record<string, unknown>; path: DataPath }[] {
  return listAt(data, path).filter((item): item is { value: Record<string, unknown>; path: DataPath } => isRecord(item.value));
}
