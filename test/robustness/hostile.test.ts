import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, runCli } from '../helpers/cli.js';
import { mkfifo } from '../helpers/files.js';

/**
 * Hostile input through the built CLI (issue 18). Each run has the helper's 60 s limit: it catches a hang (the
 * CLI used to block forever on a FIFO and on a self-referencing anchor), not slowness; every case here takes well
 * under a few seconds.
 */
const HEAD = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\n';
const USER = `${HEAD}spec:\n  emial: jane@example.com\n`;
const CONFIG_HEAD = 'apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: platform\n';
const FORGE_A_HEAD = [
  'apiVersion: management.platform/v1',
  'kind: Config',
  'metadata:',
  '  name: platform',
  'status:',
  '  platformHost: platform.example.com',
  '  auth:',
  '    connectors:',
  '      - id: forge',
  '        displayName: Forge',
  '        gitForgeA:',
  '          clientSecret: $FORGE_SECRET',
  '          redirectURI: https://platform.example.com/auth/forge/callback',
  '          hostName: forge.example.com',
  '',
].join('\n');

interface JsonDiagnostic {
  ruleId: string;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  fix?: { edits: { start: number; end: number; text: string }[] };
}
interface JsonResult {
  file: string;
  diagnostics: JsonDiagnostic[];
  ioError?: string;
}

const spans = (diagnostics: readonly JsonDiagnostic[]) => diagnostics.map((d) => [d.ruleId, d.line, d.column, d.endLine, d.endColumn]);

function billionLaughs(): string {
  const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < 10; i++) levels.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${String.fromCharCode(96 + i)}`).join(',')}]`);
  return levels.join('\n') + '\n';
}

