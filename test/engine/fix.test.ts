import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinRules } from '../../rules/index.js';
import { fixUntilStable } from '../../src/engine/fix-apply.js';
import { lintText } from '../../src/engine/lint.js';
import { presetSettings } from '../../src/engine/presets.js';
import { ROOT, runCli } from '../helpers/cli.js';
import { configRaw } from '../helpers/manifests.js';

const settings = presetSettings('recommended', builtinRules);
const lintFn = (text: string) => lintText(text, { filename: 'x.yaml', rules: builtinRules, settings });

/** A hand-maintained Config as people keep them in Git: comments everywhere, mixed quoting, a flow list. */
const COMMENTED = `# Platform configuration, owned by the platform team.
# Changes need a review from @platform-admins.
apiVersion: management.platform/v1
kind: Config
metadata:
  name: config
  selfLink: /apis/management.platform/v1/configs/config   # left over from an export
  labels:
    team: platform # who to page
status:
  platformHost: platform.example.com
  uiSettings:
    # Buttons in the side bar.
    navBarButtons:
      - position: bottomend   # lower case by mistake
        text: "Docs"
        link: 'https://docs.example.com'
      - position: TopStart
        text: Status
        link: https://status.example.com
  audit:
    enabled: true
    path: /var/log/platform # rotated by logrotate
    maxAge: 30
    maxBackups: 10
    policy:
      omitStages: [RequestReceived]
      rules:
        - level: metadata # everything else
`;

