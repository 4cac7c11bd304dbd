/**
 * The command the playground stands for, run for real: its three texts written as files into a folder of their own
 * (an empty settings or policy text is a file that is not there; the manifest is always there), then `platlint --format json [--policy policy.yaml] playground.yaml`
 * in that folder, as src/browser/playground.ts says.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlaygroundTexts } from '../../src/browser/playground.js';
import { ROOT, runCli, type CliRun } from './cli.js';

export interface PlaygroundCliRun extends CliRun {
  /** The folder the command ran in (removed): its stderr names the settings file by its path there. */
  dir: string;
}

export function runPlaygroundCommand(texts: PlaygroundTexts): PlaygroundCliRun {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-playground-'));
  try {
    writeFileSync(join(dir, 'playground.yaml'), texts.manifest);
    if (texts.config !== '') writeFileSync(join(dir, '.platlint.yaml'), texts.config);
    if (texts.policy !== '') writeFileSync(join(dir, 'policy.yaml'), texts.policy);
    const run = runCli(['--format', 'json', ...(texts.policy === '' ? [] : ['--policy', 'policy.yaml']), 'playground.yaml'], { cwd: dir });
    return { ...run, dir };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Texts that take each path of the command: settings, exceptions, policies, their mistakes, an ignored manifest. */
const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');
const BROKEN_USER = read('fixtures/examples/broken-user.yaml');
const NO_CLUSTER_ADMIN = 'fixtures/policies/no-cluster-admin';

export const PLAYGROUND_CASES: [string, PlaygroundTexts][] = [
  ['a manifest alone', { manifest: BROKEN_USER, config: '', policy: '' }],
  ['an empty manifest', { manifest: '', config: '', policy: '' }],
  ['a preset', { manifest: read('fixtures/examples/maximal-config.yaml'), config: 'extends: [strict]\n', policy: '' }],
  [
    'exceptions that suppress, expired and unused',
    {
      manifest: BROKEN_USER,
      config: [
        'exceptions:',
        '  - rules: [schema/unknown-field]',
        '    reason: migrating',
        '  - rules: [user/duplicates]',
        '    reason: old',
        '    expires: 2020-01-01',
        '  - rules: [vault/*]',
        '    files: ["*.yaml"]',
        '    reason: never used',
        '',
      ].join('\n'),
      policy: '',
    },
  ],
  ['a policy and its fixture', { manifest: read(`${NO_CLUSTER_ADMIN}/tests/invalid.yaml`), config: '', policy: read(`${NO_CLUSTER_ADMIN}/policy.yaml`) }],
  ['a broken policy', { manifest: BROKEN_USER, config: '', policy: 'apiVersion: platlint/v1\nkind: Policy\nmetadata: {name: x}\nspec:\n  rules:\n    - id: acme/x\n      expression: "self.a =="\n' }],
  ['a policy path that is not there', { manifest: BROKEN_USER, config: 'policies: [missing.yaml]\n', policy: '' }],
  ['an ignored manifest', { manifest: BROKEN_USER, config: 'ignore: ["*.yaml"]\n', policy: '' }],
  ['ValidatingAdmissionPolicies and their fixture', { manifest: read('fixtures/vap/users/tests/invalid.yaml'), config: '', policy: read('fixtures/vap/users/policy.yaml') }],
  // The yaml package reads !!binary with atob in a browser, which throws on what is not strict base64 (src/yaml/parse.ts BINARY_TAG).
  ['a !!binary that is not base64, and one in the URL-safe alphabet', { manifest: read('fixtures/yaml/invalid-value/invalid.yaml').replace('  disabled: !!bool 1', '  icon: !!binary "aGV-_w=="\n  disabled: !!bool 1'), config: '', policy: '' }],
];
