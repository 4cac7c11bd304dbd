import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentIdsOf, formerIdsOf, RENAMED_RULES } from '../../rules/aliases.js';
import { builtinRules } from '../../rules/index.js';
import { renamedRulesNamed, ruleIdMatches } from '../../src/engine/settings.js';
import { ruleCategory } from '../../src/engine/types.js';
import { runCli } from '../helpers/cli.js';
import { tempTree } from '../helpers/files.js';
import { report, ruleIdsAndSeverities } from '../helpers/json-report.js';
import { lint } from '../helpers/lint.js';

/**
 * A Config with a problem of each rule split from vault/sync-interval-and-access (former id vault/settings, before
 * that): no address (vault/address) and no token (vault/auth) at `enabled` on line 7, a day unit on line 8
 * (vault/sync-interval).
 */
const VAULT = [
  'apiVersion: management.platform/v1',
  'kind: Config',
  'metadata:',
  '  name: platform',
  'status:',
  '  vault:',
  '    enabled: true',
  '    syncInterval: 1d',
  '',
].join('\n');

const CURRENT = ['vault/sync-interval', 'vault/address', 'vault/auth'];
/** What the CLI says of an entry or flag that names them by a former id. */
const deprecated = (written: string): string => `"${written}" names ${CURRENT.join(', ')} by a former id, which is deprecated: write the current ids`;

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
    expect(listed.find((r) => r.id === 'vault/auth')?.category).toBe('vault');
    expect(listed.filter((r) => r.category !== r.id.split('/')[0])).toEqual([]);
  });
});

