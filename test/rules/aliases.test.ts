import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RENAMED_RULES } from '../../rules/aliases.js';
import { builtinRules } from '../../rules/index.js';
import { renamedRulesNamed, ruleIdMatches } from '../../src/engine/settings.js';
import { ruleCategory } from '../../src/engine/types.js';
import { runCli } from '../helpers/cli.js';
import { tempTree } from '../helpers/files.js';
import { lint } from '../helpers/lint.js';

/** A Config with one error of vault/sync-interval-and-access (former id vault/settings) on line 10. */
const VAULT = [
  'apiVersion: management.platform/v1',
  'kind: Config',
  'metadata:',
  '  name: platform',
  'status:',
  '  vault:',
  '    enabled: true',
  '    address: https://vault.example.com:8200',
  '    auth: {token: $VAULT_TOKEN}',
  '    syncInterval: 1d',
  '',
].join('\n');

const CURRENT = 'vault/sync-interval-and-access';

function ruleIds(stdout: string): string[] {
  return JSON.parse(stdout).results.flatMap((r: { diagnostics: { ruleId: string; severity: string }[] }) => r.diagnostics.map((d) => `${d.ruleId}:${d.severity}`));
}

describe('rule taxonomy', () => {
  const ids = builtinRules.map((r) => r.meta.id);

  it('gives every built-in rule the category of its folder, which holds its index and doc page', () => {
    for (const id of ids) {
      const folder = id.split('/')[0] ?? '';
      expect(ruleCategory(id), id).toBe(folder);
      expect(existsSync(`rules/${id}/index.ts`) && existsSync(`rules/${id}/README.md`), id).toBe(true);
    }
  });

  it('has no two rule folders that differ by a plural', () => {
    const folders = readdirSync('rules', { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(folders.filter((f) => folders.includes(`${f}s`))).toEqual([]);
  });

  it('shows the derived category in platlint rules --format json', () => {
    const listed: { id: string; category: string }[] = JSON.parse(runCli(['rules', '--format', 'json']).stdout);
    expect(listed.find((r) => r.id === 'meta/name')?.category).toBe('meta');
    expect(listed.find((r) => r.id === CURRENT)?.category).toBe('vault');
    expect(listed.filter((r) => r.category !== r.id.split('/')[0])).toEqual([]);
  });
});

describe('renamed rules keep their former ids', () => {
  const ids = builtinRules.map((r) => r.meta.id);

  it('maps each former id, which names no rule of its own, to a registered rule', () => {
    for (const [former, current] of Object.entries(RENAMED_RULES)) {
      expect(ids, former).not.toContain(former);
      expect(ids, current).toContain(current);
    }
  });

  it('matches a renamed rule by its former id and by globs over it, and tells those uses apart', () => {
    expect(ruleIdMatches('vault/settings', CURRENT)).toBe(true);
    expect(ruleIdMatches('resources/*', 'container-resources/quantities')).toBe(true);
    expect(ruleIdMatches('vault/settings', 'vault/other')).toBe(false);
    expect(renamedRulesNamed('vault/settings', ids)).toEqual([CURRENT]);
    expect(renamedRulesNamed('resources/*', ids)).toEqual(['container-resources/quantities']);
    expect(renamedRulesNamed('vault/*', ids)).toEqual([]);
    expect(renamedRulesNamed(CURRENT, ids)).toEqual([]);
  });

  it('in .platlint.yaml rules: applies the setting and warns once on stderr, naming the current id', () => {
    const dir = tempTree('platlint-alias-', { '.platlint.yaml': 'rules:\n  vault/settings: warn\n', 'a.yaml': VAULT, 'b.yaml': VAULT });
    const run = runCli(['.', '--format', 'json'], { cwd: dir });
    expect(ruleIds(run.stdout)).toEqual([`${CURRENT}:warning`, `${CURRENT}:warning`]);
    expect(run.stderr).toBe(
      `platlint: warning: ${dir}/.platlint.yaml:2:3: rules.vault/settings: "vault/settings" names ${CURRENT} by a former id, which is deprecated: write the current id\n`,
    );
    expect(run.status).toBe(0);
  });

  it('in overrides and as a glob: applies the setting and warns once per entry', () => {
    const dir = tempTree('platlint-alias-', {
      '.platlint.yaml': 'overrides:\n  - files: ["*.yaml"]\n    rules:\n      vault/sett*: off\n',
      'a.yaml': VAULT,
    });
    const run = runCli(['a.yaml', '--format', 'json'], { cwd: dir });
    expect(ruleIds(run.stdout)).toEqual([]);
    expect(run.stderr).toBe(
      `platlint: warning: ${dir}/.platlint.yaml:4:7: overrides.0.rules.vault/sett*: "vault/sett*" names ${CURRENT} by a former id, which is deprecated: write the current id\n`,
    );
  });

  it('in --rule: applies the severity and warns once, however many files', () => {
    const dir = tempTree('platlint-alias-', { 'a.yaml': VAULT, 'b.yaml': VAULT });
    const run = runCli(['.', '--no-config', '--rule', 'vault/settings=info', '--format', 'json'], { cwd: dir });
    expect(ruleIds(run.stdout)).toEqual([`${CURRENT}:info`, `${CURRENT}:info`]);
    expect(run.stderr).toBe(`platlint: warning: --rule vault/settings=info: "vault/settings" names ${CURRENT} by a former id, which is deprecated: write the current id\n`);
  });

  it('in platlint patch --rule: applies the severity and warns once', () => {
    const dir = tempTree('platlint-alias-', { 'base.yaml': VAULT, 'patch.json': '[{"op": "replace", "path": "/status/vault/enabled", "value": true}]' });
    const run = runCli(['patch', 'base.yaml', 'patch.json', '--no-config', '--rule', 'vault/settings=info', '--format', 'json'], { cwd: dir });
    expect(ruleIds(run.stdout)).toEqual([`${CURRENT}:info`]);
    expect(run.stderr).toBe(`platlint: warning: --rule vault/settings=info: "vault/settings" names ${CURRENT} by a former id, which is deprecated: write the current id\n`);
    expect(run.status).toBe(0);
  });

  it('in inline directives: suppresses as before and reports directive/renamed-rule, an info naming the current id', () => {
    const text = VAULT.replace('    syncInterval', '    # platlint-disable-next-line vault/settings\n    syncInterval');
    expect(lint(text).map((d) => [d.ruleId, d.severity, d.line, d.message])).toEqual([
      ['directive/renamed-rule', 'info', 10, `# platlint-disable-next-line names ${CURRENT} as "vault/settings", by its former id.`],
    ]);
    expect(lint(text.replace('vault/settings', CURRENT))).toEqual([]);
  });

  it('in platlint explain: prints the current rule\'s page, naming its id first', () => {
    const run = runCli(['explain', 'vault/settings']);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`vault/settings is now ${CURRENT} (the former id still works, deprecated).\n\n${runCli(['explain', CURRENT]).stdout}`);
    expect(run.stdout).toContain(`\n# ${CURRENT}\n`);
  });
});
