/**
 * End to end, with the built CLI: the policy fixtures' policies exported, then `platlint --policy exported.yaml` on
 * their fixtures reports the objects the original policies report, with the same severities (once per object, at
 * the fieldPath the export set, where a `given` rule reports each node); and `platlint policy test` runs a kaptest
 * suite generated from the same fixtures against the exported policies.
 */
import { cpSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadPolicyPaths } from '../../src/project/policy-files.js';
import { PolicyRule } from '../../src/policy/rule.js';
import { runCli } from '../helpers/cli.js';
import { FIXTURES } from '../helpers/fixtures.js';
import { kaptestSuite } from '../helpers/kaptest-suite.js';
import { removeTempDirs, tempDir } from './helpers.js';

afterAll(removeTempDirs);
vi.setConfig({ testTimeout: 120_000 });

const PACKS = join(FIXTURES, 'policies');

interface Report {
  results: { file: string; diagnostics: { ruleId: string; severity: string; path: string; document: number }[] }[];
}

/** The project: the packs' fixtures copied out of their `tests/` folders (else lint skips them), and the export. */
function project(): { dir: string; exported: Record<string, unknown>[] } {
  const dir = tempDir({});
  for (const pack of readdirSync(PACKS)) cpSync(join(PACKS, pack, 'tests'), join(dir, 'manifests', pack), { recursive: true });
  // Two nodes of one object that a `given` rule reports each, and its export once.
  writeFileSync(join(dir, 'manifests', 'two-wildcards.yaml'), 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: ops\nspec:\n  access:\n    - verbs: ["*"]\n      users: [a]\n    - verbs: ["*"]\n      teams: [b]\n');
  const run = runCli(['policy', 'export', PACKS, '-o', 'exported.yaml'], { cwd: dir });
  expect(run.status, run.stderr).toBe(0);
  const exported = parseAllDocuments(runCli(['policy', 'export', PACKS], { cwd: dir }).stdout).map((d) => d.toJS() as Record<string, unknown>);
  return { dir, exported };
}

/** `policy name -> [rule id, fieldPath]` of an export. */
function exportedRules(exported: readonly Record<string, unknown>[]): Map<string, { rule: string; fieldPath?: string }> {
  const out = new Map<string, { rule: string; fieldPath?: string }>();
  for (const doc of exported) {
    if (doc['kind'] !== 'ValidatingAdmissionPolicy') continue;
    const metadata = doc['metadata'] as { name: string; annotations: Record<string, string> };
    const validation = (doc['spec'] as { validations: { fieldPath?: string }[] }).validations[0];
    out.set(`vap/${metadata.name}`, { rule: metadata.annotations['platlint.dev/rule'] ?? '', ...(validation?.fieldPath ? { fieldPath: validation.fieldPath } : {}) });
  }
  return out;
}

/** `file#document -> rule -> severities` of the diagnostics of the rules `ruleOf` names; where each VAP diagnostic sits. */
function byObject(report: Report, ruleOf: (id: string) => string | undefined): { verdicts: Map<string, string>; places: string[]; counts: Map<string, number> } {
  const found = new Map<string, Set<string>>();
  const places: string[] = [];
  const counts = new Map<string, number>();
  for (const result of report.results) {
    for (const d of result.diagnostics) {
      const rule = ruleOf(d.ruleId);
      if (rule === undefined) continue;
      const key = `${result.file}#${d.document} ${rule}`;
      found.set(key, (found.get(key) ?? new Set()).add(d.severity));
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (d.ruleId.startsWith('vap/')) places.push(`${d.ruleId} ${d.path}`);
    }
  }
  return { verdicts: new Map([...found].map(([key, severities]) => [key, [...severities].sort().join(',')])), places, counts };
}

describe('export, then platlint --policy exported.yaml', () => {
  it('reports the objects the original policies report, with the same severities, at the fieldPath of the export', () => {
    const { dir, exported } = project();
    const rules = exportedRules(exported);
    const lint = (policy: string, ...args: string[]): Report => {
      const command = args[0] === 'diff' ? ['diff', ...args.slice(1)] : ['lint', ...args];
      const run = runCli([...command, '--no-config', '--policy', policy, '--format', 'json'], { cwd: dir });
      expect(run.status, run.stderr).not.toBe(2);
      return JSON.parse(run.stdout) as Report;
    };
    const userRules = new Set([...rules.values()].map((r) => r.rule));
    const original = (id: string): string | undefined => (userRules.has(id) ? id : undefined);
    const exportedRule = (id: string): string | undefined => rules.get(id)?.rule;
    // Each file as created, then each update pair as `platlint diff` lints it.
    const runs: [Report, Report][] = [[lint(PACKS, 'manifests'), lint('exported.yaml', 'manifests')]];
    for (const pair of ['lowered', 'raised']) {
      const files = [`manifests/token-generation-grows/${pair}.old.yaml`, `manifests/token-generation-grows/${pair}.yaml`];
      runs.push([lint(PACKS, 'diff', ...files), lint('exported.yaml', 'diff', ...files)]);
    }
    let objects = 0;
    for (const [mine, theirs] of runs) {
      const a = byObject(mine, original);
      const b = byObject(theirs, exportedRule);
      expect([...b.verdicts].sort()).toEqual([...a.verdicts].sort());
      objects += a.verdicts.size;
      // Once per object, at the validation's fieldPath (the objects all have it).
      for (const place of b.places) {
        const [id = '', path] = place.split(' ');
        expect(path).toBe(`/${(rules.get(id)?.fieldPath ?? 'metadata.name').replaceAll('.', '/')}`);
      }
      expect([...b.counts.values()].every((count) => count === 1)).toBe(true);
    }
    // What the policies report, pinned: the comparison above is not between two empty reports.
    expect(runs.map(([mine]) => [...byObject(mine, original).verdicts].sort())).toEqual([
      [
        ['manifests/no-cluster-admin/invalid.yaml#0 acme/no-cluster-admin', 'error'],
        ['manifests/no-cluster-admin/invalid.yaml#0 acme/no-wildcard-verbs', 'error'],
        ['manifests/no-cluster-admin/invalid.yaml#1 acme/no-wildcard-verbs', 'error'],
        ['manifests/two-wildcards.yaml#0 acme/no-wildcard-verbs', 'error'],
      ],
      [
        ['manifests/token-generation-grows/lowered.yaml#0 acme/token-generation-only-grows', 'error'],
        ['manifests/token-generation-grows/lowered.yaml#1 acme/token-generation-kept', 'error'],
      ],
      [],
    ]);
    expect(objects).toBe(6);
    expect(byObject(runs[0]?.[0] as Report, original).counts.get('manifests/two-wildcards.yaml#0 acme/no-wildcard-verbs')).toBe(2);
    expect(byObject(runs[0]?.[1] as Report, exportedRule).counts.get('manifests/two-wildcards.yaml#0 acme/no-wildcard-verbs')).toBe(1);
  });
});

describe('a kaptest suite generated from the policy fixtures', () => {
  it('passes under platlint policy test, every case', () => {
    const { exported } = project();
    const specs = loadPolicyPaths([PACKS], FIXTURES).rules.flatMap((r) => (r instanceof PolicyRule ? [r.spec] : []));
    const suite = kaptestSuite(exported, specs, readdirSync(PACKS).map((p) => join(PACKS, p)));
    const dir = tempDir({});
    for (const [name, text] of Object.entries(suite.files)) writeFileSync(join(dir, name), text);
    const run = runCli(['policy', 'test', 'kaptest.yaml'], { cwd: dir });
    expect(run.stderr).toBe('');
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toBe(`${suite.cases} passed, 0 failed`);
    expect(run.status).toBe(0);
    // Each of the four kinds of result the export must give: a denial, an admission, and the skips of its match.
    for (const result of ['deny', 'admit', 'skip']) expect(suite.files['kaptest.yaml']).toContain(`expect: ${result}`);
    expect(lines.filter((l) => l.startsWith('PASS - kaptest.yaml - platlint.acme.token-generation-only-grows - (UPDATE)'))).toHaveLength(3);
  });
});