describe('renamed and split rules keep their former ids', () => {
  const ids = builtinRules.map((r) => r.meta.id);

  it('maps each former id, which names no rule of its own, to registered rules', () => {
    for (const [former, current] of Object.entries(RENAMED_RULES)) {
      expect(ids, former).not.toContain(former);
      expect(current.filter((id) => !ids.includes(id)), former).toEqual([]);
    }
    expect(currentIdsOf('vault/sync-interval-and-access')).toEqual(CURRENT);
    expect(currentIdsOf('vault/sync-interval')).toBeUndefined();
    expect(formerIdsOf('vault/auth')).toEqual(['vault/settings', 'vault/sync-interval-and-access']);
    expect(formerIdsOf('auth/forge-b-base-url')).toEqual(['auth/forge-b']);
    expect(formerIdsOf('auth/web-identity-b-groups')).toEqual(['auth/web-identity-b', 'auth/web-identity-b-tenant-and-groups']);
  });

  it('matches each rule of a split by the former ids and by globs over them, and tells those uses apart', () => {
    for (const id of CURRENT) expect(ruleIdMatches('vault/settings', id), id).toBe(true);
    expect(ruleIdMatches('resources/*', 'container-resources/quantities')).toBe(true);
    expect(ruleIdMatches('vault/settings', 'cost/prices')).toBe(false);
    expect(renamedRulesNamed('vault/settings', ids)).toEqual(CURRENT);
    expect(renamedRulesNamed('auth/forge-a-orgs-and-host', ids)).toEqual(['auth/forge-a-orgs', 'auth/forge-a-root-ca', 'auth/forge-a-host-name']);
    expect(renamedRulesNamed('auth/web-identity-a-groups-and-domains', ids)).toEqual(['auth/web-identity-a-groups', 'auth/web-identity-a-hosted-domains']);
    expect(renamedRulesNamed('auth/web-identity-b', ids)).toEqual(['auth/web-identity-b-tenant', 'auth/web-identity-b-groups']);
    expect(renamedRulesNamed('cost/settings', ids)).toEqual(['cost/prices', 'cost/price-currency', 'cost/retention', 'cost/replicas']);
    expect(renamedRulesNamed('resources/*', ids)).toEqual(['container-resources/quantities']);
    expect(renamedRulesNamed('vault/*', ids)).toEqual([]);
    expect(renamedRulesNamed('vault/sync-interval', ids)).toEqual([]);
  });

  it('in .platlint.yaml rules: applies the setting to every rule named and warns once on stderr, naming them', () => {
    const dir = tempTree('platlint-alias-', { '.platlint.yaml': 'rules:\n  vault/settings: warn\n', 'a.yaml': VAULT, 'b.yaml': VAULT });
    const run = runCli(['.', '--format', 'json'], { cwd: dir });
    const warnings = ['vault/address:warning', 'vault/auth:warning', 'vault/sync-interval:warning'];
    expect(ruleIdsAndSeverities(run.stdout)).toEqual([...warnings, ...warnings]);
    expect(run.stderr).toBe(`platlint: warning: ${dir}/.platlint.yaml:2:3: rules.vault/settings: ${deprecated('vault/settings')}\n`);
    expect(run.status).toBe(0);
  });

  it('in overrides and as a glob: applies the setting and warns once per entry', () => {
    const dir = tempTree('platlint-alias-', {
      '.platlint.yaml': 'overrides:\n  - files: ["*.yaml"]\n    rules:\n      vault/sync-interval-and-acc*: off\n',
      'a.yaml': VAULT,
    });
    const run = runCli(['a.yaml', '--format', 'json'], { cwd: dir });
    expect(ruleIdsAndSeverities(run.stdout)).toEqual([]);
    expect(run.stderr).toBe(`platlint: warning: ${dir}/.platlint.yaml:4:7: overrides.0.rules.vault/sync-interval-and-acc*: ${deprecated('vault/sync-interval-and-acc*')}\n`);
  });

  it('in --rule: applies the severity and warns once, however many files', () => {
    const dir = tempTree('platlint-alias-', { 'a.yaml': VAULT, 'b.yaml': VAULT });
    const run = runCli(['.', '--no-config', '--rule', 'vault/sync-interval-and-access=info', '--format', 'json'], { cwd: dir });
    const infos = ['vault/address:info', 'vault/auth:info', 'vault/sync-interval:info'];
    expect(ruleIdsAndSeverities(run.stdout)).toEqual([...infos, ...infos]);
    expect(run.stderr).toBe(`platlint: warning: --rule vault/sync-interval-and-access=info: ${deprecated('vault/sync-interval-and-access')}\n`);
  });

  it('in --rule of a renamed rule: warns naming its one current id', () => {
    const run = runCli(['-', '--no-config', '--rule', 'auth/forge-b=off', '--format', 'json'], { input: VAULT });
    expect(ruleIdsAndSeverities(run.stdout)).toEqual(['vault/address:warning', 'vault/auth:warning', 'vault/sync-interval:error']);
    expect(run.stderr).toBe('platlint: warning: --rule auth/forge-b=off: "auth/forge-b" names auth/forge-b-base-url by a former id, which is deprecated: write the current id\n');
  });

  it('in platlint patch --rule: applies the severity and warns once', () => {
    const dir = tempTree('platlint-alias-', { 'base.yaml': VAULT, 'patch.json': '[{"op": "replace", "path": "/status/vault/syncInterval", "value": "2d"}]' });
    const run = runCli(['patch', 'base.yaml', 'patch.json', '--no-config', '--rule', 'vault/settings=info', '--format', 'json'], { cwd: dir });
    // The patch's value on the patch file, what the patch left alone on the base.
    expect(ruleIdsAndSeverities(run.stdout)).toEqual(['vault/sync-interval:info', 'vault/address:info', 'vault/auth:info']);
    expect(run.stderr).toBe(`platlint: warning: --rule vault/settings=info: ${deprecated('vault/settings')}\n`);
    expect(run.status).toBe(0);
  });

  it('in inline directives: suppresses what each rule named reports there, and reports directive/renamed-rule naming them', () => {
    const text = VAULT.replace('    enabled', '    # platlint-disable-next-line vault/sync-interval-and-access\n    enabled');
    expect(lint(text).map((d) => [d.ruleId, d.severity, d.line, d.message])).toEqual([
      ['directive/renamed-rule', 'info', 7, `# platlint-disable-next-line names ${CURRENT.join(', ')} as "vault/sync-interval-and-access", by a former id.`],
      ['vault/sync-interval', 'error', 9, 'status.vault.syncInterval is "1d", which Go\'s time.ParseDuration rejects (time: unknown unit "d" in duration "1d").'],
    ]);
    expect(lint(text.replace('vault/sync-interval-and-access', 'vault/address, vault/auth')).map((d) => [d.ruleId, d.line])).toEqual([['vault/sync-interval', 9]]);
  });

  it('in baseline entries: an entry under a former id suppresses the problems of each rule it names on its path', () => {
    const entry = (rule: string, path: string): string => `    {"file":"a.yaml","object":"Config/platform","rule":"${rule}","path":"${path}"}`;
    const baseline = [
      entry('cost/settings', '/status/costControl/settings/priceCurrency'),
      entry('vault/settings', '/status/vault/enabled'),
      entry('vault/sync-interval-and-access', '/status/vault/syncInterval'),
    ];
    const text = `{\n  "version": 1,\n  "entries": [\n${baseline.join(',\n')}\n  ]\n}\n`;
    const dir = tempTree('platlint-alias-', { 'a.yaml': VAULT, 'known.json': text });
    const run = runCli(['a.yaml', '--no-config', '--baseline', 'known.json', '--format', 'json'], { cwd: dir });
    const r = report(run.stdout);
    expect(r.results.map((result) => [result.file, result.suppressed?.map((d) => `${d.ruleId}:${d.by}`) ?? []])).toEqual([
      ['a.yaml', ['vault/address:baseline', 'vault/auth:baseline', 'vault/sync-interval:baseline']],
      ['known.json', []],
    ]);
    // The entry that matched nothing is reported at its line, under the id it was written with.
    expect(r.results[1]?.diagnostics.map((d) => [d.ruleId, d.line, d.message])).toEqual([
      ['baseline/unused', 4, 'The baseline entry for cost/settings at "/status/costControl/settings/priceCurrency" of Config/platform in a.yaml matches no problem.'],
    ]);
    expect([run.status, run.stderr]).toEqual([0, '']);
    // Pruning keeps the entries that matched, as written.
    const prune = runCli(['baseline', 'a.yaml', '--no-config', '--baseline', 'known.json', '--prune'], { cwd: dir });
    expect([prune.status, prune.stderr]).toEqual([0, 'platlint: wrote known.json: removed 1 entry, 2 entries left\n']);
    expect(readFileSync(join(dir, 'known.json'), 'utf8')).toBe(`{\n  "version": 1,\n  "entries": [\n${baseline.slice(1).join(',\n')}\n  ]\n}\n`);
  });

  it('in exceptions: an exception under a former id suppresses the problems of each rule it names', () => {
    const config = 'exceptions:\n  - rules: [vault/settings]\n    paths: [status.vault.enabled]\n    reason: The address and token come from the environment (PLAT-9)\n';
    const dir = tempTree('platlint-alias-', { '.platlint.yaml': config, 'a.yaml': VAULT });
    const run = runCli(['a.yaml', '--format', 'json'], { cwd: dir });
    const r = report(run.stdout);
    expect(r.results.map((result) => [result.file, result.diagnostics.map((d) => `${d.ruleId}:${d.severity}`), result.suppressed?.map((d) => `${d.ruleId}:${d.by}`) ?? []])).toEqual([
      ['a.yaml', ['vault/sync-interval:error'], ['vault/address:exception', 'vault/auth:exception']],
    ]);
    expect([run.status, run.stderr]).toEqual([1, '']);
  });

  it('in platlint explain: prints the page of each rule a former id names, naming them first', () => {
    const run = runCli(['explain', 'vault/settings']);
    expect(run.status).toBe(0);
    const pages = CURRENT.map((id) => runCli(['explain', id]).stdout);
    expect(run.stdout).toBe(`vault/settings is now 3 rules, one per check: vault/sync-interval, vault/address and vault/auth (the former id still names them all, deprecated).\n\n${pages.join('\n')}`);
    const renamed = runCli(['explain', 'auth/forge-b']);
    expect(renamed.stdout).toBe(`auth/forge-b is now auth/forge-b-base-url (the former id still works, deprecated).\n\n${runCli(['explain', 'auth/forge-b-base-url']).stdout}`);
  });
});
