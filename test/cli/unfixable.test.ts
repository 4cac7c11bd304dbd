/** `unfixable` (the configuration's, an override's) and `--unfixable`, end to end: the built CLI, exact files, reports and exit codes. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempTree } from '../helpers/files.js';

vi.setConfig({ testTimeout: 60_000 });

/** A User with two fixable problems: a deprecated selfLink (meta/self-link) and a misspelt field (schema/unknown-field). */
const USER = ['apiVersion: management.platform/v1', 'kind: User', 'metadata:', '  name: ann', '  selfLink: /apis/x', 'spec:', '  displayNam: Ann', '  email: ann@example.com', ''].join('\n');
const CONFIG = ['unfixable:', '  - meta/self-link', 'overrides:', '  - files: ["prod/**"]', '    unfixable: [schema/*]', ''].join('\n');
const RULES_WITH_FIXES = 'rules with fixes: schema/unknown-field, schema/enum, meta/finalizers, meta/self-link, user/access-verbs, user/cluster-roles, user/duplicates, directive/unused';

interface Report {
  results: { file: string; diagnostics: { ruleId: string; fix?: unknown; suggestions?: { description: string; edits: { start: number; end: number; text: string }[] }[] }[] }[];
  summary: { fixableErrors: number; fixableWarnings: number };
}

