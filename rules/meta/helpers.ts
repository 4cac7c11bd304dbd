import type { DataPath } from '../api.js';

export const METADATA: DataPath = ['metadata'];
