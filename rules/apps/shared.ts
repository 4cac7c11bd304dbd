import type { DataPath } from '../api.js';

export const APPS: DataPath = ['status', 'apps'];
export const REPOSITORIES: DataPath = [...APPS, 'repositories'];
export const PREDEFINED_APPS: DataPath = [...APPS, 'predefinedApps'];
