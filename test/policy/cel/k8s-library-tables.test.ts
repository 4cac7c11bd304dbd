/**
 * Kubernetes' own table-driven tests of its CEL libraries, run against platlint's environment: every row of
 * k8s.io/apiserver pkg/cel/library/{ip,cidr,quantity,format,semver}_test.go, with the Go test's environment, its
 * expected value (compared with CEL equality, as the Go test compares with Equal), its runtime error (exact or a
 * regular expression, as the Go test matches it) or its compile errors (each error matches one of the patterns and
 * each pattern matches an error).
 */
import { describe, expect, it } from 'vitest';
import { CelEnvironment } from '../../../src/policy/cel/index.js';
import { cidrLibrary, ipLibrary } from '../../../src/policy/cel/lib/k8s-ip.js';
import { quantityLibrary } from '../../../src/policy/cel/lib/k8s-quantity.js';
import { semverLibrary } from '../../../src/policy/cel/lib/k8s-semver.js';
import { formatLibrary, urlsLibrary } from '../../../src/policy/cel/lib/k8s-url-format.js';
import { kubernetesListsLibrary, regexLibrary } from '../../../src/policy/cel/lib/k8s-lists-regex.js';
import { stringsLibrary } from '../../../src/policy/cel/lib/ext-strings.js';
import { optionalLibrary } from '../../../src/policy/cel/lib/optional.js';
import { celEquals } from '../../../src/policy/cel/values.js';
import { plainEnvironment, readTable, type Table, type TableRow } from './k8s-tables.js';

const expectedValues = new CelEnvironment();

function run(table: Table, environmentOf: (row: TableRow) => CelEnvironment): void {
  it.each(table.rows.map((row, i) => [`${i} ${row.name}: ${row.expr}`, row] as const))('%s', (_, row) => {
    const compiled = environmentOf(row).compile(row.expr, {});
    if (row.compileErrors) {
      expect(compiled.ok).toBe(false);
      if (compiled.ok) return;
      const messages = compiled.error.issues.map((i) => i.message);
      for (const pattern of row.compileErrors) expect(messages.some((m) => new RegExp(pattern).test(m)), `${pattern} in ${JSON.stringify(messages)}`).toBe(true);
      for (const message of messages) expect(row.compileErrors.some((p) => new RegExp(p).test(message)), message).toBe(true);
      return;
    }
    if (!compiled.ok) throw new Error(`does not compile: ${compiled.error.message}`);
    const result = compiled.program.evaluate({});
    if (row.runtimeError !== undefined) {
      expect(result.kind).toBe('error');
      if (result.kind !== 'error') return;
      if (table.runtimeErrorMatch === 'exact') expect(result.message).toBe(row.runtimeError);
      else expect(result.message).toMatch(new RegExp(row.runtimeError));
      return;
    }
    if (result.kind !== 'value') throw new Error(`${result.kind}: ${result.message}`);
    const expected = expectedValues.compile(row.value as string, {});
    if (!expected.ok) throw new Error(`the expected value ${row.value} does not compile: ${expected.error.message}`);
    const want = expected.program.evaluate({});
    if (want.kind !== 'value') throw new Error(`the expected value ${row.value} fails: ${want.kind}`);
    expect(celEquals(result.value, want.value), `${String(result.value)} equals ${row.value}`).toBe(true);
  });
}

const netEnvironment = plainEnvironment([ipLibrary, cidrLibrary]);
// testQuantity's environment, also format_test.go's: cel.OptionalTypes(), ext.Strings(), library.URLs(), Regex(),
// Lists(), Quantity(), Format().
const quantityEnvironment = plainEnvironment([optionalLibrary, stringsLibrary(2), urlsLibrary, regexLibrary, kubernetesListsLibrary(1), quantityLibrary, formatLibrary], { optionalTypes: true });
const semverEnvironments = [plainEnvironment([semverLibrary(0)]), plainEnvironment([semverLibrary(1)])];

describe('ip_test.go', () => run(readTable('ip'), () => netEnvironment));
describe('cidr_test.go', () => run(readTable('cidr'), () => netEnvironment));
describe('quantity_test.go', () => run(readTable('quantity'), () => quantityEnvironment));
describe('format_test.go', () => run(readTable('format'), () => quantityEnvironment));
describe('semver_test.go', () => run(readTable('semver'), (row) => semverEnvironments[row.version ?? 0] as CelEnvironment));
