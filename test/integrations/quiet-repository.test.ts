import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureBuiltCli } from './built-cli.js';
import { tempTree } from '../helpers/files.js';

// Each test starts the built CLI in a child process: slow on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

/**
 * A repository as real ones are: other tools' YAML next to a few platform manifests. Only the manifests' problems
 * may be reported; everything else is skipped and counted.
 */
const REPOSITORY: Readonly<Record<string, string>> = {
  '.pre-commit-hooks.yaml': ['- id: platlint', '  name: platlint', '  entry: platlint', '  language: node', '  types: [yaml]', ''].join('\n'),
  'playbook.yml': [
    '---',
    '- name: Configure web servers',
    '  hosts: webservers',
    '  become: true',
    '  tasks:',
    '    - name: Write config',
    '      ansible.builtin.template:',
    '        src: "templates/nginx.conf.j2"',
    '        dest: "/etc/nginx/sites-enabled/{{ site_name }}.conf"',
    '',
  ].join('\n'),
  '.github/workflows/ci.yml': [
    'name: CI',
    'on:',
    '  push:',
    '    branches: [main]',
    'jobs:',
    '  test:',
    '    runs-on: ubuntu-latest',
    "    if: ${{ github.event_name == 'push' }}",
    '    steps:',
    '      - uses: actions/checkout@v4',
    '      - run: npm ci && npm test',
    '        env:',
    '          TOKEN: ${{ secrets.TOKEN }}',
    '',
  ].join('\n'),
  'docker-compose.yml': ['version: "3.9"', 'services:', '  web:', '    image: nginx:1.27', '    ports:', '      - "8080:80"', ''].join('\n'),
  'chart/Chart.yaml': ['apiVersion: v2', 'name: web', 'description: A Helm chart for the web front end', 'type: application', 'version: 0.1.0', 'appVersion: "1.16.0"', ''].join('\n'),
  'chart/values.yaml': ['replicaCount: 1', 'image:', '  repository: nginx', '  tag: ""', 'metadata:', '  labels: {}', ''].join('\n'),
  'chart/templates/deployment.yaml': [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: {{ .Values.name }}',
    '  labels:',
    '    {{- include "web.labels" . | nindent 4 }}',
    'spec:',
    '  replicas: {{ .Values.replicaCount }}',
    '',
  ].join('\n'),
  'chart/templates/platform-user.yaml': [
    '{{- if .Values.platformUser }}',
    'apiVersion: management.platform/v1',
    'kind: User',
    'metadata:',
    '  name: {{ .Values.platformUser.name }}',
    '{{- end }}',
    '',
  ].join('\n'),
  'deploy/deployment.yaml': [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: web',
    'spec:',
    '  replicas: 2',
    '---',
    'apiVersion: v1',
    'kind: Service',
    'metadata:',
    '  name: web',
    '',
  ].join('\n'),
  'deploy/kubeconfig.yaml': ['apiVersion: v1', 'kind: Config', 'clusters:', '  - name: local', '    cluster:', '      server: https://localhost:6443', 'current-context: local', ''].join('\n'),
  'mkdocs.yml': ['site_name: Platform docs', 'nav:', '  - Home: index.md', 'theme:', '  name: material', ''].join('\n'),
  'manifests/user.yaml': ['apiVersion: management.platform/v1', 'kind: User', 'metadata:', '  name: jane', 'spec:', '  emial: jane@example.com', ''].join('\n'),
  'manifests/config.yaml': [
    'apiVersion: management.platform/v1',
    'kind: Config',
    'metadata:',
    '  name: platform-config',
    'status:',
    '  auth:',
    '    oidc:',
    '      issuerUrl: http://login.example.com',
    '      clientId: ""',
    '      clientSecret: ""',
    '      groupsClaim: groups',
    '      groups: [platform-admins]',
    '  audit:',
    '    enabled: true',
    '    path: /var/log/platform/audit',
    '    policy:',
    '      rules:',
    '        - level: None',
    '          nonResourceURLs: [/healthz*]',
    '        - level: Metadata',
    '',
  ].join('\n'),
};

