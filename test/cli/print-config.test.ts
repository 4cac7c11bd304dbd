/** `platlint print-config FILE` end to end: the built CLI in a throwaway git repository, exact sources and exit codes. */
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { gitTree } from '../helpers/files.js';

vi.setConfig({ testTimeout: 60_000 });

const CONFIG = [
  'extends: [recommended, security]', // 1
  'rules:', // 2
  '  schema/type: warn', // 3
  '  resources/quantities: off', // 4: a former id of container-resources/quantities
  '  security/ui-scripts: [error, {trustedOrigins: ["https://cdn.example.com"]}]', // 5
  'overrides:', // 6
  '  - files: ["platform/**"]', // 7
  '    rules:', // 8
  '      meta/self-link: off', // 9
  '      schema/type: error', // 10
  'exceptions:', // 11
  '  - rules: [security/open-sign-up]', // 12
  '    files: [platform/**]', // 13
  '    reason: Sign-up stays open during the pilot (PLAT-123)', // 14
  '  - rules: [user/*]', // 15
  '    files: [users/**]', // 16
  '    reason: Imported from the old directory', // 17
  '  - rules: [meta/labels]', // 18
  '    reason: Labels come later', // 19
  '    expires: 2020-01-31', // 20
  '',
].join('\n');

function repository(files: Record<string, string>): string {
  return gitTree('platlint-print-config-', files);
}

interface Printed {
  file: string;
  config: string | null;
  ignored: boolean;
  presets: string[];
  rules: Record<string, { severity: string; options: Record<string, unknown>; source: Record<string, unknown> }>;
  policies: string[];
  exceptions: Record<string, unknown>[];
}

function printed(args: readonly string[], cwd: string): Printed {
  const run = runCli(['print-config', ...args, '--format', 'json'], { cwd });
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout) as Printed;
}

const DEPRECATED_CONFIG_ID = (dir: string): string =>
  `platlint: warning: ${join(dir, '.platlint.yaml')}:4:3: rules.resources/quantities: "resources/quantities" names container-resources/quantities by a former id, which is deprecated: write the current id\n`;

