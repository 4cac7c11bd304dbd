import { lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROKEN_USER, runCli } from '../helpers/cli.js';
import { tempTree } from '../helpers/files.js';

/**
 * Where platlint writes its own files (init's configuration, -o reports, the cache) and the repository's (the
 * baseline): what is already there is never hidden nor overwritten by surprise, and a link a repository committed
 * never aims a write at another file. Each refusal is one line, exit 2.
 */
const OTHER = 'not platlint\'s\n';

function project(): string {
  return tempTree('platlint-own-writes-', { 'jane.yaml': BROKEN_USER });
}

/** A link at `link` (under dir) to a file outside the project holding OTHER; the file's path. */
function linkToOther(dir: string, link: string): string {
  const other = join(tempTree('platlint-own-writes-other-', { 'other.json': OTHER }), 'other.json');
  symlinkSync(other, join(dir, link));
  return other;
}

describe('platlint init', () => {
  it.each(['.platlint.yaml', '.platlint.yml'])('refuses when %s, which platlint would read, is already there', (name) => {
    const dir = project();
    writeFileSync(join(dir, name), 'rules:\n  meta/name: off\n');
    expect(runCli(['init'], { cwd: dir })).toEqual({ status: 2, stdout: '', stderr: `platlint: ${name} already exists here; edit it or remove it first\n` });
    expect(readdirSync(dir).sort()).toEqual([name, 'jane.yaml'].sort());
  });

  it('refuses a link at either name, even a dangling one', () => {
    const dir = project();
    symlinkSync('missing.yaml', join(dir, '.platlint.yml'));
    expect(runCli(['init'], { cwd: dir })).toEqual({ status: 2, stdout: '', stderr: 'platlint: .platlint.yml already exists here; edit it or remove it first\n' });
  });
});

describe('-o report files', () => {
  it('refuses two reports to one file, however it is written, before linting', () => {
    const dir = project();
    const run = runCli(['--no-config', '-f', 'json', '-o', 'r.json', '-f', 'sarif', '-o', './sub/../r.json', 'jane.yaml'], { cwd: dir });
    expect(run).toEqual({ status: 2, stdout: '', stderr: 'platlint: -o ./sub/../r.json: another report is written to that file; give each report a file of its own\n' });
    expect(readdirSync(dir)).toEqual(['jane.yaml']);
  });

  it('names the part of the path that is a file, not a folder', () => {
    const dir = project();
    expect(runCli(['--no-config', '-o', 'jane.yaml/x.json', 'jane.yaml'], { cwd: dir }).stderr).toBe('platlint: cannot write jane.yaml/x.json: jane.yaml is not a directory\n');
    const run = runCli(['--no-config', '-f', 'json', '-o', 'jane.yaml/deeper/x.json', 'jane.yaml'], { cwd: dir });
    expect([run.status, run.stderr]).toEqual([2, 'platlint: cannot write jane.yaml/deeper/x.json: jane.yaml is not a directory\n']);
  });

  it('replaces a link to a file with the report, and leaves what it points to', () => {
    const dir = project();
    const other = linkToOther(dir, 'report.json');
    expect(runCli(['--no-config', '-f', 'json', '-o', 'report.json', 'jane.yaml'], { cwd: dir }).status).toBe(1);
    expect([lstatSync(join(dir, 'report.json')).isSymbolicLink(), readFileSync(other, 'utf8')]).toEqual([false, OTHER]);
    expect(JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')).summary.errors).toBe(1);
  });
});

describe('the --cache file', () => {
  it('replaces a link at the cache file by the cache, and never writes what it points to', () => {
    const dir = project();
    mkdirSync(join(dir, '.platlintcache'));
    const other = linkToOther(dir, '.platlintcache/cache.json');
    expect(runCli(['--no-config', '--cache', 'jane.yaml'], { cwd: dir })).toMatchObject({ status: 1, stderr: '' });
    expect([lstatSync(join(dir, '.platlintcache/cache.json')).isSymbolicLink(), readFileSync(other, 'utf8')]).toEqual([false, OTHER]);
    expect(JSON.parse(readFileSync(join(dir, '.platlintcache/cache.json'), 'utf8')).format).toBe(3);
  });

  it('replaces a link at its folder by a folder of its own', () => {
    const dir = project();
    const elsewhere = tempTree('platlint-own-writes-elsewhere-', {});
    symlinkSync(elsewhere, join(dir, '.platlintcache'));
    expect(runCli(['--no-config', '--cache', 'jane.yaml'], { cwd: dir })).toMatchObject({ status: 1, stderr: '' });
    expect([lstatSync(join(dir, '.platlintcache')).isDirectory(), readdirSync(join(dir, '.platlintcache')).sort(), readdirSync(elsewhere)]).toEqual([true, ['.gitignore', 'cache.json'], []]);
  });

  it('names the part of the path that is a file, not a folder', () => {
    const dir = project();
    const run = runCli(['--no-config', '--cache', '--cache-location', 'jane.yaml/cache.json', 'jane.yaml'], { cwd: dir });
    expect([run.status, run.stderr]).toEqual([2, 'platlint: cannot write cache jane.yaml/cache.json: jane.yaml is not a directory\n']);
  });
});

describe('the baseline and the files --fix fixes, which are the repository\'s', () => {
  it('--fix writes through a link into the manifest it points to, and keeps the link', () => {
    const fixed = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  username: jane\n  groups:\n    - sre\n';
    const dir = tempTree('platlint-own-writes-', { 'real/jane.yaml': `${fixed}    - sre\n` });
    symlinkSync('real/jane.yaml', join(dir, 'jane.yaml'));
    expect(runCli(['--no-config', '--fix', 'jane.yaml'], { cwd: dir })).toEqual({ status: 0, stdout: '✔ Fixed 1 problem in 1 file.\n', stderr: '' });
    expect([readlinkSync(join(dir, 'jane.yaml')), readFileSync(join(dir, 'real/jane.yaml'), 'utf8')]).toEqual(['real/jane.yaml', fixed]);
  });

  it('is written through a link into the file it points to, as --fix writes a manifest', () => {
    const dir = project();
    writeFileSync(join(dir, 'john.yaml'), BROKEN_USER.replaceAll('jane', 'john'));
    expect(runCli(['baseline', '--no-config', 'jane.yaml'], { cwd: dir }).status).toBe(0);
    renameSync(join(dir, '.platlint-baseline.json'), join(dir, 'shared-baseline.json'));
    symlinkSync('shared-baseline.json', join(dir, '.platlint-baseline.json'));
    expect(runCli(['baseline', '--no-config'], { cwd: dir })).toEqual({ status: 0, stdout: '', stderr: 'platlint: wrote .platlint-baseline.json: 2 entries\n' });
    expect(readlinkSync(join(dir, '.platlint-baseline.json'))).toBe('shared-baseline.json');
    expect(readFileSync(join(dir, 'shared-baseline.json'), 'utf8')).toContain('john.yaml');
  });
});
