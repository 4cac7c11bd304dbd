/**
 * An embedded configuration's text (a Secret's `stringData` or base64 `data`, a ConfigMap's `data` or `binaryData`)
 * is read as a manifest is: the same syntax errors, the same nesting limit, the same masking (issue 35).
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempTree } from '../helpers/files.js';
import { report } from '../helpers/json-report.js';
import { FORMAT_NAMES } from '../../src/formatters/index.js';

const CONFIG = [
  'embedded:',
  '  - files: [sealed.yaml, map.yaml, deep-sealed.yaml]',
  '    at: data.config',
  '  - files: [plain.yaml, deep-plain.yaml]',
  '    at: stringData.config',
  '  - files: [binary.yaml]',
  '    at: binaryData.config',
  '',
].join('\n');

const SECRET = 'Secr3tAl1as';
/** An unquoted secret that starts with `*` is read by YAML as an alias to an anchor that does not exist. */
const ALIASED = `auth:\n  oidc:\n    issuerUrl: https://id.example.com\n    clientId: platform\n    clientSecret: *${SECRET}\n`;
const base64 = (text: string): string => Buffer.from(text).toString('base64');
const secretWith = (section: string, value: string): string => `apiVersion: v1\nkind: Secret\nmetadata:\n  name: platform-config\n${section}:\n  config: ${value}\n`;
const indented = (text: string): string => `|\n${text.replace(/^(?=.)/gm, '    ')}`;
/** The next document of the file, with a mistake of its own. */
const NEXT = '---\napiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  username: jane\n  emial: jane@example.com\n';
const DEEP = `auth:\n  x: ${'['.repeat(10_000)}${']'.repeat(10_000)}\naudit: {enabled: true, levl: 1}\n`;
const TOO_DEEP = 'YAML syntax error: lists and mappings nest deeper than 500 levels from here, the most platlint reads.';

const dir = tempTree('platlint-embedded-text-', {
  '.platlint.yaml': CONFIG,
  'sealed.yaml': secretWith('data', base64(ALIASED)),
  'plain.yaml': secretWith('stringData', indented(ALIASED)),
  'deep-sealed.yaml': secretWith('data', base64(DEEP)) + NEXT,
  'deep-plain.yaml': secretWith('stringData', indented(DEEP)) + NEXT,
  'map.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: platform-config\ndata:\n  config: |\n    audit:\n      enabled: true\n      level: 1\n',
  'binary.yaml': `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: platform-config\nbinaryData:\n  config: ${base64('audit:\n  enabled: true\n  level: 1\n')}\n`,
});

function placed(file: string): [string, number, number, number, number, string][] {
  const run = runCli([file, '--format', 'json'], { cwd: dir });
  return report(run.stdout).results.flatMap((r) => r.diagnostics.map((d) => [d.ruleId, d.line, d.column, d.endLine, d.endColumn, d.message] as [string, number, number, number, number, string]));
}

describe("an alias to no anchor in an embedded configuration: the manifest's message, its value masked", () => {
  it.each([
    ['sealed.yaml', 'base64 data'],
    ['plain.yaml', 'stringData'],
  ])('%s (%s) shows no secret in any format', (file) => {
    for (const format of FORMAT_NAMES) {
      const run = runCli([file, '--format', format], { cwd: dir });
      expect(run.status, format).toBe(1);
      expect(run.stdout, format).toContain('the alias **** refers to no anchor defined before it.');
      expect(run.stdout + run.stderr, format).not.toContain(SECRET);
    }
  });

  it('is placed on the base64 value, with its line and column in the decoded text', () => {
    const value = base64(ALIASED);
    expect(placed('sealed.yaml')).toEqual([['yaml/syntax', 6, 11, 6, 11 + value.length, 'YAML syntax error: the alias **** refers to no anchor defined before it. (line 5, column 19 of the decoded data.config)']]);
    expect(runCli(['sealed.yaml'], { cwd: dir }).stdout).toContain('  > 6 |   config: ****\n');
  });

  it('is placed on the alias in a block scalar, as in a manifest', () => {
    expect(placed('plain.yaml')).toEqual([['yaml/syntax', 11, 23, 11, 35, 'YAML syntax error: the alias **** refers to no anchor defined before it.']]);
    expect(runCli(['plain.yaml'], { cwd: dir }).stdout).toContain('  > 11 |         clientSecret: ****\n');
  });
});

describe('nesting past the limit in an embedded configuration', () => {
  it('in base64 data: the syntax error on the value, and the next document still linted', () => {
    const value = base64(DEEP);
    expect(placed('deep-sealed.yaml')).toEqual([
      ['yaml/syntax', 6, 11, 6, 11 + value.length, `${TOO_DEEP} (line 2, column 504 of the decoded data.config)`],
      ['schema/unknown-field', 14, 3, 14, 8, 'Unknown field "emial" in spec; did you mean "email"?'],
    ]);
  });

  it('in stringData: the syntax error at its place in the block, and the next document still linted', () => {
    expect(placed('deep-plain.yaml')).toEqual([
      ['yaml/syntax', 8, 508, 8, 509, TOO_DEEP],
      ['schema/unknown-field', 18, 3, 18, 8, 'Unknown field "emial" in spec; did you mean "email"?'],
    ]);
    expect(runCli(['deep-plain.yaml'], { cwd: dir }).status).toBe(1);
  });
});

describe("a ConfigMap's data is text, its binaryData base64", () => {
  it('data: linted as YAML text at its lines', () => {
    expect(placed('map.yaml')).toEqual([['audit/path', 7, 5, 7, 10, 'status.audit.enabled is true but status.audit.path is not set.']]);
  });

  it('binaryData: decoded from base64', () => {
    const value = base64('audit:\n  enabled: true\n  level: 1\n');
    expect(placed('binary.yaml')).toEqual([['audit/path', 6, 11, 6, 11 + value.length, 'status.audit.enabled is true but status.audit.path is not set. (line 1, column 1 of the decoded binaryData.config)']]);
  });
});