/** What the manifests must report, and nothing else: [file, line, column, ruleId, severity]. */
const EXPECTED = [
  ['manifests/config.yaml', 8, 18, 'auth/oidc-issuer', 'error'],
  ['manifests/config.yaml', 9, 17, 'schema/required', 'error'],
  ['manifests/config.yaml', 10, 21, 'schema/required', 'error'],
  ['manifests/config.yaml', 19, 29, 'audit/policy-rules', 'warning'],
  ['manifests/user.yaml', 6, 3, 'schema/unknown-field', 'error'],
];

interface JsonReport {
  results: { file: string; diagnostics: { ruleId: string; severity: string; line: number; column: number }[]; skipped?: { document?: number; line: number; path: string; reason: string }[] }[];
  summary: { files: number; documents: number; skipped: number; skippedFiles: number; errors: number; warnings: number; infos: number };
}

let cli = '';
let repo = '';

function run(args: readonly string[], input = ''): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd: repo, input, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: '' }, timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function reported(report: JsonReport): (string | number)[][] {
  return report.results.flatMap((r) => r.diagnostics.map((d) => [r.file, d.line, d.column, d.ruleId, d.severity]));
}

beforeAll(() => {
  cli = ensureBuiltCli();
  repo = tempTree('platlint-repo-', REPOSITORY);
}, 180_000);

afterAll(() => {
  if (repo) rmSync(repo, { recursive: true, force: true });
});

