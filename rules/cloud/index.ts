import type { Rule } from '../api.js';
import maintenanceWindow from './maintenance-window/index.js';

export const rules: readonly Rule[] = [maintenanceWindow];
