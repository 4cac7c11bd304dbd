/**
 * The README's quick start says what `npx platlint fixtures/examples/` prints. Its paragraph is written again here
 * from the run's JSON report and must be in the README word for word: a change to the examples or to a rule that
 * changes the output changes the expected paragraph, and the test shows it. test/docs/blocks.test.ts runs the
 * console block that shows the end of the output; test/e2e/install-routes.test.ts runs the command in a fresh clone.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';

const EXAMPLES = 'fixtures/examples/';

interface Report {
  results: { file: string; diagnostics: { ruleId: string; severity: string }[]; skipped?: { reason: string }[] }[];
  summary: { lintedFiles: number; skippedFiles: number; errors: number; warnings: number };
}

const NUMBERS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
function inWords(n: number): string {
  const word = NUMBERS[n];
  if (word === undefined) throw new Error(`${n}: the quick start counts examples in words up to ten`);
  return word;
}

/** `a`, `a`, `b` and `c`... in backticks, as the README lists files. */
function listed(files: readonly string[], last = ', '): string {
  const quoted = files.map((file) => `\`${file}\``);
  return quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')}${last}${quoted.at(-1) ?? ''}`;
}

/** The quick start's paragraph about the run, from its JSON report. */
function describeRun(report: Report): string {
  const files = report.results.map((result) => ({ ...result, name: result.file.slice(EXAMPLES.length) }));
  const count = (severity: string, of: typeof files): number => of.reduce((sum, file) => sum + file.diagnostics.filter((d) => d.severity === severity).length, 0);
  const skipped = files.filter((file) => file.skipped?.some((s) => s.reason.endsWith('in a file without platform objects')));
  expect(skipped.length).toBe(report.summary.skippedFiles);
  const linted = files.filter((file) => !skipped.includes(file));
  const broken = linted.filter((file) => file.diagnostics.some((d) => d.severity === 'error'));
  const realistic = linted.filter((file) => !broken.includes(file));
  const warnedOf = (ruleId: string): typeof files => realistic.filter((file) => file.diagnostics.some((d) => d.ruleId === ruleId));
  const others = realistic.flatMap((file) => file.diagnostics.filter((d) => !['meta/server-fields', 'config/deprecated'].includes(d.ruleId)).map((d) => `${file.name}: ${d.ruleId}`));
  // A realistic example that warns of something else needs its own words in the README.
  expect(others).toEqual([]);
  const exported = warnedOf('meta/server-fields');
  const deprecated = warnedOf('config/deprecated');
  const clean = realistic.filter((file) => file.diagnostics.length === 0);
  expect(deprecated).toHaveLength(1);
  expect(skipped.map((file) => file.name).every((name) => name.endsWith('.patch.yaml'))).toBe(true);
  return [
    `It lints the ${inWords(report.summary.lintedFiles)} example manifests and exits 1.`,
    `The ${inWords(broken.length)} broken examples (${listed(broken.map((file) => file.name).reverse())}) hold the ${count('error', broken)} errors, with ${count('warning', broken)} warnings.`,
    `The realistic ones have no errors, but ${count('warning', realistic)} warnings: the server-set fields of the ${inWords(exported.length)} exported Users (${listed(exported.map((file) => file.name))}: the \`export\` preset accepts them)`,
    `and ${inWords(count('warning', deprecated))} deprecated fields of ${listed(deprecated.map((file) => file.name))}; ${listed(clean.map((file) => file.name), ' and ')} has no problem.`,
    `${listed(skipped.map((file) => file.name))} is a JSON Patch, skipped here (\`platlint patch\` lints it). The output ends with:`,
  ].join(' ');
}

describe('the README quick start', () => {
  it('describes the run on the examples as it is: what has errors, what has warnings and why, what is skipped', () => {
    const run = runCli([EXAMPLES, '--format', 'json']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const quickStart = readme.slice(readme.indexOf('## Quick start\n'), readme.indexOf('Run the tests with:')).replace(/\s+/g, ' ');
    expect(quickStart).toContain(describeRun(JSON.parse(run.stdout) as Report));
  });
});