describe('unfixable', () => {
  it("leaves the rules' fixes to --fix alone, the top level's everywhere and an override's in its files", () => {
    const dir = tempTree('platlint-unfixable-', { '.platlint.yaml': CONFIG, 'ann.yaml': USER, 'prod/ann.yaml': USER });
    const run = runCli(['--fix', '--format', 'json', '.'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    // Only schema/unknown-field outside prod/ was fixable, and fixed; the rest is reported, each with its fix as a suggestion.
    expect(readFileSync(join(dir, 'ann.yaml'), 'utf8')).toBe(USER.replace('displayNam:', 'displayName:'));
    expect(readFileSync(join(dir, 'prod/ann.yaml'), 'utf8')).toBe(USER);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.results.map(({ file, diagnostics }) => ({ file, diagnostics: diagnostics.map(({ ruleId, fix, suggestions }) => ({ ruleId, fix, suggestions })) }))).toEqual([
      {
        file: 'ann.yaml',
        diagnostics: [{ ruleId: 'meta/self-link', fix: undefined, suggestions: [{ description: 'Fix: metadata.selfLink is deprecated and no longer populated', edits: [{ start: 68, end: 88, text: '' }] }] }],
      },
      {
        file: 'prod/ann.yaml',
        diagnostics: [
          { ruleId: 'meta/self-link', fix: undefined, suggestions: [{ description: 'Fix: metadata.selfLink is deprecated and no longer populated', edits: [{ start: 68, end: 88, text: '' }] }] },
          { ruleId: 'schema/unknown-field', fix: undefined, suggestions: [{ description: 'Fix: Unknown field "displayNam" in spec; did you mean "displayName"?', edits: [{ start: 96, end: 106, text: 'displayName' }] }] },
        ],
      },
    ]);
    expect(report.summary).toMatchObject({ fixableErrors: 0, fixableWarnings: 0 });
  });

  it('--unfixable does the same from the command line: --diff has nothing to show, exit 0', () => {
    const dir = tempTree('platlint-unfixable-flag-', { 'ann.yaml': USER });
    expect(runCli(['--no-config', '--diff', '--unfixable', 'meta/*', '--unfixable', 'schema/unknown-field', 'ann.yaml'], { cwd: dir })).toMatchObject({ status: 0, stdout: '', stderr: '' });
    const some = runCli(['--no-config', '--diff', '--unfixable', 'schema/unknown-field', 'ann.yaml'], { cwd: dir });
    expect(some.stdout).toBe(['--- a/ann.yaml', '+++ b/ann.yaml', '@@ -2,7 +2,6 @@', ' kind: User', ' metadata:', '   name: ann', '-  selfLink: /apis/x', ' spec:', '   displayNam: Ann', '   email: ann@example.com', ''].join('\n'));
    expect(some.status).toBe(1);
  });

  it('on the lint worker threads too', () => {
    const files = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`u${i}.yaml`, USER.replace('name: ann', `name: ann${i}`)]));
    const dir = tempTree('platlint-unfixable-threads-', files);
    const args = ['--no-config', '--unfixable', 'schema/unknown-field', '--format', 'json', '.'];
    const threads = runCli([...args, '--threads', '2'], { cwd: dir });
    expect(threads.status).toBe(1);
    expect(threads.stdout).toBe(runCli([...args, '--threads', '1'], { cwd: dir }).stdout);
    const fixes = (JSON.parse(threads.stdout) as Report).results.flatMap((r) => r.diagnostics.map((d) => [d.ruleId, d.fix !== undefined, d.suggestions?.length ?? 0]));
    expect(fixes).toEqual(Array.from({ length: 6 }, () => [['meta/self-link', true, 0], ['schema/unknown-field', false, 1]]).flat());
  });

  it('names a rule with fixes: an id that is none, or a rule without fixes, is exit 2 with one line', () => {
    const dir = tempTree('platlint-unfixable-wrong-', { 'ann.yaml': USER });
    expect(runCli(['--no-config', '--unfixable', 'meta/name', 'ann.yaml'], { cwd: dir })).toMatchObject({ status: 2, stdout: '', stderr: `platlint: --unfixable meta/name: names no rule with fixes (${RULES_WITH_FIXES})\n` });
    expect(runCli(['--no-config', '--unfixable', 'meta/slf-link', 'ann.yaml'], { cwd: dir })).toMatchObject({ status: 2, stdout: '', stderr: 'platlint: --unfixable meta/slf-link: matches no rule; did you mean "meta/self-link"?\n' });
  });

  it('in the configuration, each wrong entry is a line at its place, exit 2', () => {
    const config = ['unfixable: [meta/name, schema/unknwn-field]', 'overrides:', '  - files: ["prod/**"]', '    unfixable: ["", meta/self-link]', ''].join('\n');
    const dir = tempTree('platlint-unfixable-config-', { '.platlint.yaml': config, 'ann.yaml': USER });
    const path = join(dir, '.platlint.yaml');
    expect(runCli(['ann.yaml'], { cwd: dir })).toMatchObject({
      status: 2,
      stdout: '',
      stderr: [
        `platlint: ${path}:1:13: unfixable.0: names no rule with fixes (${RULES_WITH_FIXES})`,
        `platlint: ${path}:1:24: unfixable.1: matches no rule; did you mean "schema/unknown-field"?`,
        `platlint: ${path}:4:17: overrides.0.unfixable.0: must NOT have fewer than 1 characters`,
        '',
      ].join('\n'),
    });
  });

  it('print-config lists the unfixable rules with fixes, each with the entry or flag that made it so', () => {
    const dir = tempTree('platlint-unfixable-print-', { '.platlint.yaml': CONFIG, 'prod/ann.yaml': USER });
    const config = join(dir, '.platlint.yaml');
    const json = runCli(['print-config', 'prod/ann.yaml', '--unfixable', 'user/duplicates', '--format', 'json'], { cwd: dir });
    expect(json.status).toBe(0);
    expect((JSON.parse(json.stdout) as { unfixable: unknown }).unfixable).toEqual({
      'meta/self-link': { type: 'config', file: config, line: 2 },
      'schema/enum': { type: 'override', name: 'prod/**', file: config, line: 5 },
      'schema/unknown-field': { type: 'override', name: 'prod/**', file: config, line: 5 },
      'user/duplicates': { type: 'flag', name: '--unfixable user/duplicates' },
    });
    const stylish = runCli(['print-config', 'prod/ann.yaml', '--unfixable', 'user/duplicates'], { cwd: dir });
    expect(stylish.stdout.split('\n').slice(4, 10)).toEqual([
      'Exceptions: none',
      'Unfixable:',
      '  - meta/self-link (unfixable at .platlint.yaml:2)',
      '  - schema/enum (override prod/** at .platlint.yaml:5)',
      '  - schema/unknown-field (override prod/** at .platlint.yaml:5)',
      '  - user/duplicates (--unfixable user/duplicates)',
    ]);
    expect(runCli(['print-config', 'ann.yaml', '--no-config'], { cwd: dir }).stdout.split('\n')[5]).toBe('Unfixable:  none');
    const lintPrint = JSON.parse(runCli(['--print-config', 'prod/ann.yaml', '--unfixable', 'user/duplicates'], { cwd: dir }).stdout) as { unfixable?: string[] };
    expect(lintPrint.unfixable).toEqual(['schema/unknown-field', 'schema/enum', 'meta/self-link', 'user/duplicates']);
    expect('unfixable' in (JSON.parse(runCli(['--print-config', 'prod/ann.yaml', '--no-config'], { cwd: dir }).stdout) as object)).toBe(false);
  });
});