describe('hostile files in one run of the CLI', () => {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-hostile-'));
  const files: Record<string, string | Buffer> = {
    'alias-bomb.yaml': billionLaughs(),
    'binary.yaml': Buffer.from([0x00, 0x01, 0x02, 0xff, 0x00]),
    'bom.yaml': Buffer.from('\ufeff' + USER),
    'collection-key.yaml': `${HEAD}spec:\n  extraClaims:\n    ? [a, b]\n    : c\n`,
    'cr.yaml': `# a file saved with old Mac line ends\r${USER.replace(/\n/g, '\r')}`,
    'crlf.yaml': USER.replace(/\n/g, '\r\n'),
    'deep-block.yaml': 'a:\n' + Array.from({ length: 3000 }, (_, i) => ' '.repeat(i + 1) + `k${i}:`).join('\n') + ' 1\n',
    'deep-flow.yaml': `${HEAD}spec:\n  extraClaims:\n    x: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`,
    'deep-flow-map.yaml': `x: ${'{a: '.repeat(10_000)}1${'}'.repeat(10_000)}\n`,
    'huge-list.yaml': `${HEAD}spec:\n  email: jane@example.com\n  groups:\n${Array.from({ length: 100_000 }, (_, i) => `    - group-${i}\n`).join('')}`,
    'huge-map.yaml': `${HEAD}  annotations:\n${Array.from({ length: 100_000 }, (_, i) => `    example.com/k${i}: v\n`).join('')}spec:\n  email: jane@example.com\n`,
    'invalid-utf8.yaml': Buffer.from([0x61, 0x3a, 0x20, 0xc3, 0x28]),
    // A line of a PEM block ending in spaces is trimmed as Go's getLine does; a /[ \t]+$/ took minutes on this one.
    // A secret's value and a directive, each with a run of spaces no "#" follows: a /\s+#.*$/ took minutes on them.
    'secret-spaces.yaml': `${HEAD}spec:\n  email: jane@example.com\n  password: a${' '.repeat(1_000_000)}b\n`,
    'directive-spaces.yaml': `%YAML 1.1${' '.repeat(1_000_000)}x\n---\n${HEAD}spec:\n  email: jane@example.com\n`,
    // Runs a pattern used to retry at each character of: letters before no "://", digits of a quantity, dashes of an id.
    'icon-letters.yaml': `${HEAD}spec:\n  email: jane@example.com\n  icon: ${'a'.repeat(1_000_000)}\n`,
    'quantity-digits.yaml': `${CONFIG_HEAD}status:\n  costControl:\n    global:\n      metrics:\n        replicas: 1\n        resources:\n          limits:\n            memory: "-${'1'.repeat(1_000_000)}x"\n`,
    'connector-dashes.yaml': `${FORGE_A_HEAD.replace('- id: forge', `- id: "a${'-'.repeat(1_000_000)} b"`)}          rootCA: /etc/ca.pem\n`,
    'pem-long-line.yaml': `${FORGE_A_HEAD}          rootCA: |\n            -----BEGIN CERTIFICATE-----\n            A${' '.repeat(1_000_000)}B\n            -----END CERTIFICATE-----\n`,
    // Each diagnostic asked of each range directive whether an enable closed it: 10 s on 1,000 of each, minutes on 3,000.
    'directive-ranges.yaml': `${HEAD}spec:\n  email: jane@example.com\n  groups:\n${'  # platlint-disable\n'.repeat(1000)}${'  # platlint-enable user/email\n'.repeat(1000)}${'    - a\n'.repeat(1000)}`,
    'self-alias.yaml': `${HEAD.replace('metadata:\n  name: jane\n', 'metadata: &a\n  name: [*a, *a]\n')}spec: {}\n`,
    'utf16.yaml': Buffer.from('\ufeffa: b', 'utf16le'),
  };
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  mkfifo(join(dir, 'fifo-target'));
  symlinkSync('fifo-target', join(dir, 'fifo-link.yaml'));
  symlinkSync('loop-b.yaml', join(dir, 'loop-a.yaml'));
  symlinkSync('loop-a.yaml', join(dir, 'loop-b.yaml'));
  const run = runCli(['.', '--format', 'json'], { cwd: dir });
  const results = new Map((JSON.parse(run.stdout).results as JsonResult[]).map((r) => [r.file, r]));
  const of = (file: string): JsonResult => results.get(file) ?? { file, diagnostics: [] };

  it('finishes, exits 2 for the files it cannot read, and says why in one line each', () => {
    expect(run.status).toBe(2);
    expect(run.stderr.split('\n')).toEqual([
      'platlint: cannot read fifo-link.yaml: it is a FIFO, not a regular file; pipe it to platlint - instead',
      'platlint: cannot read loop-a.yaml: ELOOP: a loop of symbolic links',
      'platlint: cannot read loop-b.yaml: ELOOP: a loop of symbolic links',
      '',
    ]);
    expect([...results.keys()]).toEqual([...Object.keys(files), 'fifo-link.yaml', 'loop-a.yaml', 'loop-b.yaml'].sort());
  });

  it('stops an alias bomb and a self-referencing anchor with a diagnostic', () => {
    expect(of('alias-bomb.yaml').diagnostics.map((d) => [d.ruleId, d.message])).toEqual([
      ['yaml/syntax', 'YAML syntax error: document contains excessive aliasing: aliases expand it to 4,903,290,562 values, which the platform refuses.'],
    ]);
    const selfAlias = of('self-alias.yaml').diagnostics;
    expect(spans(selfAlias)).toEqual([
      ['yaml/syntax', 4, 10, 4, 12],
      ['yaml/syntax', 4, 14, 4, 16],
    ]);
    expect(selfAlias[0]?.message).toBe('YAML syntax error: alias *a is inside the node its anchor names, which makes an endless structure.');
  });

  it('says how deep nesting may go and where it goes deeper', () => {
    const message = 'YAML syntax error: lists and mappings nest deeper than 500 levels from here, the most platlint reads.';
    expect(of('deep-flow.yaml').diagnostics.map((d) => [d.ruleId, d.line, d.column, d.message])).toEqual([['yaml/syntax', 7, 505, message]]);
    expect(of('deep-flow-map.yaml').diagnostics.map((d) => [d.ruleId, d.line, d.column, d.message])).toEqual([['yaml/syntax', 1, 2000, message]]);
    expect(of('deep-block.yaml').diagnostics.map((d) => [d.ruleId, d.line, d.column, d.message])).toEqual([['yaml/syntax', 501, 501, message]]);
  });

  it('reads a PEM block with a line of a million spaces', () => {
    expect(spans(of('pem-long-line.yaml').diagnostics)).toEqual([
      ['security/open-sign-up', 11, 9, 11, 18],
      ['auth/forge-a-root-ca', 15, 19, 19, 1],
    ]);
    expect(of('pem-long-line.yaml').diagnostics[1]?.message).toBe('status.auth.connectors[0].gitForgeA.rootCA holds PEM text, but no certificate Dex can load: it holds no PEM block.');
  });

  it('reads a secret and a directive with a million spaces, and shows neither', () => {
    expect(spans(of('secret-spaces.yaml').diagnostics)).toEqual([['schema/unknown-field', 7, 3, 7, 11]]);
    expect(spans(of('directive-spaces.yaml').diagnostics)).toEqual([['yaml/syntax', 1, 1, 1, 1_000_011]]);
    expect(of('directive-spaces.yaml').diagnostics[0]?.message).toBe('YAML syntax error: %YAML directive should contain exactly one part.');
    expect(run.stdout).not.toContain(' '.repeat(1_000));
  });

  it('reads a million letters, digits or dashes once, and shows at most 1,000 of them', () => {
    expect(spans(of('icon-letters.yaml').diagnostics)).toEqual([['user/icon', 7, 9, 7, 1_000_009]]);
    expect(spans(of('quantity-digits.yaml').diagnostics)).toEqual([['container-resources/quantities', 12, 21, 12, 1_000_025]]);
    expect(spans(of('connector-dashes.yaml').diagnostics.filter((d) => d.ruleId === 'auth/connectors'))).toEqual([['auth/connectors', 9, 13, 9, 1_000_018]]);
    for (const file of ['icon-letters.yaml', 'quantity-digits.yaml', 'connector-dashes.yaml']) {
      for (const d of of(file).diagnostics) expect(d.message.length, `${file}: ${d.ruleId}`).toBeLessThan(1_200);
    }
  });

  it('reads a 100,000-key mapping and a 100,000-item list', () => {
    expect(of('huge-map.yaml').diagnostics.map((d) => [d.ruleId, d.line, d.column])).toEqual([['meta/annotations', 5, 3]]);
    expect(of('huge-list.yaml').diagnostics).toEqual([]);
  });

  it('applies 1,000 range directives and 1,000 enables to 1,000 diagnostics', () => {
    // The disables suppress the 999 duplicate groups; the first enable turns user/email back on, the others nothing.
    const found = spans(of('directive-ranges.yaml').diagnostics);
    expect(found).toHaveLength(999);
    expect(found[0]).toEqual(['directive/unused', 1009, 3, 1009, 31]);
    expect(found.every(([ruleId, line], i) => ruleId === 'directive/unused' && line === 1009 + i)).toBe(true);
  });

  it("makes a fix for each of 20,000 problems in one Config's spec.raw", () => {
    // Each fix in a spec.raw read the whole block again to check it: minutes on 20,000. The report goes to a file: it is larger than a pipe's buffer.
    const items = Array.from({ length: 20_000 }, (_, i) => `        - position: bottomend\n          text: b${i}\n          link: https://docs.example.com/${i}\n`);
    const own = mkdtempSync(join(tmpdir(), 'platlint-raw-fixes-'));
    writeFileSync(join(own, 'raw-fixes.yaml'), `${CONFIG_HEAD}spec:\n  raw: |\n    platformHost: platform.example.com\n    uiSettings:\n      navBarButtons:\n${items.join('')}`);
    expect(runCli(['raw-fixes.yaml', '--format', 'json', '-o', 'report.json'], { cwd: own }).status).toBe(1);
    const found = (JSON.parse(readFileSync(join(own, 'report.json'), 'utf8')) as { results: JsonResult[] }).results[0]?.diagnostics ?? [];
    expect(found).toHaveLength(20_000);
    expect(spans(found.slice(0, 2))).toEqual([
      ['schema/enum', 10, 21, 10, 30],
      ['schema/enum', 13, 21, 13, 30],
    ]);
    expect(found.every((d, i) => d.ruleId === 'schema/enum' && d.line === 10 + 3 * i && d.fix?.edits.length === 1 && d.fix.edits[0]?.text === 'BottomEnd')).toBe(true);
  });

  it('reports binary, invalid UTF-8 and UTF-16 files in one diagnostic each', () => {
    expect(of('binary.yaml').diagnostics.map((d) => d.message)).toEqual(['YAML syntax error: the file is binary (it contains NUL bytes), not YAML.']);
    expect(of('invalid-utf8.yaml').diagnostics.map((d) => d.message)).toEqual(['YAML syntax error: the file is not valid UTF-8.']);
    expect(of('utf16.yaml').diagnostics.map((d) => d.message)).toEqual(['YAML syntax error: the file is UTF-16 encoded; save it as UTF-8.']);
  });

  it('keeps positions with a byte-order mark and with CRLF, and reads lone CR as a line end', () => {
    expect(spans(of('bom.yaml').diagnostics)).toEqual([['schema/unknown-field', 6, 3, 6, 8]]);
    expect(spans(of('crlf.yaml').diagnostics)).toEqual([['schema/unknown-field', 6, 3, 6, 8]]);
    expect(spans(of('cr.yaml').diagnostics)).toEqual([['schema/unknown-field', 7, 3, 7, 8]]);
  });

  it('reports a list used as a key without a warning on stderr', () => {
    expect(of('collection-key.yaml').diagnostics.map((d) => [d.ruleId, d.line, d.column, d.message])).toEqual([
      ['yaml/collection-key', 7, 7, 'The key [a, b] is a list, not a string.'],
    ]);
    expect(run.stderr).not.toContain('Warning');
  });
});

