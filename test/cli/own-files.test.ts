import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';
import { hostileFile, mkfifo, refusalOf, tempTree, type HostileFile } from '../helpers/files.js';

/**
 * platlint's own files (configuration, baseline, ignore file, policies and their test fixtures, cache, the operands
 * of diff and patch) when they are a FIFO (reading it would block forever), /dev/zero (endless) or a symbolic link to
 * /dev/zero: each run ends in one line naming the file and saying why, with exit 2. The guard is the run's time
 * limit: a run that hangs or reads without end is killed, and its status is then null.
 */
const GUARD_MS = 10_000;

const USER = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  username: jane\n';
const PACK = join(ROOT, 'fixtures/policies/no-cluster-admin');
const KINDS: readonly HostileFile[] = ['a FIFO', '/dev/zero', 'a link to /dev/zero'];

function project(): string {
  const pack = { 'packs/acme/policy.yaml': readFileSync(join(PACK, 'policy.yaml'), 'utf8'), 'packs/acme/tests/jane.yaml': readFileSync(join(PACK, 'tests/valid.yaml'), 'utf8') };
  return tempTree('platlint-own-files-', { 'users/jane.yaml': USER, ...pack });
}

function run(dir: string, args: readonly string[]): [number | null, string] {
  const done = runCli(args, { cwd: dir, timeout: GUARD_MS });
  return [done.status, done.stderr];
}

/** Files platlint finds by their name (`.platlint.yaml`…): /dev/zero itself cannot be one, a link to it can. */
describe.each(KINDS.filter((kind) => kind !== '/dev/zero'))("platlint's own files found by their name as %s", (kind) => {
  it('.platlint.yaml, found from the working directory', () => {
    const dir = project();
    const file = hostileFile(dir, '.platlint.yaml', kind);
    expect(run(dir, ['users'])).toEqual([2, `platlint: cannot read config file ${file}: ${refusalOf(kind)}\n`]);
  });

  it('the baseline beside the configuration', () => {
    const dir = project();
    const file = hostileFile(dir, '.platlint-baseline.json', kind);
    expect(run(dir, ['users'])).toEqual([2, `platlint: cannot read baseline ${file}: ${refusalOf(kind)}\n`]);
    expect(run(dir, ['baseline', 'users'])).toEqual([2, `platlint: cannot read baseline ${file}: ${refusalOf(kind)}\n`]);
  });

  it('.platlintignore, and the other files are still linted', () => {
    const dir = project();
    writeFileSync(join(dir, 'users/bob.yaml'), USER.replace('username: jane', 'username: 3'));
    hostileFile(dir, 'users/.platlintignore', kind);
    const done = runCli(['users', '--format', 'json'], { cwd: dir, timeout: GUARD_MS });
    expect([done.status, done.stderr]).toEqual([2, `platlint: cannot read ${join(dir, 'users/.platlintignore')}: ${refusalOf(kind)}\n`]);
    const results = (JSON.parse(done.stdout) as { results: { file: string; diagnostics: { ruleId: string }[] }[] }).results;
    expect(results.map((r) => [r.file, r.diagnostics.map((d) => d.ruleId)])).toEqual([['users/bob.yaml', ['schema/type']], ['users/jane.yaml', []]]);
  });

  it("a policy test fixture, and a fixture's previous version", () => {
    const dir = project();
    // A FIFO is not a file the fixture folder lists: a link to one is.
    if (kind === 'a FIFO') {
      mkfifo(join(dir, 'fifo'));
      symlinkSync(join(dir, 'fifo'), join(dir, 'packs/acme/tests/broken.yaml'));
    } else {
      hostileFile(dir, 'packs/acme/tests/broken.yaml', kind);
    }
    const fixture = runCli(['policy', 'test', 'packs'], { cwd: dir, timeout: GUARD_MS });
    expect([fixture.status, fixture.stdout, fixture.stderr]).toEqual([2, `FAIL - packs/acme/tests/broken.yaml - ${refusalOf(kind)}\nPASS - packs/acme/tests/jane.yaml\n1 passed, 1 failed\n`, '']);
    const other = project();
    hostileFile(other, 'packs/acme/tests/jane.old.yaml', kind);
    const previous = runCli(['policy', 'test', 'packs'], { cwd: other, timeout: GUARD_MS });
    expect([previous.status, previous.stdout, previous.stderr]).toEqual([2, `FAIL - packs/acme/tests/jane.yaml - cannot read packs/acme/tests/jane.old.yaml: ${refusalOf(kind)}\n0 passed, 1 failed\n`, '']);
  });
});

describe.each(KINDS)("platlint's own files named on the command line as %s", (kind) => {
  it('--config FILE', () => {
    const dir = project();
    const file = hostileFile(dir, 'ci/platlint.yaml', kind);
    expect(run(dir, ['users', '--config', file])).toEqual([2, `platlint: cannot read config file ${file}: ${refusalOf(kind)}\n`]);
  });

  it('--baseline FILE', () => {
    const dir = project();
    const file = hostileFile(dir, 'ci/known.json', kind);
    expect(run(dir, ['users', '--baseline', file])).toEqual([2, `platlint: cannot read baseline ${file}: ${refusalOf(kind)}\n`]);
    expect(run(dir, ['baseline', '--prune', 'users', '--baseline', file])).toEqual([2, `platlint: cannot read baseline ${file}: ${refusalOf(kind)}\n`]);
  });

  it('a policy file, named with --policy or in .platlint.yaml', () => {
    const dir = project();
    const file = hostileFile(dir, 'policies/acme.yaml', kind);
    const line = (shown: string): string => `platlint: policy ${shown}: cannot read the policy (${refusalOf(kind)})\n`;
    expect(run(dir, ['users', '--policy', file])).toEqual([2, line(file)]);
    writeFileSync(join(dir, '.platlint.yaml'), `policies: [${file}]\n`);
    // Paths from the configuration are shown relative to the working directory.
    expect(run(dir, ['users'])).toEqual([2, line(relative(dir, file))]);
  });

  it('the --cache file, which is then not written over', () => {
    const dir = project();
    const file = hostileFile(dir, 'cache/lint.json', kind);
    expect(run(dir, ['users', '--cache', '--cache-location', file])).toEqual([2, `platlint: cannot read cache ${file}: ${refusalOf(kind)}\n`]);
  });

  it('the operands of diff and patch', () => {
    const dir = project();
    const file = hostileFile(dir, 'old/jane.yaml', kind);
    expect(run(dir, ['diff', file, 'users/jane.yaml'])).toEqual([2, `platlint: cannot read ${file}: ${refusalOf(kind)}\n`]);
    expect(run(dir, ['patch', file, 'users/jane.yaml'])).toEqual([2, `platlint: cannot read ${file}: ${refusalOf(kind)}\n`]);
    expect(run(dir, ['patch', 'users/jane.yaml', file])).toEqual([2, `platlint: cannot read ${file}: ${refusalOf(kind)}\n`]);
  });
});

describe('size limits of own files', () => {
  it('refuses a configuration file over 4 MB in one line', () => {
    const dir = project();
    writeFileSync(join(dir, '.platlint.yaml'), `# ${'x'.repeat(4 * 1024 * 1024)}\n`);
    expect(run(dir, ['users'])).toEqual([2, `platlint: cannot read config file ${join(dir, '.platlint.yaml')}: it is larger than 4 MB, the limit for a configuration file\n`]);
  });
});
