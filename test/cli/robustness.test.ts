import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinRules } from '../../rules/index.js';
import { lintBytes } from '../../src/engine/lint.js';
import { presetSettings } from '../../src/engine/presets.js';
import { lint, spans } from '../helpers/lint.js';
import { BIN, ROOT, runCli } from '../helpers/cli.js';
import { mkfifo, tempTree } from '../helpers/files.js';

const settings = presetSettings('strict', builtinRules);
const lintRaw = (bytes: Uint8Array) => lintBytes(bytes, { filename: 'x.yaml', rules: builtinRules, settings });
const USER = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  emial: jane@example.com\n';

describe('hostile input never crashes the engine', () => {
  it('reports binary content as one diagnostic', () => {
    const result = lintRaw(new Uint8Array([0x00, 0x01, 0x02, 0xff, 0x00]));
    expect(result.diagnostics.map((d) => [d.ruleId, d.message])).toEqual([['yaml/syntax', 'YAML syntax error: the file is binary (it contains NUL bytes), not YAML.']]);
  });

  it('reports invalid UTF-8 and UTF-16 as one diagnostic each', () => {
    expect(lintRaw(new Uint8Array([0x61, 0x3a, 0x20, 0xc3, 0x28])).diagnostics[0]?.message).toBe('YAML syntax error: the file is not valid UTF-8.');
    expect(lintRaw(Buffer.from('\ufeffa: b', 'utf16le')).diagnostics[0]?.message).toBe('YAML syntax error: the file is UTF-16 encoded; save it as UTF-8.');
  });

  it('keeps positions right with a byte-order mark and with CRLF line ends', () => {
    expect(spans(lintRaw(Buffer.from('\ufeff' + USER)).diagnostics)).toEqual([['schema/unknown-field', 6, 3, 6, 8]]);
    expect(spans(lintRaw(Buffer.from(USER.replace(/\n/g, '\r\n'))).diagnostics)).toEqual([['schema/unknown-field', 6, 3, 6, 8]]);
  });

  it('treats __proto__ keys as ordinary unknown fields without polluting prototypes', () => {
    const diagnostics = lint('apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  __proto__:\n    polluted: true\n');
    expect(spans(diagnostics)).toEqual([['schema/unknown-field', 6, 3, 6, 12]]);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('stops a billion-laughs alias bomb with a diagnostic', () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++) levels.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${String.fromCharCode(96 + i)}`).join(',')}]`);
    const diagnostics = lint(levels.join('\n') + '\n');
    expect(diagnostics.map((d) => d.ruleId)).toEqual(['yaml/syntax']);
    expect(diagnostics[0]?.message).toMatch(/alias/i);
  });

  it('survives 10,000-deep nesting', () => {
    const deep = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  extraClaims:\n    x: ' + '['.repeat(10_000) + ']'.repeat(10_000) + '\n';
    const result = lintRaw(Buffer.from(deep));
    expect(result.diagnostics.every((d) => d.ruleId.startsWith('yaml/') || d.ruleId.startsWith('user/') || d.ruleId.startsWith('schema/'))).toBe(true);
    const blockDeep = 'a:\n' + Array.from({ length: 10_000 }, (_, i) => ' '.repeat(i + 1) + `k${i}:`).join('\n') + ' 1\n';
    expect(() => lintRaw(Buffer.from(blockDeep))).not.toThrow();
  });
});

describe('hostile input through the CLI', () => {
  it('reports an unreadable file in one line and lints the rest', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-robust-'));
    symlinkSync(join(dir, 'missing-target.yaml'), join(dir, 'dangling.yaml'));
    writeFileSync(join(dir, 'user.yaml'), USER);
    const run = runCli(['.', '--format', 'json'], { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('platlint: cannot read dangling.yaml: ENOENT: no such file or directory\n');
    expect(JSON.parse(run.stdout).results.map((r: { file: string; ioError?: string }) => [r.file, r.ioError])).toEqual([
      ['dangling.yaml', 'cannot read dangling.yaml: ENOENT: no such file or directory'],
      ['user.yaml', undefined],
    ]);
  });

  it('exits quietly when the reader closes the pipe early', async () => {
    const input = Array.from({ length: 3000 }, () => USER).join('---\n');
    const child = spawn(process.execPath, [BIN, '-'], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    child.stdin.end(input);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(1);
  });

  it('keeps the exit code of the run when the reader closes the pipe while worker threads lint', async () => {
    // Files with many problems: the report is written while the workers lint, so the pipe closes in the middle of the run.
    const broken = readFileSync(join(ROOT, 'fixtures/examples/broken-user.yaml'), 'utf8');
    const dir = tempTree('platlint-robust-pipe-', Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`u${i}.yaml`, broken])));
    const child = spawn(process.execPath, [BIN, '--no-config', '--threads', '4', '.'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // As `| head -1` does: the first piece read, the pipe is closed while the run goes on.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect([code, stderr]).toEqual([1, '']);
    // A closed stderr is the same: its lines are dropped, and a path that does not exist is still exit 2.
    const quiet = spawn(process.execPath, [BIN, '--no-config', '--threads', '4', 'missing.yaml', '.'], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    quiet.stderr.destroy();
    expect(await new Promise<number | null>((resolve) => quiet.on('close', resolve))).toBe(2);
  });

  it('refuses a FIFO a walk finds in one line, as one named or linked to, and lints the other files', () => {
    const dir = tempTree('platlint-robust-fifo-', { 'user.yaml': USER });
    mkfifo(join(dir, 'found.yaml'));
    mkfifo(join(dir, 'pipe.fifo'));
    symlinkSync('pipe.fifo', join(dir, 'linked.yaml'));
    const refused = (file: string): string => `platlint: cannot read ${file}: it is a FIFO, not a regular file; pipe it to platlint - instead\n`;
    for (const threads of ['1', '3']) {
      const run = runCli(['--no-config', '--threads', threads, '--format', 'json', '.'], { cwd: dir, timeout: 20_000 });
      expect([run.status, run.stderr]).toEqual([2, refused('found.yaml') + refused('linked.yaml')]);
      expect(JSON.parse(run.stdout).results.map((r: { file: string; diagnostics: unknown[] }) => [r.file, r.diagnostics.length])).toEqual([
        ['found.yaml', 0],
        ['linked.yaml', 0],
        ['user.yaml', 1],
      ]);
    }
  });
});
