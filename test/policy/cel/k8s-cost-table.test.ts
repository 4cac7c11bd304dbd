/**
 * Kubernetes' cost tests (k8s.io/apiserver pkg/cel/library/cost_test.go): for each case, the static estimate
 * (min and max) and the runtime cost platlint's port gives must be the Go test's, in testCost's environment
 * (the libraries it lists, an `authorizer` that allows everything, strings and bytes of unknown size estimated at
 * 0 to 12).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authorizerValue, objectType } from '../../../src/policy/cel/index.js';
import { stringsLibrary } from '../../../src/policy/cel/lib/ext-strings.js';
import { setsLibrary } from '../../../src/policy/cel/lib/ext-lists.js';
import { comprehensionsLibrary } from '../../../src/policy/cel/lib/comprehensions.js';
import { optionalLibrary } from '../../../src/policy/cel/lib/optional.js';
import { authzLibrary } from '../../../src/policy/cel/lib/k8s-authz.js';
import { cidrLibrary, ipLibrary } from '../../../src/policy/cel/lib/k8s-ip.js';
import { jsonPatchLibrary, kubernetesListsLibrary, regexLibrary } from '../../../src/policy/cel/lib/k8s-lists-regex.js';
import { quantityLibrary } from '../../../src/policy/cel/lib/k8s-quantity.js';
import { semverLibrary } from '../../../src/policy/cel/lib/k8s-semver.js';
import { formatLibrary, urlsLibrary } from '../../../src/policy/cel/lib/k8s-url-format.js';
import { plainEnvironment } from './k8s-tables.js';

interface CostRow {
  test: string;
  expr: string;
  estimated: [number, number];
  runtime: number;
}

const table = JSON.parse(readFileSync(join(import.meta.dirname, 'k8s-tables', 'cost.json'), 'utf8')) as { rows: CostRow[] };

const environment = plainEnvironment(
  [stringsLibrary(2), urlsLibrary, regexLibrary, kubernetesListsLibrary(1), authzLibrary(true), quantityLibrary, setsLibrary, ipLibrary, cidrLibrary, formatLibrary, optionalLibrary, comprehensionsLibrary, semverLibrary(1), jsonPatchLibrary],
  { optionalTypes: true },
);
const AUTHORIZER = objectType('kubernetes.authorization.Authorizer');
const allowAll = authorizerValue(() => ({ decision: 'allow', reason: '' }));
const testSizes = ({ type }: { type: { kind: string } }) => (type.kind === 'string' || type.kind === 'bytes' ? { min: 0n, max: 12n } : undefined);

describe('cost_test.go', () => {
  it.each(table.rows.map((row) => [`${row.test}: ${row.expr}`, row] as const))('%s', (_, row) => {
    const compiled = environment.compile(row.expr, { authorizer: AUTHORIZER });
    if (!compiled.ok) throw new Error(compiled.error.message);
    const estimate = compiled.program.estimateCost(testSizes);
    const result = compiled.program.evaluate({ authorizer: allowAll });
    expect({ estimated: [Number(estimate.min), Number(estimate.max)], runtime: result.cost, kind: result.kind }).toEqual({ estimated: row.estimated, runtime: row.runtime, kind: 'value' });
  });
});