describe('hostile paths named on the command line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-hostile-args-'));
  writeFileSync(join(dir, 'user.yaml'), USER);

  it('refuses a FIFO instead of blocking on it, and still lints the other files', () => {
    mkfifo(join(dir, 'pipe.yaml'));
    const run = runCli(['pipe.yaml', 'user.yaml', '--format', 'json'], { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('platlint: cannot read pipe.yaml: it is a FIFO, not a regular file; pipe it to platlint - instead\n');
    expect((JSON.parse(run.stdout).results as JsonResult[]).map((r) => [r.file, r.ioError, r.diagnostics.length])).toEqual([
      ['pipe.yaml', 'cannot read pipe.yaml: it is a FIFO, not a regular file; pipe it to platlint - instead', 0],
      ['user.yaml', undefined, 1],
    ]);
  });

  it('names a symlink loop as a loop', () => {
    symlinkSync('b.yaml', join(dir, 'a.yaml'));
    symlinkSync('a.yaml', join(dir, 'b.yaml'));
    const run = runCli(['a.yaml'], { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('platlint: cannot read a.yaml: ELOOP: a loop of symbolic links\n');
  });

  it('reports an unreadable file in one line, also when the tests run as root', () => {
    // Root reads a chmod 000 file anyway; the CLI then runs as the unprivileged user "nobody" so the denial is real.
    const denied = join(mkdtempSync(join(tmpdir(), 'platlint-denied-')), 'secret.yaml');
    chmodSync(join(denied, '..'), 0o755);
    writeFileSync(denied, USER);
    chmodSync(denied, 0o000);
    const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const run = spawnSync(process.execPath, [BIN, 'secret.yaml'], { cwd: join(denied, '..'), encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '1' }, ...asNobody });
    expect(run.stderr).toBe('platlint: cannot read secret.yaml: EACCES: permission denied\n');
    expect(run.status).toBe(2);
  });

  it('names the config file when it holds an alias bomb', () => {
    const project = join(dir, 'project');
    mkdirSync(project);
    writeFileSync(join(project, '.platlint.yaml'), billionLaughs());
    writeFileSync(join(project, 'user.yaml'), USER);
    const run = runCli(['user.yaml'], { cwd: project });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`platlint: ${join(project, '.platlint.yaml')}:1:1: YAML syntax error: Excessive alias count indicates a resource exhaustion attack.\n`);
  });
});
