import type { Rule } from '../../src/engine/types.js';
import maintenanceWindow from './maintenance-window/index.js';

export const rules: readonly Rule[] = [maintenanceWindow];
