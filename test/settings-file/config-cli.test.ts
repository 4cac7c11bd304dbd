import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitTree, tempTree } from '../helpers/files.js';
import { ROOT, runCli } from '../helpers/cli.js';
import { ruleIdsAndSeverities } from '../helpers/json-report.js';

const BROKEN = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  tokenGeneration: "3"\n  username: jane\n  groups: [admins, ~]\n';

function project(files: Record<string, string>): string {
  return tempTree('platlint-config-', files);
}


describe('.platlint.yaml', () => {
  it('is found from the current directory upward', () => {
    const dir = project({ '.platlint.yaml': 'rules:\n  schema/type: off\n', 'users/jane.yaml': BROKEN });
    const run = runCli(['jane.yaml', '--format', 'json'], { cwd: join(dir, 'users') });
    expect(ruleIdsAndSeverities(run.stdout)).toEqual(['yaml/ambiguous-scalar:warning']);
    expect(run.status).toBe(0);
  });

  it('takes rule ids as globs and [severity, options] entries', () => {
    const dir = project({ '.platlint.yaml': 'rules:\n  schema/*: warn\n  yaml/*: error\n', 'u.yaml': BROKEN });
    expect(ruleIdsAndSeverities(runCli(['u.yaml', '--format', 'json'], { cwd: dir }).stdout)).toEqual(['schema/type:warning', 'yaml/ambiguous-scalar:error']);
  });

  it('applies overrides to matching files only, and ignores ignored files', () => {
    const dir = project({
      '.platlint.yaml': 'ignore: ["legacy/**"]\noverrides:\n  - files: ["exported/**"]\n    rules:\n      schema/type: off\n',
      'exported/u.yaml': BROKEN,
      'fresh/u.yaml': BROKEN,
      'legacy/u.yaml': BROKEN,
    });
    const report = JSON.parse(runCli(['.', '--format', 'json'], { cwd: dir }).stdout);
    expect(report.results.map((r: { file: string; diagnostics: { ruleId: string }[] }) => [r.file, r.diagnostics.map((d) => d.ruleId)])).toEqual([
      ['exported/u.yaml', ['yaml/ambiguous-scalar']],
      ['fresh/u.yaml', ['schema/type', 'yaml/ambiguous-scalar']],
    ]);
  });

  it('is ignored with --no-config and replaced with --config', () => {
    const dir = project({ '.platlint.yaml': 'rules:\n  schema/type: off\n', 'other.yaml': 'rules:\n  yaml/ambiguous-scalar: off\n', 'u.yaml': BROKEN });
    expect(ruleIdsAndSeverities(runCli(['u.yaml', '--format', 'json', '--no-config'], { cwd: dir }).stdout)).toEqual(['schema/type:error', 'yaml/ambiguous-scalar:warning']);
    expect(ruleIdsAndSeverities(runCli(['u.yaml', '--format', 'json', '--config', 'other.yaml'], { cwd: dir }).stdout)).toEqual(['schema/type:error']);
  });

  it('is one clear error with file, line and column when invalid, exit 2', () => {
    const dir = project({ '.platlint.yaml': 'extends: [recommended]\nrules:\n  schema/type: loud\n', 'u.yaml': BROKEN });
    const run = runCli(['u.yaml'], { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`platlint: ${join(dir, '.platlint.yaml')}:3:16: rules.schema/type: must be one of off, info, warn, warning, error, on, 0, 1, 2\n`);
  });

  it('reports unknown keys, unknown rules and YAML errors at their position', () => {
    const unknownKey = project({ '.platlint.yaml': 'rulez: {}\n', 'u.yaml': BROKEN });
    expect(runCli(['u.yaml'], { cwd: unknownKey }).stderr).toBe(`platlint: ${join(unknownKey, '.platlint.yaml')}:1:1: (top level): unknown key "rulez"; did you mean "rules"?\n`);
    const unknownRule = project({ '.platlint.yaml': 'rules:\n  nope/*: off\n', 'u.yaml': BROKEN });
    expect(runCli(['u.yaml'], { cwd: unknownRule }).stderr).toBe(`platlint: ${join(unknownRule, '.platlint.yaml')}:2:3: rules.nope/*: matches no rule (see platlint rules)\n`);
    const badYaml = project({ '.platlint.yaml': 'rules: [\n', 'u.yaml': BROKEN });
    // The engine's reader and words: at the bracket never closed, as in a manifest.
    expect(runCli(['u.yaml'], { cwd: badYaml })).toMatchObject({ status: 2, stderr: `platlint: ${join(badYaml, '.platlint.yaml')}:1:8: YAML syntax error: the [ here is never closed.\n` });
    const misaligned = project({ '.platlint.yaml': 'rules:\n  schema/type: warn\n   meta/labels: off\n', 'u.yaml': BROKEN });
    expect(runCli(['u.yaml'], { cwd: misaligned })).toMatchObject({ status: 2, stderr: `platlint: ${join(misaligned, '.platlint.yaml')}:3:4: YAML syntax error: this key is indented more than schema/type above it.\n` });
  });

  it('--print-config shows the resolved rules for a file', () => {
    const dir = project({ '.platlint.yaml': 'extends: [security]\noverrides:\n  - files: ["x/**"]\n    rules:\n      schema/type: warn\n' });
    const printed = JSON.parse(runCli(['--print-config', 'x/u.yaml'], { cwd: dir }).stdout);
    expect(printed.config).toBe(join(dir, '.platlint.yaml'));
    expect(printed.rules['schema/type']).toBe('warning');
    expect(printed.rules['yaml/syntax']).toBe('error');
  });

  it('platlint init writes a starter that is itself valid, and refuses to overwrite', () => {
    const dir = project({ 'u.yaml': BROKEN });
    expect(runCli(['init'], { cwd: dir })).toEqual({ status: 0, stdout: 'wrote .platlint.yaml\n', stderr: '' });
    const starter = readFileSync(join(dir, '.platlint.yaml'), 'utf8');
    expect(starter).toContain('extends: [recommended]');
    // Its first line links the configuration page of the repository's docs, which exists.
    const [, page] = /^# platlint configuration: https:\/\/github\.com\/platlint\/platlint\/blob\/main\/(\S+)\n/.exec(starter) ?? [];
    expect(page).toBe('docs/configuration.md');
    expect(existsSync(join(ROOT, page ?? ''))).toBe(true);
    expect(runCli(['u.yaml', '--format', 'json'], { cwd: dir }).status).toBe(1);
    // Its commented-out example of unfixable is valid once uncommented, and does what it says.
    expect(starter).toContain('\n# unfixable: [schema/unknown-field]\n');
    writeFileSync(join(dir, 'uncommented.platlint.yaml'), starter.replace('\n# unfixable:', '\nunfixable:'));
    writeFileSync(join(dir, 'typo.yaml'), BROKEN.replace('username:', 'usrname:'));
    expect(runCli(['typo.yaml', '--diff'], { cwd: dir }).status).toBe(1);
    expect(runCli(['typo.yaml', '--config', 'uncommented.platlint.yaml', '--diff'], { cwd: dir })).toMatchObject({ status: 0, stdout: '' });
    expect(runCli(['init'], { cwd: dir }).status).toBe(2);
  });

  it('platlint schema settings prints the config file schema', () => {
    const schema = JSON.parse(runCli(['schema', 'settings']).stdout);
    expect(schema.$id).toBe('https://platlint.dev/schemas/config.json');
  });
});

describe('--cache', () => {
  it('reuses results for unchanged files and invalidates them when the config changes', () => {
    const dir = project({ 'u.yaml': BROKEN });
    const first = runCli(['u.yaml', '--cache', '--format', 'json'], { cwd: dir });
    const cache = JSON.parse(readFileSync(join(dir, '.platlintcache/cache.json'), 'utf8'));
    expect(Object.keys(cache.entries)).toEqual([join(dir, 'u.yaml')]);
    // Tamper with the cached result: a hit returns it unchanged, a miss re-lints.
    const entry = cache.entries[join(dir, 'u.yaml')];
    entry.result.diagnostics = [];
    writeFileSync(join(dir, '.platlintcache/cache.json'), JSON.stringify(cache));
    expect(runCli(['u.yaml', '--cache', '--format', 'json'], { cwd: dir }).status).toBe(0);
    writeFileSync(join(dir, '.platlint.yaml'), 'rules:\n  yaml/ambiguous-scalar: error\n');
    const changed = runCli(['u.yaml', '--cache', '--format', 'json'], { cwd: dir });
    expect(ruleIdsAndSeverities(changed.stdout)).toEqual(['schema/type:error', 'yaml/ambiguous-scalar:error']);
    expect(first.status).toBe(1);
    writeFileSync(join(dir, 'u.yaml'), BROKEN.replace('"3"', '3'));
    expect(ruleIdsAndSeverities(runCli(['u.yaml', '--cache', '--format', 'json'], { cwd: dir }).stdout)).toEqual(['yaml/ambiguous-scalar:error']);
  });
});

describe('--cache location', () => {
  const cacheFile = (dir: string): string => join(dir, 'node_modules/.cache/platlint/cache.json');

  it('is node_modules/.cache/platlint/ of the project the working directory is in, found from a subdirectory too', () => {
    const dir = project({ 'package.json': '{}\n', 'node_modules/.package-lock.json': '{}\n', 'users/u.yaml': BROKEN });
    expect(runCli(['u.yaml', '--cache'], { cwd: join(dir, 'users') }).status).toBe(1);
    expect(Object.keys(JSON.parse(readFileSync(cacheFile(dir), 'utf8')).entries)).toEqual([join(dir, 'users/u.yaml')]);
    expect(existsSync(join(dir, '.platlintcache'))).toBe(false);
    expect(existsSync(join(dir, 'users/.platlintcache'))).toBe(false);
  });

  it('is .platlintcache/ in the working directory when the project has no node_modules, a folder Git ignores by itself', () => {
    // A pre-commit user's repository: no package.json, no node_modules, nothing in .gitignore about platlint.
    const dir = gitTree('platlint-config-', { 'u.yaml': BROKEN }, { commit: true });
    const run = runCli(['u.yaml', '--cache'], { cwd: dir });
    expect([run.status, run.stderr]).toEqual([1, '']);
    expect(Object.keys(JSON.parse(readFileSync(join(dir, '.platlintcache/cache.json'), 'utf8')).entries)).toEqual([join(dir, 'u.yaml')]);
    expect(readFileSync(join(dir, '.platlintcache/.gitignore'), 'utf8')).toBe('# Written by platlint --cache: Git ignores this folder and everything in it.\n*\n');
    expect(existsSync(join(dir, 'node_modules'))).toBe(false);
    const status = spawnSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: dir, encoding: 'utf8' });
    expect([status.status, status.stdout]).toEqual([0, '']);
    // The second run reads the cache: still nothing for Git to see.
    expect(runCli(['u.yaml', '--cache'], { cwd: dir }).status).toBe(1);
    expect(spawnSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: dir, encoding: 'utf8' }).stdout).toBe('');
  });

  it('replaces the .platlintcache file earlier versions wrote with the folder', () => {
    const dir = project({ 'u.yaml': BROKEN, '.platlintcache': '{"format":3,"entries":{}}' });
    const run = runCli(['u.yaml', '--cache'], { cwd: dir });
    expect([run.status, run.stderr]).toEqual([1, '']);
    expect(Object.keys(JSON.parse(readFileSync(join(dir, '.platlintcache/cache.json'), 'utf8')).entries)).toEqual([join(dir, 'u.yaml')]);
  });

  it('moves with --cache-location', () => {
    const dir = project({ 'package.json': '{}\n', 'node_modules/.package-lock.json': '{}\n', 'u.yaml': BROKEN });
    runCli(['u.yaml', '--cache', '--cache-location', 'build/lint.cache'], { cwd: dir });
    expect(Object.keys(JSON.parse(readFileSync(join(dir, 'build/lint.cache'), 'utf8')).entries)).toEqual([join(dir, 'u.yaml')]);
    expect(existsSync(cacheFile(dir))).toBe(false);
  });
});