describe('platlint print-config', () => {
  const dir = repository({ '.platlint.yaml': CONFIG });
  const config = join(dir, '.platlint.yaml');

  it('gives each rule of an override its glob and line, and the rest their config line or preset', () => {
    const out = printed(['platform/config.yaml'], dir);
    expect(out.file).toBe('platform/config.yaml');
    expect(out.config).toBe(config);
    expect(out.ignored).toBe(false);
    expect(out.presets).toEqual(['recommended', 'security']);
    expect(out.policies).toEqual([]);
    // The exceptions whose files take in this one (and the one without files, expired), each at its line.
    expect(out.exceptions).toEqual([
      { rules: ['security/open-sign-up'], files: ['platform/**'], reason: 'Sign-up stays open during the pilot (PLAT-123)', line: 12, expired: false },
      { rules: ['meta/labels'], reason: 'Labels come later', expires: '2020-01-31', line: 18, expired: true },
    ]);
    expect(out.rules['schema/type']).toEqual({ severity: 'error', options: {}, source: { type: 'override', name: 'platform/**', file: config, line: 10 } });
    expect(out.rules['meta/self-link']).toEqual({ severity: 'off', options: {}, source: { type: 'override', name: 'platform/**', file: config, line: 9 } });
    expect(out.rules['security/ui-scripts']).toEqual({ severity: 'error', options: { trustedOrigins: ['https://cdn.example.com'] }, source: { type: 'config', file: config, line: 5 } });
    expect(out.rules['security/open-sign-up']).toEqual({ severity: 'raise', options: {}, source: { type: 'preset', name: 'security', file: config, line: 1 } });
    expect(out.rules['yaml/syntax']).toEqual({ severity: 'error', options: {}, source: { type: 'preset', name: 'recommended' } });
  });

  it('shows a rule turned off by its former id under its current id, and the override only where its glob matches', () => {
    const out = printed(['users/jane.yaml'], dir);
    expect(out.rules['container-resources/quantities']).toEqual({ severity: 'off', options: {}, source: { type: 'config', file: config, line: 4 } });
    expect(out.rules['resources/quantities']).toBeUndefined();
    expect(out.rules['schema/type']).toEqual({ severity: 'warning', options: {}, source: { type: 'config', file: config, line: 3 } });
    expect(out.rules['meta/self-link']).toEqual({ severity: 'warning', options: {}, source: { type: 'preset', name: 'recommended' } });
  });

  it('gives --rule flags the last word, former ids named by their current id, with the deprecation on stderr', () => {
    const run = runCli(['print-config', 'platform/config.yaml', '--format', 'json', '--rule', 'schema/type=off', '--rule', 'auth/forge-a=warn'], { cwd: dir });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe(
      DEPRECATED_CONFIG_ID(dir) +
        'platlint: warning: --rule auth/forge-a=warn: "auth/forge-a" names auth/forge-a-orgs, auth/forge-a-root-ca, auth/forge-a-host-name by a former id, which is deprecated: write the current ids\n',
    );
    const out = JSON.parse(run.stdout) as Printed;
    expect(out.rules['schema/type']).toEqual({ severity: 'off', options: {}, source: { type: 'flag', name: '--rule schema/type=off' } });
    for (const id of ['auth/forge-a-orgs', 'auth/forge-a-root-ca', 'auth/forge-a-host-name']) {
      expect(out.rules[id], id).toEqual({ severity: 'warning', options: {}, source: { type: 'flag', name: '--rule auth/forge-a=warn' } });
    }
    expect(out.rules['auth/forge-a-orgs-and-host']).toBeUndefined();
  });

  it('prints a table by default: file, config, presets, policies, exceptions, then every rule', () => {
    const run = runCli(['print-config', 'platform/config.yaml'], { cwd: dir });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe(DEPRECATED_CONFIG_ID(dir));
    const lines = run.stdout.split('\n');
    expect(lines.slice(0, 10)).toEqual([
      'File:       platform/config.yaml',
      'Config:     .platlint.yaml',
      'Presets:    recommended, security',
      'Policies:   none',
      'Exceptions:',
      '  - security/open-sign-up (.platlint.yaml:12): Sign-up stays open during the pilot (PLAT-123)',
      '  - meta/labels (.platlint.yaml:18) expired: Labels come later',
      'Unfixable:  none',
      '',
      'Rules:',
    ]);
    expect(lines[10]).toMatch(/^ {2}rule {2,}severity {2}source {2,}options$/);
    const row = (id: string): string | undefined => lines.find((line) => line.startsWith(`  ${id} `))?.trim().replace(/ {2,}/g, ' | ');
    expect(row('schema/type')).toBe('schema/type | error | override platform/** at .platlint.yaml:10');
    expect(row('container-resources/quantities')).toBe('container-resources/quantities | off | rules at .platlint.yaml:4');
    expect(row('security/open-sign-up')).toBe('security/open-sign-up | raise | preset security (.platlint.yaml:1)');
    expect(row('yaml/syntax')).toBe('yaml/syntax | error | preset recommended');
    expect(row('security/ui-scripts')).toBe('security/ui-scripts | error | rules at .platlint.yaml:5 | {"trustedOrigins":["https://cdn.example.com"]}');
    expect(lines.filter((line) => /^ {2}[a-z]/.test(line)).length).toBe(Object.keys(printed(['platform/config.yaml'], dir).rules).length + 1);
  });

  it('without a config file: the recommended preset, every rule at its default', () => {
    const out = printed(['users/jane.yaml', '--no-config'], dir);
    expect(out.config).toBeNull();
    expect(out.presets).toEqual(['recommended']);
    expect(new Set(Object.values(out.rules).map((rule) => JSON.stringify(rule.source)))).toEqual(new Set([JSON.stringify({ type: 'preset', name: 'recommended' })]));
  });

  it('refuses an unknown format with exit 2 and one line', () => {
    expect(runCli(['print-config', 'x.yaml', '--no-config', '--format', 'sarif'], { cwd: dir })).toEqual({
      status: 2,
      stdout: '',
      stderr: 'platlint: unknown format "sarif" for print-config (use stylish or json)\n',
    });
  });
});
