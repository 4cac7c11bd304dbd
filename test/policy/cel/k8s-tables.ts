/** Kubernetes' library test tables (test/policy/cel/k8s-tables/*.json) and the environments their Go tests build. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CelEnvironment, type Features } from '../../../src/policy/cel/index.js';
import type { Library } from '../../../src/policy/cel/lib/library.js';

export interface TableRow {
  name: string;
  expr: string;
  version?: number;
  go?: string;
  value?: string;
  runtimeError?: string;
  compileErrors?: string[];
  generated?: boolean;
}

export interface Table {
  source: string;
  commit: string;
  runtimeErrorMatch: 'exact' | 'regexp';
  rows: TableRow[];
}

export function readTable(name: string): Table {
  return JSON.parse(readFileSync(join(import.meta.dirname, 'k8s-tables', `${name}.json`), 'utf8')) as Table;
}

/** An environment as cel.NewEnv(libraries...) builds it: no Kubernetes base options, no optimisation. */
export function plainEnvironment(libraries: Library[], options: Partial<Omit<Features, 'libraries'>> = {}): CelEnvironment {
  const features: Features = { libraries, crossTypeNumericComparisons: false, optionalTypes: false, literalValidators: false, ...options };
  return new CelEnvironment(undefined, { features, homogeneousLiterals: false, optimize: false });
}