describe('fixable', () => {
  it('--fix applies only the fixes of the rules the configuration lists; the others are suggestions', () => {
    const dir = tempTree('platlint-fixable-', { '.platlint.yaml': 'fixable: [schema/*]\n', 'ann.yaml': USER });
    const run = runCli(['--fix', '--format', 'json', 'ann.yaml'], { cwd: dir });
    // What is left is meta/self-link's warning.
    expect([run.status, run.stderr]).toEqual([0, '']);
    expect(readFileSync(join(dir, 'ann.yaml'), 'utf8')).toBe(USER.replace('displayNam:', 'displayName:'));
    const [result] = (JSON.parse(run.stdout) as Report).results;
    expect(result?.diagnostics.map(({ ruleId, fix, suggestions }) => [ruleId, fix, suggestions?.map((s) => s.description)])).toEqual([
      ['meta/self-link', undefined, ['Fix: metadata.selfLink is deprecated and no longer populated']],
    ]);
  });

  it('--fixable does the same from the command line, the flags making one list, in the lint workers too', () => {
    const dir = tempTree('platlint-fixable-flag-', { 'ann.yaml': USER });
    const some = runCli(['--no-config', '--diff', '--fixable', 'meta/self-link', 'ann.yaml'], { cwd: dir });
    expect([some.status, some.stdout]).toEqual([1, ['--- a/ann.yaml', '+++ b/ann.yaml', '@@ -2,7 +2,6 @@', ' kind: User', ' metadata:', '   name: ann', '-  selfLink: /apis/x', ' spec:', '   displayNam: Ann', '   email: ann@example.com', ''].join('\n')]);
    expect(runCli(['--no-config', '--diff', '--fixable', 'user/*', 'ann.yaml'], { cwd: dir })).toMatchObject({ status: 0, stdout: '', stderr: '' });
    const both = runCli(['--no-config', '--fix-dry-run', '--format', 'json', '--fixable', 'meta/self-link', '--fixable', 'schema/unknown-field', 'ann.yaml'], { cwd: dir });
    expect((JSON.parse(both.stdout) as { results: { output?: string }[] }).results[0]?.output).toBe(USER.replace('  selfLink: /apis/x\n', '').replace('displayNam:', 'displayName:'));
    const files = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`u${i}.yaml`, USER.replace('name: ann', `name: ann${i}`)]));
    const many = tempTree('platlint-fixable-threads-', files);
    const args = ['--no-config', '--fixable', 'schema/unknown-field', '--format', 'json', '.'];
    const threads = runCli([...args, '--threads', '2'], { cwd: many });
    expect(threads.stdout).toBe(runCli([...args, '--threads', '1'], { cwd: many }).stdout);
    const fixes = (JSON.parse(threads.stdout) as Report).results.flatMap((r) => r.diagnostics.map((d) => [d.ruleId, d.fix !== undefined, d.suggestions?.length ?? 0]));
    expect(fixes).toEqual(Array.from({ length: 6 }, () => [['meta/self-link', false, 1], ['schema/unknown-field', true, 0]]).flat());
  });

  it('names rules with fixes: a wrong flag is exit 2 with one line, a wrong entry a line at its place', () => {
    const dir = tempTree('platlint-fixable-wrong-', { 'ann.yaml': USER, 'bad.platlint.yaml': 'fixable: [meta/*, meta/nme]\n' });
    expect(runCli(['--no-config', '--fixable', 'schema/*', '--fixable', 'meta/name', 'ann.yaml'], { cwd: dir })).toMatchObject({ status: 2, stdout: '', stderr: `platlint: --fixable meta/name: names no rule with fixes (${RULES_WITH_FIXES})\n` });
    expect(runCli(['--config', 'bad.platlint.yaml', 'ann.yaml'], { cwd: dir })).toMatchObject({
      status: 2,
      stdout: '',
      stderr: `platlint: ${join(dir, 'bad.platlint.yaml')}:1:19: fixable.1: matches no rule; did you mean "meta/name"?\n`,
    });
  });

  it('print-config names the list that left each rule out', () => {
    const config = ['fixable: [schema/*, user/*]', 'overrides:', '  - files: ["prod/**"]', '    fixable: [schema/unknown-field]', ''].join('\n');
    const dir = tempTree('platlint-fixable-print-', { '.platlint.yaml': config, 'prod/ann.yaml': USER });
    const path = join(dir, '.platlint.yaml');
    const json = runCli(['print-config', 'prod/ann.yaml', '--fixable', 'schema/*', '--format', 'json'], { cwd: dir });
    expect(json.status).toBe(0);
    expect((JSON.parse(json.stdout) as { unfixable: unknown }).unfixable).toEqual({
      'directive/unused': { type: 'config', file: path, line: 1, notIn: 'fixable' },
      'meta/finalizers': { type: 'config', file: path, line: 1, notIn: 'fixable' },
      'meta/self-link': { type: 'config', file: path, line: 1, notIn: 'fixable' },
      'schema/enum': { type: 'override', name: 'prod/**', file: path, line: 4, notIn: 'fixable' },
      'user/access-verbs': { type: 'override', name: 'prod/**', file: path, line: 4, notIn: 'fixable' },
      'user/cluster-roles': { type: 'override', name: 'prod/**', file: path, line: 4, notIn: 'fixable' },
      'user/duplicates': { type: 'override', name: 'prod/**', file: path, line: 4, notIn: 'fixable' },
    });
    const stylish = runCli(['print-config', 'ann.yaml', '--fixable', 'user/access-verbs'], { cwd: dir });
    expect(stylish.stdout.split('\n').slice(5, 13)).toEqual([
      'Unfixable:',
      '  - directive/unused (not in fixable at .platlint.yaml:1)',
      '  - meta/finalizers (not in fixable at .platlint.yaml:1)',
      '  - meta/self-link (not in fixable at .platlint.yaml:1)',
      '  - schema/enum (not in --fixable)',
      '  - schema/unknown-field (not in --fixable)',
      '  - user/cluster-roles (not in --fixable)',
      '  - user/duplicates (not in --fixable)',
    ]);
  });
});
