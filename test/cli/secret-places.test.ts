/**
 * Where each secret of test/helpers/secret-cases.ts is masked, exactly: the code frame lines, the messages, JSON
 * Pointers and baseline entries, and the text --fix-dry-run reports (secrets.test.ts greps every output for them).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { SECRET_CASES } from '../helpers/secret-cases.js';

const dir = mkdtempSync(join(tmpdir(), 'platlint-secret-places-'));
for (const [name, { text }] of Object.entries(SECRET_CASES)) writeFileSync(join(dir, name), text);

/** The code frame lines (`  > 9 | ...`, `    8 | ...`) stylish prints for a file. */
const frameLines = (file: string): string[] => [...new Set(runCli([file], { cwd: dir }).stdout.split('\n').filter((line) => /^ {2}[ >] *\d+ \|/.test(line)))];
const dryRun = (file: string): string | undefined => (JSON.parse(runCli([file, '--fix-dry-run', '--format', 'json'], { cwd: dir }).stdout) as { results: { output?: string }[] }).results[0]?.output;
const text = (file: string): string => SECRET_CASES[file]?.text ?? '';

const HEAD = 'apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: c\n';
const database = (dataSource: string): string => `${HEAD}status:\n  database:\n    enabled: true\n    dataSource: "${dataSource}"\n`;

describe("a connection string's password, as security/plaintext-secret finds it", () => {
  it.each([
    [
      'dsn.yaml',
      ['  >  9 |     dataSource: "host=db password=**** dbname=p"', '  > 11 |     dataStoreEndpoint: "platform:****@tcp(db:3306)/audit"'],
      `${database('host=db password=**** dbname=p')}  audit:\n    dataStoreEndpoint: "platform:****@tcp(db:3306)/audit"\n`,
    ],
    ['query.yaml', ['  >  9 |     dataSource: "postgres://u@db/x?password=****"'], database('postgres://u@db/x?password=****')],
    // A "/" in the password; an "@" in it, masked to the last one before the host.
    ['slash.yaml', ['  >  9 |     dataSource: "mysql://u:****@tcp(h:3306)/d"'], database('mysql://u:****@tcp(h:3306)/d')],
    ['at.yaml', ['  >  9 |     dataSource: "postgres://u:****@db/x"'], database('postgres://u:****@db/x')],
    // base64 of a config holding one: masked whole.
    ['raw.yaml', ['  > 7 |   raw: ****'], `${HEAD}spec:\n  raw: ****\n`],
  ])('%s: in code frames and in the text --fix-dry-run reports', (file, lines, fixed) => {
    const frames = frameLines(file);
    for (const line of lines) expect(frames).toContain(line);
    expect(dryRun(file)).toBe(fixed);
  });

  it('is named in the message, never shown', () => {
    const run = runCli(['dsn.yaml', '--format', 'concise'], { cwd: dir });
    expect(run.stdout.split('\n').filter((line) => line.includes('security/plaintext-secret'))).toEqual([
      'dsn.yaml:9:17: warning: status.database.dataSource carries a password inside the connection string. [security/plaintext-secret]',
      'dsn.yaml:11:24: warning: status.audit.dataStoreEndpoint carries a password inside the URL. [security/plaintext-secret]',
    ]);
  });
});

describe('lines after a secret key that the parser refuses or cannot place', () => {
  it.each([
    ['tab-block.yaml', ['     9 |       clientSecret: ****', '  > 10 | ****']],
    ['tab-line.yaml', ['     9 |       clientSecret:', '  > 10 | ****']],
    ['same-depth.yaml', ['     9 |       clientSecret:', '  > 10 |       ****']],
    ['under-block.yaml', ['    10 | ****', '  > 11 |        ****']],
  ])('%s: masked whole in code frames', (file, lines) => {
    expect(frameLines(file)).toEqual(lines);
  });
});

describe('the keys of a mapping under a secret key', () => {
  it('are masked in messages, JSON Pointers, code frames, baseline entries and the fixed text', () => {
    expect(runCli(['key.yaml', '--format', 'concise'], { cwd: dir }).stdout).toContain(
      'key.yaml:10:7: error: Unknown field "****" in status.auth.password: the platform drops it silently. [schema/unknown-field]\n',
    );
    const json = JSON.parse(runCli(['key.yaml', '--format', 'json'], { cwd: dir }).stdout) as { results: { diagnostics: { path: string }[] }[] };
    expect(json.results[0]?.diagnostics.map((d) => d.path)).toEqual(['/metadata/selfLink', '/status/auth/password/****']);
    expect(frameLines('key.yaml')).toEqual(['    4 |   name: c', '  > 5 |   selfLink: /x', '     9 |       ****', '  > 10 | ****']);
    expect(dryRun('key.yaml')).toBe('apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: c\nstatus:\n  auth:\n    password:\n      ****');
    const baselineDir = mkdtempSync(join(tmpdir(), 'platlint-secret-places-baseline-'));
    writeFileSync(join(baselineDir, 'key.yaml'), text('key.yaml'));
    expect(runCli(['baseline', 'key.yaml'], { cwd: baselineDir }).status).toBe(0);
    expect(JSON.parse(readFileSync(join(baselineDir, '.platlint-baseline.json'), 'utf8'))).toEqual({
      version: 1,
      entries: [
        { file: 'key.yaml', object: 'Config/c', rule: 'meta/self-link', path: '/metadata/selfLink' },
        { file: 'key.yaml', object: 'Config/c', rule: 'schema/unknown-field', path: '/status/auth/password/****' },
      ],
    });
    // The masked pointer written is the one read: the baseline matches the problems again.
    expect(runCli(['key.yaml'], { cwd: baselineDir }).status).toBe(0);
  });
});