describe('rule options', () => {
  const CONFIG = 'apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: config\nstatus:\n  platformHost: platform.example.com\n  uiSettings:\n    customJavaScript:\n      - https://cdn.example.com/widget.js\n      - https://other.example.net/x.js\n';

  it('are validated against the rule\'s own schema and reach the rule', () => {
    const dir = project({ '.platlint.yaml': 'rules:\n  security/ui-scripts: [warn, {trustedOrigins: ["https://cdn.example.com"]}]\n', 'c.yaml': CONFIG });
    const report = JSON.parse(runCli(['c.yaml', '--format', 'json'], { cwd: dir }).stdout);
    expect(report.results[0].diagnostics.filter((d: { ruleId: string }) => d.ruleId === 'security/ui-scripts').map((d: { line: number; severity: string }) => [d.line, d.severity])).toEqual([[10, 'warning']]);
  });

  it('are an error at the config file position when invalid, or given to a rule without options', () => {
    const bad = project({ '.platlint.yaml': 'rules:\n  security/ui-scripts: [warn, {trustedOrigins: ["cdn.example.com"]}]\n', 'c.yaml': CONFIG });
    expect(runCli(['c.yaml'], { cwd: bad })).toMatchObject({ status: 2, stderr: `platlint: ${join(bad, '.platlint.yaml')}:2:3: rules.security/ui-scripts: invalid options for security/ui-scripts: /trustedOrigins/0 must match pattern "^https://[^/?#@\\s]+$"\n` });
    const none = project({ '.platlint.yaml': 'rules:\n  schema/type: [error, {x: 1}]\n', 'c.yaml': CONFIG });
    expect(runCli(['c.yaml'], { cwd: none })).toMatchObject({ status: 2, stderr: `platlint: ${join(none, '.platlint.yaml')}:2:3: rules.schema/type: rule schema/type takes no options\n` });
  });
});