describe('--fix', () => {
  it('fixes what is safe, keeps every comment, quote and indentation, and a second pass changes nothing', () => {
    const first = fixUntilStable(COMMENTED, lintFn);
    expect(first.text).toBe(
      COMMENTED.replace("  selfLink: /apis/management.platform/v1/configs/config   # left over from an export\n", '')
        .replace('- position: bottomend   # lower case by mistake', '- position: BottomEnd   # lower case by mistake')
        .replace('- level: metadata # everything else', '- level: Metadata # everything else'),
    );
    expect(first.passes).toBe(1);
    expect(first.result.diagnostics.filter((d) => d.fix)).toEqual([]);
    const second = fixUntilStable(first.text, lintFn);
    expect(second.text).toBe(first.text);
    expect(second.passes).toBe(0);
  });

  it('takes the lint the caller has for the first pass: it lints only the texts it fixed', () => {
    const linted: string[] = [];
    const counting = (text: string) => {
      linted.push(text);
      return lintFn(text);
    };
    const first = fixUntilStable(COMMENTED, counting, { linted: lintFn(COMMENTED) });
    expect(linted).toEqual([first.text]);
    expect(first).toEqual(fixUntilStable(COMMENTED, lintFn));
  });

  it('--fix keeps a byte-order mark, and fixes at the right offsets after it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-fix-bom-'));
    const file = join(dir, 'config.yaml');
    writeFileSync(file, `\ufeff${COMMENTED}`);
    expect(runCli(['config.yaml', '--fix'], { cwd: dir })).toEqual({ status: 0, stdout: '✔ Fixed 3 problems in 1 file.\n', stderr: '' });
    expect(readFileSync(file, 'utf8')).toBe(`\ufeff${fixUntilStable(COMMENTED, lintFn).text}`);
    // What is left after the fixes is where plain lint puts it: the mark takes no column of the first line.
    const oneLine = '{apiVersion: management.platform/v1, kind: User, metadata: {name: Jane_Doe}, spec: {emial: x@example.com}}\n';
    writeFileSync(file, `\ufeff${oneLine}`);
    const left = (args: string[]): unknown => (JSON.parse(runCli(['config.yaml', '--format', 'json', ...args], { cwd: dir }).stdout) as { results: { output?: string; diagnostics: { ruleId: string; line: number; column: number; endColumn: number }[] }[] }).results.map(({ output, diagnostics }) => ({ output, left: diagnostics.map(({ ruleId, line, column, endColumn }) => [ruleId, line, column, endColumn]) }));
    expect(left(['--fix-dry-run'])).toEqual([{ output: `\ufeff${oneLine.replace('emial', 'email')}`, left: [['meta/name', 1, 67, 75]] }]);
    expect(left([])).toEqual([{ output: undefined, left: [['meta/name', 1, 67, 75], ['schema/unknown-field', 1, 85, 90]] }]);
  });

  it('renames an unknown field to its only suggestion, and removes duplicate list entries', () => {
    const text = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  emial: jane@example.com # work address\n  groups:\n    - admins\n    - devs\n    - admins\n';
    expect(fixUntilStable(text, lintFn).text).toBe(
      'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  email: jane@example.com # work address\n  groups:\n    - admins\n    - devs\n',
    );
  });

  it("fixes inside a Config's spec.raw written as a literal block, at the file's lines; in a quoted one it offers none", () => {
    const oidc = (clientKey: string): string[] => ['    platformHost: platform.example.com', '    auth:', '      oidc:', '        issuerUrl: https://login.example.com', `        ${clientKey}: platform # the app's id`];
    const literal = configRaw('|', oidc('clientID'));
    const unknown = lintFn(literal).diagnostics.find((d) => d.ruleId === 'schema/unknown-field');
    expect(unknown && [unknown.line, unknown.column, unknown.fix]).toEqual([11, 9, { edits: [{ start: literal.indexOf('clientID'), end: literal.indexOf('clientID') + 8, text: 'clientId' }] }]);
    expect(fixUntilStable(literal, lintFn).text).toBe(configRaw('|', oidc('clientId')));
    const quoted = configRaw(JSON.stringify(oidc('clientID').map((line) => line.slice(4)).join('\n')), []);
    expect(lintFn(quoted).diagnostics.filter((d) => d.ruleId === 'schema/unknown-field').map((d) => d.fix)).toEqual([undefined]);
    expect(fixUntilStable(quoted, lintFn).text).toBe(quoted);
  });

  it('does not rename when the suggested field is already there', () => {
    const text = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  email: a@example.com\n  emial: b@example.com\n';
    expect(fixUntilStable(text, lintFn).text).toBe(text);
  });

  it('writes files with --fix and only reports with --fix-dry-run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-fix-'));
    const file = join(dir, 'config.yaml');
    writeFileSync(file, COMMENTED);
    const dry = runCli(['config.yaml', '--fix-dry-run', '--format', 'json'], { cwd: dir });
    expect(readFileSync(file, 'utf8')).toBe(COMMENTED);
    const fixedText = JSON.parse(dry.stdout).results[0].output as string;
    expect(fixedText).toContain('position: BottomEnd   # lower case by mistake');
    // It counts what --fix would fix, as --fix counts what it fixed.
    expect([JSON.parse(dry.stdout).results[0].fixed, JSON.parse(dry.stdout).summary.fixed, JSON.parse(dry.stdout).summary.fixedFiles]).toEqual([3, 3, 1]);
    expect(runCli(['config.yaml', '--fix-dry-run'], { cwd: dir })).toEqual({ status: 0, stdout: '✔ --fix would fix 3 problems in 1 file.\n', stderr: '' });
    const run = runCli(['config.yaml', '--fix'], { cwd: dir });
    // The run ends clean, and says what it did.
    expect([run.status, run.stdout]).toEqual([0, '✔ Fixed 3 problems in 1 file.\n']);
    expect(readFileSync(file, 'utf8')).toBe(fixedText);
    // Nothing left to fix: nothing fixed, nothing said.
    expect(runCli(['config.yaml', '--fix'], { cwd: dir })).toEqual({ status: 0, stdout: '', stderr: '' });
    expect(readFileSync(file, 'utf8')).toBe(fixedText);
    writeFileSync(file, COMMENTED);
    const json = JSON.parse(runCli(['config.yaml', '--fix', '--format', 'json'], { cwd: dir }).stdout);
    expect([json.results[0].fixed, json.summary.fixed, json.summary.fixedFiles]).toEqual([3, 3, 1]);
    expect(JSON.parse(runCli(['-', '--fix', '--format', 'json'], { input: COMMENTED }).stdout).summary.fixed).toBe(3);
  });

  it('with --quiet fixes only the errors, which it reports, as ESLint since 9', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-fix-quiet-'));
    const text = readFileSync(join(ROOT, 'fixtures/examples/broken-user.yaml'), 'utf8');
    writeFileSync(join(dir, 'jane.yaml'), text);
    const run = runCli(['jane.yaml', '--fix', '--quiet'], { cwd: dir });
    expect(run.stdout.split('\n').filter((line) => line.startsWith('✔') || line.startsWith('✖'))).toEqual(['✔ Fixed 2 problems in 1 file.', '✖ 2 problems (2 errors, 0 warnings, 0 infos) in 1 file with problems (1 file linted)']);
    // The errors' fixes (schema/unknown-field, user/access-verbs) are made; the warnings' (meta/self-link, user/duplicates) are not.
    expect(readFileSync(join(dir, 'jane.yaml'), 'utf8')).toBe(text.replace('emial:', 'email:').replace('[get, List, "*"]', '[get, list, "*"]'));
    const warnings = JSON.parse(runCli(['jane.yaml', '--format', 'json'], { cwd: dir }).stdout).results[0].diagnostics.filter((d: { fix?: unknown }) => d.fix);
    expect(warnings.map((d: { ruleId: string; severity: string }) => [d.ruleId, d.severity])).toEqual([['meta/self-link', 'warning'], ['user/duplicates', 'warning']]);
  });

  it('leaves a file with a syntax error in any document byte-identical, and says so', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-fix-broken-'));
    const file = join(dir, 'two.yaml');
    const text = 'apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: config\n  selfLink: /x\n---\napiVersion: management.platform/v1\nkind: User\nmetadata: {name: [jane\n';
    writeFileSync(file, text);
    const run = runCli(['two.yaml', '--fix', '--format', 'json'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(run.stderr).toBe('platlint: two.yaml not fixed: it has YAML errors, and --fix changes only files that parse completely\n');
    const diagnostics = JSON.parse(run.stdout).results[0].diagnostics as { ruleId: string; note?: string }[];
    expect(diagnostics.map((d) => d.ruleId)).toEqual(['meta/self-link', 'yaml/syntax']);
    expect(diagnostics[1]?.note).toBe('Close it with ] before the next key, or continue it on lines indented more than its key. --fix left this file unchanged: it fixes only files that parse completely.');
  });

  it('keeps a directive comment about the following lines when it removes its line, and drops an ordinary comment', () => {
    // The directive is used (the bad key is on the next line), so directive/unused's own fix leaves it be.
    const text = 'apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: config\n  selfLink: /x # platlint-disable-next-line meta/labels\n  labels: {Bad Key: x}\n';
    expect(fixUntilStable(text, lintFn).text).toBe(text.replace('  selfLink: /x # platlint-disable-next-line meta/labels\n', '  # platlint-disable-next-line meta/labels\n'));
    expect(fixUntilStable(text.replace(' # platlint-disable-next-line meta/labels', ' # exported'), lintFn).text).toBe(text.replace('  selfLink: /x # platlint-disable-next-line meta/labels\n', ''));
  });
});
