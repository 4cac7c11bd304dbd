/**
 * A library: functions, the named types it adds (so that `net.IP` or `kubernetes.Quantity` is a type value), and
 * the macros it switches on. The environment is the union of the libraries the Kubernetes version enables.
 */
import type { FunctionDecl } from '../decls.js';
import type { MacroName } from '../macros.js';
import type { CelType } from '../types.js';

export interface Library {
  name: string;
  functions: FunctionDecl[];
  types?: CelType[];
  macros?: MacroName[];
}
