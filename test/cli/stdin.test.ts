import { spawnSync } from 'node:child_process';
import { closeSync, openSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, BROKEN_USER, runCli } from '../helpers/cli.js';
import { tempTree } from '../helpers/files.js';

/** The built CLI with stdin redirected by bash (`< /`, `<&-`, `< /dev/zero`): status and stderr. */
function withStdin(redirect: string, args: readonly string[], cwd: string): [number | null, string] {
  const run = spawnSync('bash', ['-c', `exec "$0" "$@" ${redirect}`, process.execPath, BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 });
  return [run.status, run.stderr];
}

const MORE_THAN_NODE_READS = 3 * 1024 ** 3;
const TOO_LARGE = 'it is larger than 2048 MB, the limit for a file to lint';

describe('stdin (platlint -) that holds nothing to lint, or too much', () => {
  const dir = tempTree('platlint-stdin-', { 'jane.yaml': BROKEN_USER });

  it('refuses a directory in one line, for lint and for patch', () => {
    expect(withStdin('< /', ['--no-config', '-'], dir)).toEqual([2, 'platlint: cannot read stdin: it is a directory\n']);
    expect(withStdin('< /', ['patch', 'jane.yaml', '-'], dir)).toEqual([2, 'platlint: cannot read stdin: it is a directory\n']);
  });

  it('refuses a closed stdin, and /dev/null, which Node.js puts in its place, in one line', () => {
    const line = 'platlint: cannot read stdin: it is closed or /dev/null; pipe the YAML to lint into platlint -\n';
    expect(withStdin('<&-', ['--no-config', '-'], dir)).toEqual([2, line]);
    expect(withStdin('< /dev/null', ['--no-config', '-'], dir)).toEqual([2, line]);
  });

  it('lints what is piped, an empty pipe too, and reports the other files of a run whose stdin is refused', () => {
    expect(runCli(['--no-config', '-'], { cwd: dir, input: '' })).toEqual({ status: 0, stdout: '', stderr: '' });
    const run = spawnSync('bash', ['-c', 'exec "$0" "$@" < /', process.execPath, BIN, '--no-config', '--format', 'json', '-', 'jane.yaml'], { cwd: dir, encoding: 'utf8' });
    expect([run.status, run.stderr]).toEqual([2, 'platlint: cannot read stdin: it is a directory\n']);
    expect(JSON.parse(run.stdout).results.map((r: { file: string; ioError?: string }) => [r.file, r.ioError])).toEqual([
      ['<stdin>', 'cannot read stdin: it is a directory'],
      ['jane.yaml', undefined],
    ]);
  });

  it('stops an endless stdin at the limit a file to lint has, as it refuses a larger file', () => {
    const big = join(dir, 'big.yaml');
    // Sparse: no disk is used, and fstat says its size.
    closeSync(openSync(big, 'w'));
    truncateSync(big, MORE_THAN_NODE_READS);
    expect(withStdin('< big.yaml', ['--no-config', '-'], dir)).toEqual([2, `platlint: cannot read stdin: ${TOO_LARGE}\n`]);
    expect(withStdin('', ['--no-config', 'big.yaml'], dir)).toEqual([2, `platlint: cannot read big.yaml: ${TOO_LARGE}\n`]);
    expect(withStdin('< /dev/zero', ['--no-config', '-'], dir)).toEqual([2, `platlint: cannot read stdin: ${TOO_LARGE}\n`]);
  });
});
