import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { tempTree } from '../helpers/files.js';
import { BROKEN_USER, CLEAN_USER, runCli } from '../helpers/cli.js';

// Each test starts the built CLI several times: slow on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

/** How the CLI tells a user of a mistake: one line naming the cause and exit 2, with did-you-mean where it helps. */

describe('every exit 2 prints one line naming the cause', () => {
  it('a missing --policy path', () => {
    const dir = tempTree('platlint-cli-', { 'u.yaml': CLEAN_USER });
    expect(runCli(['--policy', 'no-such-dir/', 'u.yaml'], { cwd: dir })).toEqual({
      status: 2,
      stdout: '',
      stderr: 'platlint: policy no-such-dir/: no such policy file or directory\n',
    });
  });

  it('a missing policies: path in .platlint.yaml', () => {
    const dir = tempTree('platlint-cli-', { '.platlint.yaml': 'policies: [team-policies]\n', 'u.yaml': CLEAN_USER });
    expect(runCli(['u.yaml'], { cwd: dir })).toMatchObject({ status: 2, stderr: 'platlint: policy team-policies: no such policy file or directory\n' });
  });

  it('a folder without YAML files, allowed by --no-error-on-unmatched-pattern', () => {
    const dir = tempTree('platlint-cli-', { 'docs/readme.md': '# nothing to lint\n' });
    expect(runCli(['docs'], { cwd: dir })).toEqual({
      status: 2,
      stdout: '',
      stderr: 'platlint: no YAML files (*.yaml, *.yml) to lint in docs (--no-error-on-unmatched-pattern allows this)\n',
    });
    expect(runCli([], { cwd: join(dir, 'docs') })).toMatchObject({
      status: 2,
      stderr: 'platlint: no YAML files (*.yaml, *.yml) to lint in the current directory (--no-error-on-unmatched-pattern allows this)\n',
    });
    expect(runCli(['docs', '--no-error-on-unmatched-pattern'], { cwd: dir })).toEqual({ status: 0, stdout: '', stderr: '' });
    expect(runCli(['docs/*.yaml', '--no-error-on-unmatched-pattern'], { cwd: dir })).toEqual({ status: 0, stdout: '', stderr: '' });
  });

  it('platlint policy without a subcommand, or with an unknown one', () => {
    expect(runCli(['policy'])).toEqual({ status: 2, stdout: '', stderr: 'platlint: policy needs a subcommand: platlint policy test <dir>, or platlint policy export [paths...]\n' });
    expect(runCli(['policy', 'tset'])).toEqual({ status: 2, stdout: '', stderr: 'platlint: unknown policy subcommand "tset" (use: platlint policy test <dir>, or platlint policy export [paths...])\n' });
  });

  it('every error line has the platlint: prefix, commander errors included', () => {
    const dir = tempTree('platlint-cli-', { 'u.yaml': BROKEN_USER });
    const runs = [
      runCli(['nope.yaml', 'u.yaml'], { cwd: dir }),
      runCli(['--bogus']),
      runCli(['--format', 'xml', '-'], { input: CLEAN_USER }),
      runCli(['explain']),
    ];
    for (const run of runs) {
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/^platlint: [^\n]+\n$/);
    }
    expect(runs[1]?.stderr).toBe("platlint: unknown option '--bogus'\n");
  });
});

describe('did-you-mean on the command line', () => {
  it('for --rule, --format and explain', () => {
    expect(runCli(['--rule', 'schema/tpye=off', '-'], { input: CLEAN_USER })).toMatchObject({
      status: 2,
      stderr: 'platlint: --rule schema/tpye=off: matches no rule; did you mean "schema/type"?\n',
    });
    expect(runCli(['--format', 'jsno', '-'], { input: CLEAN_USER })).toMatchObject({
      status: 2,
      stderr: 'platlint: unknown format "jsno"; did you mean "json"? (use stylish, concise, json, sarif, github, junit, gitlab)\n',
    });
    expect(runCli(['explain', 'auth/saml-cca'])).toMatchObject({ status: 2, stderr: 'platlint: unknown rule "auth/saml-cca"; did you mean "auth/saml-ca"?\n' });
  });
});

describe('configuration mistakes', () => {
  it('come all in one run, in file order, with did-you-mean', () => {
    const dir = tempTree('platlint-cli-', {
      '.platlint.yaml': 'extends: [recomended]\nrule:\n  schema/type: off\nignore: 3\nrules:\n  schema/typo: warn\n  yaml/syntax: loud\noverrides:\n  - files: ["x/**"]\n    rulez: {}\n',
      'u.yaml': CLEAN_USER,
    });
    const config = join(dir, '.platlint.yaml');
    expect(runCli(['u.yaml'], { cwd: dir })).toEqual({
      status: 2,
      stdout: '',
      stderr: [
        `platlint: ${config}:1:11: extends.0: must be one of recommended, strict, security, export, or the path of a settings file (./shared.platlint.yaml); did you mean "recommended"?`,
        `platlint: ${config}:2:1: (top level): unknown key "rule"; did you mean "rules"?`,
        `platlint: ${config}:4:9: ignore: must be array`,
        `platlint: ${config}:6:3: rules.schema/typo: matches no rule; did you mean "schema/type"?`,
        `platlint: ${config}:7:16: rules.yaml/syntax: must be one of off, info, warn, warning, error, on, 0, 1, 2`,
        `platlint: ${config}:10:5: overrides.0: unknown key "rulez"; did you mean "rules"?`,
        '',
      ].join('\n'),
    });
  });
});
