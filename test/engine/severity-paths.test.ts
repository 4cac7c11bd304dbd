import { afterAll, describe, expect, it } from 'vitest';
import { builtinRules } from '../../rules/index.js';
import { docsUrlFor } from '../../src/engine/docs.js';
import { lintBytes } from '../../src/engine/lint.js';
import { presetSettings } from '../../src/engine/presets.js';
import type { FileResult } from '../../src/engine/types.js';
import { RuleSets } from '../../src/lsp/rule-sets.js';
import { loadPolicyPaths } from '../../src/project/policy-files.js';
import { lint, lintPatchFiles } from '../helpers/lint.js';
import { runCli } from '../helpers/cli.js';
import { report } from '../helpers/json-report.js';
import { removeTempDirs, tempDir } from '../policy/helpers.js';

/** `[ruleId, severity, line, column]`: what a configured severity must change, and where. */
function severities(diagnostics: readonly { ruleId: string; severity: string; line: number; column: number }[]): [string, string, number, number][] {
  return diagnostics.map((d) => [d.ruleId, d.severity, d.line, d.column]);
}

const USER = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: alice\nspec:\n  displayName: Alice\n';
const BROKEN = 'a: [1, 2\nb: 3\n';
// A policy file with one YAML syntax error, and one whose rule has a field the schema does not know.
const POLICY_HEADER = 'apiVersion: platlint/v1\nkind: Policy\nmetadata:\n  name: acme\nspec:\n  rules:\n';
const POLICY_BROKEN = `${POLICY_HEADER}    - id: acme/x\n      description: "d\n`;
const POLICY_UNKNOWN_FIELD = `${POLICY_HEADER}    - id: acme/y\n      description: d\n      severity: error\n      expression: "true"\n      message: m\n      colour: red\n`;

afterAll(removeTempDirs);

