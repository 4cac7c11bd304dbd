import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';
import { tempTree } from '../helpers/files.js';
import { report } from '../helpers/json-report.js';
import { createFileLinter } from '../../src/cli/parallel.js';
import { FORMAT_NAMES } from '../../src/formatters/index.js';

/** fixtures/embedded: the values file, the Secret with stringData and the Secret with data of docs/configuration-sources.md. */
const EXAMPLES = join(ROOT, 'fixtures/embedded');

function copyOfExamples(withConfig: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-embedded-'));
  for (const file of ['values.yaml', 'config-secret.yaml', 'sealed-secret.yaml', ...(withConfig ? ['.platlint.yaml'] : [])]) cpSync(join(EXAMPLES, file), join(dir, file));
  return dir;
}

/** `[ruleId, severity, line, column, path, embedded]` of every diagnostic of the run. */
function placed(stdout: string): [string, string, number, number, string, string | undefined][] {
  return report(stdout).results.flatMap((r) =>
    r.diagnostics.map((d) => [d.ruleId, d.severity, d.line, d.column, d.path, (d as { embedded?: string }).embedded] as [string, string, number, number, string, string | undefined]),
  );
}

describe('the configuration embedded in a values file or a Secret (issue 29)', () => {
  const dir = copyOfExamples(true);

  it('reports the config block of a values file at its lines, and nothing about the other keys', () => {
    const run = runCli(['values.yaml', '--format', 'json'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(placed(run.stdout)).toEqual([
      ['schema/unknown-field', 'error', 11, 7, '/config/auth/oidc/clientID', '/config'],
      ['auth/saml-ca', 'error', 14, 5, '/config/auth/saml', '/config'],
      ['audit/path', 'error', 19, 3, '/config/audit', '/config'],
    ]);
    expect(readFileSync(join(dir, 'values.yaml'), 'utf8')).toContain('replicaCount: "x"');
  });

  it('maps the block scalar under stringData.config into the file', () => {
    const run = runCli(['config-secret.yaml', '--format', 'json'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(placed(run.stdout)).toEqual([
      ['schema/unknown-field', 'error', 14, 9, '/stringData/config/auth/oidc/clientID', '/stringData/config'],
      ['audit/path', 'error', 17, 5, '/stringData/config/audit', '/stringData/config'],
    ]);
  });

  it('reports base64 under data.config at the value, with the decoded line and column in the message', () => {
    const run = runCli(['sealed-secret.yaml', '--format', 'json'], { cwd: dir });
    expect(run.status).toBe(1);
    const diagnostics = report(run.stdout).results[0]?.diagnostics ?? [];
    expect(diagnostics.map((d) => [d.ruleId, d.line, d.column, d.endLine, d.message])).toEqual([
      ['audit/path', 8, 11, 8, 'status.audit.enabled is true but status.audit.path is not set. (line 9, column 1 of the decoded data.config)'],
      ['schema/unknown-field', 8, 11, 8, 'Unknown field "clientID" in status.auth.oidc; did you mean "clientId"? (line 6, column 5 of the decoded data.config)'],
    ]);
  });

  it('lints the files one by one as pre-commit passes them, and together, alike', () => {
    const together = placed(runCli(['values.yaml', 'config-secret.yaml', 'sealed-secret.yaml', '--format', 'json'], { cwd: dir }).stdout);
    const oneByOne = ['values.yaml', 'config-secret.yaml', 'sealed-secret.yaml'].flatMap((file) => placed(runCli([file, '--format', 'json'], { cwd: dir }).stdout));
    expect(together).toEqual(oneByOne);
    expect(together).toHaveLength(7);
  });

  it('lints on the worker threads of a large run as on the main thread', async () => {
    const lint = await createFileLinter({ cwd: dir, configPath: join(dir, '.platlint.yaml'), policyPaths: [], ruleFlags: [], withFrames: false, baseline: false as const, today: '2026-11-24' });
    const result = lint(join(dir, 'config-secret.yaml'));
    expect(result.diagnostics.map((d) => [d.ruleId, d.line, d.column, d.embedded])).toEqual([
      ['schema/unknown-field', 14, 9, '/stringData/config'],
      ['audit/path', 17, 5, '/stringData/config'],
    ]);
  });

  it('skips both files without the entry, and --verbose names the entry to add', () => {
    const bare = copyOfExamples(false);
    const quiet = runCli(['.'], { cwd: bare });
    expect(quiet.status).toBe(0);
    expect(quiet.stdout).toBe('');
    const verbose = runCli(['--verbose', 'values.yaml', 'config-secret.yaml', 'sealed-secret.yaml'], { cwd: bare });
    expect(verbose.status).toBe(0);
    expect(verbose.stdout.split('\n').slice(0, 4)).toEqual([
      'Skipped, not linted:',
      "  values.yaml:2  no apiVersion or kind, and fields that are not a platform object's; config looks like the platform configuration: to lint it, add to .platlint.yaml: embedded: [{files: [values.yaml], at: config}]",
      '  config-secret.yaml:1  apiVersion v1, kind Secret: not a management.platform object; stringData.config looks like the platform configuration: to lint it, add to .platlint.yaml: embedded: [{files: [config-secret.yaml], at: stringData.config}]',
      '  sealed-secret.yaml:1  apiVersion v1, kind Secret: not a management.platform object; data.config looks like the platform configuration: to lint it, add to .platlint.yaml: embedded: [{files: [sealed-secret.yaml], at: data.config}]',
    ]);
  });
});

const SECRET = 'Emb3ddedS3cretValue';
const VALUES = `replicaCount: 2
config:
  auth:
    oidc:
      issuerUrl: http://id.example.com
      clientId: platform
      clientSecret: ${SECRET}
      redirectURI: https://platform.example.com/auth/oidc/callback
`;
const INNER = `auth:\n  oidc:\n    issuerUrl: http://id.example.com\n    clientId: platform\n    clientSecret: ${SECRET}\n    redirectURI: https://platform.example.com/auth/oidc/callback\n`;
const SECRET_MANIFEST = `apiVersion: v1\nkind: Secret\nmetadata:\n  name: platform-config\nstringData:\n  config: |\n${INNER.replace(/^/gm, '    ')}`;
const SEALED = `apiVersion: v1\nkind: Secret\nmetadata:\n  name: platform-config\ndata:\n  config: ${Buffer.from(INNER).toString('base64')}\n`;
const SETTINGS = 'embedded:\n  - files: [values.yaml]\n    at: config\n  - files: [secret.yaml]\n    at: stringData.config\n  - files: [sealed.yaml]\n    at: data.config\n';

describe('secrets inside an embedded configuration', () => {
  const dir = tempTree('platlint-embedded-secrets-', { '.platlint.yaml': SETTINGS, 'values.yaml': VALUES, 'secret.yaml': SECRET_MANIFEST, 'sealed.yaml': SEALED });

  it.each(FORMAT_NAMES)('never appear in %s', (format) => {
    for (const file of ['values.yaml', 'secret.yaml', 'sealed.yaml']) {
      const run = runCli([file, '--format', format, '--rule', 'security/*=error'], { cwd: dir });
      expect(run.status, file).toBe(1);
      expect(run.stdout + run.stderr, file).not.toContain(SECRET);
      expect(run.stdout, file).toContain('security/plaintext-secret');
    }
  });

  it('shows **** in the code frames of the block and of the base64 value', () => {
    expect(runCli(['values.yaml', '--rule', 'security/*=error'], { cwd: dir }).stdout).toContain('> 7 |       clientSecret: ****');
    expect(runCli(['secret.yaml', '--rule', 'security/*=error'], { cwd: dir }).stdout).toContain('> 11 |         clientSecret: ****');
    expect(runCli(['sealed.yaml', '--rule', 'security/*=error'], { cwd: dir }).stdout).toContain('> 6 |   config: ****');
  });
});

describe('embedded entries: fixes, directives and mistakes', () => {
  it('--fix edits the values file where the fix maps to it, and leaves the rest alone', () => {
    const dir = copyOfExamples(true);
    const run = runCli(['values.yaml', '--fix-dry-run', '--format', 'json'], { cwd: dir });
    const output = (JSON.parse(run.stdout) as { results: { output?: string }[] }).results[0]?.output ?? '';
    expect(output).toBe(readFileSync(join(dir, 'values.yaml'), 'utf8').replace('clientID: platform', 'clientId: platform'));
  });

  it('honours directives written inside the block, in a mapping and in a block scalar', () => {
    const dir = copyOfExamples(true);
    const values = readFileSync(join(dir, 'values.yaml'), 'utf8').replace('  audit:\n', '  # platlint-disable-next-line audit/path -- written by the chart\n  audit:\n');
    const secret = readFileSync(join(dir, 'config-secret.yaml'), 'utf8').replace('    audit:\n', '    # platlint-disable-next-line audit/path\n    audit:\n');
    const tree = tempTree('platlint-embedded-directives-', { '.platlint.yaml': readFileSync(join(dir, '.platlint.yaml'), 'utf8'), 'values.yaml': values, 'config-secret.yaml': secret });
    const run = runCli(['values.yaml', 'config-secret.yaml', '--format', 'json'], { cwd: tree });
    expect(placed(run.stdout).map(([id]) => id)).toEqual(['schema/unknown-field', 'auth/saml-ca', 'schema/unknown-field']);
  });

  it('warns in one line when a matched file lacks the path, and reports a value that is no configuration', () => {
    const dir = tempTree('platlint-embedded-missing-', {
      '.platlint.yaml': 'embedded:\n  - files: ["values*.yaml"]\n    at: config\n',
      'values.yaml': 'replicaCount: 2\nimage:\n  tag: "1"\n',
      'values-list.yaml': 'replicaCount: 2\nconfig: [auth, audit]\n',
    });
    const run = runCli(['values.yaml', 'values-list.yaml', '--format', 'json'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(report(run.stdout).results.map((r) => r.diagnostics.map((d) => [r.file, d.ruleId, d.severity, d.line, d.column, d.message]))).toEqual([
      [['values.yaml', 'resource/not-an-object', 'warning', 1, 1, 'No value at config, the path an `embedded` entry of .platlint.yaml names for this file.']],
      [['values-list.yaml', 'resource/not-an-object', 'error', 2, 1, 'The embedded configuration at /config is a list, not a mapping or YAML text.']],
    ]);
  });

  it('gives the line and column in the text when a quoted string or base64 collapses onto its value, syntax errors too', () => {
    const inner = 'audit:\n  enabled: true\n   level: [1\n';
    const dir = tempTree('platlint-embedded-collapsed-', {
      '.platlint.yaml': 'embedded:\n  - files: ["*.yaml"]\n    at: stringData.config\n  - files: ["*.yaml"]\n    at: data.config\n',
      'quoted.yaml': 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: x\nstringData:\n  config: "audit:\\n  enabled: true\\n  level: 1\\n"\n',
      'broken.yaml': `apiVersion: v1\nkind: Secret\nmetadata:\n  name: x\ndata:\n  config: ${Buffer.from(inner).toString('base64')}\n`,
    });
    const run = runCli(['quoted.yaml', 'broken.yaml', '--format', 'json'], { cwd: dir });
    expect(report(run.stdout).results.flatMap((r) => r.diagnostics.map((d) => [r.file, d.ruleId, d.line, d.column, d.message]))).toEqual([
      ['quoted.yaml', 'audit/path', 6, 11, 'status.audit.enabled is true but status.audit.path is not set. (line 1, column 1 of the text of stringData.config)'],
      ['broken.yaml', 'yaml/syntax', 6, 11, 'YAML syntax error: this key is indented more than enabled above it. (line 3, column 4 of the decoded data.config)'],
      ['broken.yaml', 'yaml/syntax', 6, 11, 'YAML syntax error: the [ here is never closed. (line 3, column 11 of the decoded data.config)'],
    ]);
  });

  it('--cache lints a file again when its embedded entries change', () => {
    const dir = copyOfExamples(true);
    const ids = (): string[] => placed(runCli(['values.yaml', '--cache', '--format', 'json'], { cwd: dir }).stdout).map(([id]) => id);
    expect(ids()).toEqual(['schema/unknown-field', 'auth/saml-ca', 'audit/path']);
    writeFileSync(join(dir, '.platlint.yaml'), 'embedded:\n  - files: [values.yaml]\n    at: config.audit\n');
    // The audit section read as a whole configuration: its keys are no top-level sections.
    expect(ids()).toEqual(['schema/unknown-field', 'schema/unknown-field']);
    writeFileSync(join(dir, '.platlint.yaml'), 'embedded:\n  - files: [other.yaml]\n    at: config\n');
    expect(ids()).toEqual([]);
  });

  it('takes a list of keys when a key holds a dot', () => {
    const dir = tempTree('platlint-embedded-keys-', {
      '.platlint.yaml': 'embedded:\n  - files: [secret.yaml]\n    at: [stringData, config.yaml]\n',
      'secret.yaml': 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: c\nstringData:\n  config.yaml: |\n    audit:\n      enabled: true\n      level: 1\n',
    });
    const run = runCli(['secret.yaml', '--format', 'json'], { cwd: dir });
    expect(placed(run.stdout)).toEqual([['audit/path', 'error', 7, 5, '/stringData/config.yaml/audit', '/stringData/config.yaml']]);
  });

  it.each([
    ['at: 5', '.platlint.yaml:3:9: embedded.0.at: must be string'],
    ['at: config..auth', '.platlint.yaml:3:9: embedded.0.at: must match pattern "^[^.]+(\\.[^.]+)*$"'],
    ['as: User', '.platlint.yaml:4:9: embedded.0.as: must be one of Config'],
  ])('rejects a bad entry (%s) in one line, exit 2', (line, message) => {
    const entry = line.startsWith('as') ? `    at: config\n    ${line}\n` : `    ${line}\n`;
    const dir = tempTree('platlint-embedded-bad-', { '.platlint.yaml': `embedded:\n  - files: [values.yaml]\n${entry}`, 'values.yaml': 'config: {}\n' });
    const run = runCli(['values.yaml'], { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n').filter((l) => !l.startsWith('npm warn'))).toEqual([expect.stringContaining(message)]);
  });
});

describe('platlint init and embedded configurations', () => {
  it('writes the entries it finds, commented out, which lint the files once uncommented', () => {
    const dir = tempTree('platlint-embedded-init-', {
      'deploy/values.yaml': readFileSync(join(EXAMPLES, 'values.yaml'), 'utf8'),
      'deploy/secret.yaml': readFileSync(join(EXAMPLES, 'config-secret.yaml'), 'utf8'),
      'ci.yaml': 'on: push\njobs:\n  lint:\n    runs-on: ubuntu-latest\n',
    });
    expect(runCli(['init'], { cwd: dir })).toEqual({ status: 0, stdout: 'wrote .platlint.yaml\n', stderr: '' });
    const written = readFileSync(join(dir, '.platlint.yaml'), 'utf8');
    expect(written.slice(written.indexOf('\n# The platform configuration'))).toBe(
      [
        '',
        '# The platform configuration kept inside other files, found here: uncomment to lint it.',
        '# embedded:',
        '#   - files: [deploy/secret.yaml]',
        '#     at: stringData.config',
        '#   - files: [deploy/values.yaml]',
        '#     at: config',
        '',
      ].join('\n'),
    );
    expect(runCli(['.'], { cwd: dir }).status).toBe(0);
    writeFileSync(join(dir, '.platlint.yaml'), written.replace(/^# embedded:/m, 'embedded:').replace(/^# {3}/gm, '  ').replace(/^# {5}/gm, '    '));
    expect(report(runCli(['.', '--format', 'json'], { cwd: dir }).stdout).results.map((r) => [r.file, r.diagnostics.length])).toEqual([
      ['ci.yaml', 0],
      ['deploy/secret.yaml', 2],
      ['deploy/values.yaml', 3],
    ]);
  });

  it('writes no embedded section when no file holds the configuration', () => {
    const dir = tempTree('platlint-embedded-init-none-', { 'values.yaml': 'replicaCount: 2\nauth: {enabled: true}\n' });
    runCli(['init'], { cwd: dir });
    expect(readFileSync(join(dir, '.platlint.yaml'), 'utf8')).not.toContain('embedded');
  });
});