describe('a repository of platform manifests among other tools\' YAML', () => {
  it('platlint . reports only the manifests\' problems, exits 1 for them, and counts the skipped files', () => {
    const { status, stdout, stderr } = run(['.', '--format', 'json']);
    expect(stderr).toBe('');
    expect(status).toBe(1);
    const report = JSON.parse(stdout) as JsonReport;
    expect(reported(report)).toEqual(EXPECTED);
    // The walker leaves hidden files (.github, .pre-commit-hooks.yaml) alone; 11 files are read, 9 of them skipped.
    // The two templates are never parsed, so their documents are neither read nor skipped one by one.
    expect(report.summary).toEqual({
      files: 11, filesWithProblems: 2, documents: 10, skipped: 8, skippedFiles: 9, errors: 4, warnings: 1, infos: 0, fixableErrors: 1, fixableWarnings: 0, fixableInfos: 0, fixed: 0, fixedFiles: 0, suppressed: { baseline: 0, exception: 0 }, lintedFiles: 2,
    });
    const skippedFiles = report.results.filter((r) => r.skipped?.length).map((r) => r.file);
    expect(skippedFiles).toEqual([
      'chart/Chart.yaml',
      'chart/templates/deployment.yaml',
      'chart/templates/platform-user.yaml',
      'chart/values.yaml',
      'deploy/deployment.yaml',
      'deploy/kubeconfig.yaml',
      'docker-compose.yml',
      'mkdocs.yml',
      'playbook.yml',
    ]);
  });

  it('gives each skipped file and document its reason in the JSON report', () => {
    const report = JSON.parse(run(['.', '--format', 'json']).stdout) as JsonReport;
    const skips = Object.fromEntries(report.results.filter((r) => r.skipped).map((r) => [r.file, r.skipped]));
    expect(skips['chart/templates/platform-user.yaml']).toEqual([
      { line: 1, path: '', reason: 'templated YAML ("{{" at 1:1), not YAML until rendered: lint the rendered output (helm template CHART | platlint -)' },
    ]);
    expect(skips['deploy/deployment.yaml']).toEqual([
      { document: 0, line: 1, path: '', reason: 'apiVersion apps/v1, kind Deployment: not a management.platform object' },
      { document: 1, line: 8, path: '', reason: 'apiVersion v1, kind Service: not a management.platform object' },
    ]);
    expect(skips['chart/Chart.yaml']).toEqual([{ document: 0, line: 1, path: '', reason: 'apiVersion v2: not a management.platform object' }]);
    expect(skips['deploy/kubeconfig.yaml']).toEqual([{ document: 0, line: 1, path: '', reason: 'apiVersion v1, kind Config: not a management.platform object' }]);
    expect(skips['playbook.yml']).toEqual([{ document: 0, line: 2, path: '', reason: 'a list, not a mapping, in a file without platform objects' }]);
    expect(skips['chart/values.yaml']).toEqual([{ document: 0, line: 1, path: '', reason: "no apiVersion or kind, and fields that are not a platform object's" }]);
  });

  it('skips the files pre-commit passes explicitly, hidden ones included, the same way', () => {
    const files = Object.keys(REPOSITORY);
    const { status, stdout } = run(['--format', 'json', ...files]);
    expect(status).toBe(1);
    const report = JSON.parse(stdout) as JsonReport;
    expect(reported(report).sort()).toEqual([...EXPECTED].sort());
    expect(report.summary.skippedFiles).toBe(11);
    expect(report.summary.files).toBe(13);
  });

  it('says in the stylish summary how many files were skipped, and lists them with --verbose', () => {
    const plain = run(['.']);
    expect(plain.status).toBe(1);
    expect(plain.stdout.trimEnd().split('\n').slice(-2)).toEqual([
      '✖ 5 problems (4 errors, 1 warning, 0 infos) in 2 files with problems (2 files linted), 9 files skipped (--verbose lists them)',
      '  1 error and 0 warnings fixable with the `--fix` option.',
    ]);
    expect(plain.stdout).not.toContain('chart/Chart.yaml');

    const verbose = run(['.', '--verbose']);
    const lines = verbose.stdout.split('\n');
    const start = lines.indexOf('Skipped, not linted:');
    // The list stands between the problems, as the run without --verbose prints them, and the summary.
    expect(lines.slice(0, start)).toEqual(plain.stdout.split('\n').slice(0, -3));
    expect(lines.slice(start + 1, start + 4)).toEqual([
      '  chart/Chart.yaml:1  apiVersion v2: not a management.platform object',
      '  chart/templates/deployment.yaml:4  templated YAML ("{{" at 4:9), not YAML until rendered: lint the rendered output (helm template CHART | platlint -)',
      '  chart/templates/platform-user.yaml:1  templated YAML ("{{" at 1:1), not YAML until rendered: lint the rendered output (helm template CHART | platlint -)',
    ]);
    expect(lines.at(-3)).toBe('✖ 5 problems (4 errors, 1 warning, 0 infos) in 2 files with problems (2 files linted), 9 files skipped');
  });

  it('exits 0 and stays silent when nothing but other tools\' files is linted; --verbose says so', () => {
    const others = ['playbook.yml', 'docker-compose.yml', 'chart/Chart.yaml', 'chart/templates/deployment.yaml'];
    expect(run(others)).toEqual({ status: 0, stdout: '', stderr: '' });
    const verbose = run(['--verbose', ...others]);
    expect(verbose.status).toBe(0);
    expect(verbose.stdout.trimEnd().split('\n').at(-1)).toBe('No problems in 0 files linted, 4 files skipped.');
  });

  it('lints a rendered chart from stdin (helm template ... | platlint -): its platform objects only', () => {
    const rendered = [
      '---',
      '# Source: web/templates/service.yaml',
      'apiVersion: v1',
      'kind: Service',
      'metadata:',
      '  name: web',
      '---',
      '# Source: web/templates/platform-user.yaml',
      'apiVersion: management.platform/v1',
      'kind: User',
      'metadata:',
      '  name: jane',
      'spec:',
      '  emial: jane@example.com',
      '',
    ].join('\n');
    const { status, stdout } = run(['-', '--format', 'json'], rendered);
    expect(status).toBe(1);
    const report = JSON.parse(stdout) as JsonReport;
    expect(reported(report)).toEqual([['<stdin>', 14, 3, 'schema/unknown-field', 'error']]);
    expect(report.summary).toMatchObject({ files: 1, documents: 2, skipped: 1, skippedFiles: 0 });
  });
});