describe('a severity set for yaml/syntax (and another rule) holds on every path that reports it', () => {
  it('the file linter', () => {
    const text = `${USER}  nickname: al\n---\n${BROKEN}`;
    expect(severities(lint(text))).toEqual([
      ['schema/unknown-field', 'error', 7, 3],
      ['yaml/syntax', 'error', 9, 4],
    ]);
    expect(severities(lint(text, { rules: { 'yaml/syntax': 'warning', 'schema/unknown-field': 'warning' } }))).toEqual([
      ['schema/unknown-field', 'warning', 7, 3],
      ['yaml/syntax', 'warning', 9, 4],
    ]);
  });

  it('undecodable bytes', () => {
    const bytes = Buffer.from([0xff, 0xfe, 0x00, 0x41]);
    const result = (severity?: 'warning' | 'off'): FileResult => {
      const settings = presetSettings('recommended', builtinRules);
      if (severity) settings.set('yaml/syntax', { severity });
      return lintBytes(bytes, { filename: 'binary.yaml', rules: builtinRules, settings, docsUrl: docsUrlFor });
    };
    expect(result('warning').diagnostics).toEqual([
      {
        ruleId: 'yaml/syntax',
        severity: 'warning',
        message: 'YAML syntax error: the file is UTF-16 encoded; save it as UTF-8.',
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 2,
        path: '',
        document: 0,
        docsUrl: docsUrlFor('yaml/syntax'),
      },
    ]);
    expect(severities(result().diagnostics)).toEqual([['yaml/syntax', 'error', 1, 1]]);
    expect(result('off').diagnostics).toEqual([]);
  });

  it('patch: a syntax error in BASE, and a patch that cannot apply', () => {
    const patch = '- op: remove\n  path: /spec/nickname\n';
    const rules = { 'yaml/syntax': 'warning', 'patch/path-not-found': 'warning' } as const;
    // Where the engine places it in any file: at the bracket that is never closed.
    expect(severities(lintPatchFiles(BROKEN, patch).base)).toEqual([['yaml/syntax', 'error', 1, 4]]);
    expect(severities(lintPatchFiles(BROKEN, patch, { rules }).base)).toEqual([['yaml/syntax', 'warning', 1, 4]]);
    expect(severities(lintPatchFiles(USER, patch).patch)).toEqual([['patch/path-not-found', 'error', 2, 9]]);
    expect(severities(lintPatchFiles(USER, patch, { rules }).patch)).toEqual([['patch/path-not-found', 'warning', 2, 9]]);
  });

  it('the policy loader', () => {
    const dir = tempDir({ 'broken.yaml': POLICY_BROKEN, 'unknown.yaml': POLICY_UNKNOWN_FIELD });
    const load = (severity?: 'warning'): [string, string, number, number][][] => {
      const settings = presetSettings('recommended', builtinRules);
      if (severity) for (const id of ['yaml/syntax', 'policy/invalid']) settings.set(id, { severity });
      return loadPolicyPaths(['broken.yaml', 'unknown.yaml'], dir, { settingsFor: () => settings }).problems.map((p) => severities(p.diagnostics));
    };
    // At the quote that is never closed, as in a manifest.
    expect(load()).toEqual([[['yaml/syntax', 'error', 8, 20]], [['policy/invalid', 'error', 12, 7]]]);
    expect(load('warning')).toEqual([[['yaml/syntax', 'warning', 8, 20]], [['policy/invalid', 'warning', 12, 7]]]);
  });

  it('the command line: --rule flags for the rules that report in policy files, beside one naming a policy rule', () => {
    const dir = tempDir({ 'broken.yaml': POLICY_BROKEN, 'unknown.yaml': POLICY_UNKNOWN_FIELD, 'user.yaml': USER });
    const run = (...flags: string[]): { status: number | null; rows: [string, string, string, number, number][] } => {
      const result = runCli(['--no-config', '--policy', 'broken.yaml', '--policy', 'unknown.yaml', ...flags.flatMap((f) => ['--rule', f]), '--format', 'json', 'user.yaml'], { cwd: dir });
      const rows = report(result.stdout).results.flatMap((r) => severities(r.diagnostics).map(([id, severity, line, column]): [string, string, string, number, number] => [r.file, id, severity, line, column]));
      return { status: result.status, rows };
    };
    expect(run()).toEqual({ status: 1, rows: [['broken.yaml', 'yaml/syntax', 'error', 8, 20], ['unknown.yaml', 'policy/invalid', 'error', 12, 7]] });
    expect(run('yaml/syntax=warn', 'policy/invalid=off')).toEqual({ status: 0, rows: [['broken.yaml', 'yaml/syntax', 'warning', 8, 20]] });
    expect(run('policy/*=info')).toEqual({ status: 1, rows: [['broken.yaml', 'yaml/syntax', 'error', 8, 20], ['unknown.yaml', 'policy/invalid', 'info', 12, 7]] });
    // A flag naming no rule is still refused, once every rule is known.
    const unknown = runCli(['--no-config', '--policy', 'unknown.yaml', '--rule', 'acme/nothing=off', 'user.yaml'], { cwd: dir });
    expect([unknown.status, unknown.stderr.split('\n')[0]]).toEqual([2, 'platlint: --rule acme/nothing=off: matches no rule (see platlint rules)']);
  });

  it("the language server's rule sets, with the severities of the config file", async () => {
    const config = 'policies: [policies]\nrules:\n  yaml/syntax: warn\n  policy/invalid: warn\n';
    const root = tempDir({ '.platlint.yaml': config, 'policies/broken.yaml': POLICY_BROKEN, 'policies/unknown.yaml': POLICY_UNKNOWN_FIELD, 'user.yaml': USER });
    const ruleSets = new RuleSets({ openText: () => undefined, logError: (what, error) => expect.fail(`${what}: ${String(error)}`) }, [root]);
    await ruleSets.ruleSetFor(`${root}/user.yaml`);
    const problems = await ruleSets.problems();
    expect([...problems].map(([file, list]) => [file.slice(root.length + 1), severities(list)])).toEqual([
      ['policies/broken.yaml', [['yaml/syntax', 'warning', 8, 20]]],
      ['policies/unknown.yaml', [['policy/invalid', 'warning', 12, 7]]],
    ]);
  });
});
