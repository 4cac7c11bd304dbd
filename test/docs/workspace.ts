import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { BIN, ROOT } from '../helpers/cli.js';
import type { ConsoleStep } from './doc-blocks.js';

export interface ShellRun {
  status: number | null;
  /** stdout and stderr together, as a terminal shows them. */
  output: string;
}

/**
 * A project as the documentation's reader has one, in a temporary directory: platlint installed as a devDependency
 * (node_modules/platlint is the built checkout, node_modules/.bin/platlint its bin, as npm links a `file:` install),
 * the repository's `fixtures/` (the pages' examples name them), a clean manifest in `platform/users/jane.yaml`, all of
 * it committed in a git repository so that `--base` examples have a history and each page starts from that commit.
 */
export class DocsWorkspace {
  readonly dir: string;
  private readonly root: string;
  private readonly initialCommit: string;

  constructor() {
    this.root = realpathSync(mkdtempSync(join(tmpdir(), 'platlint-docs-')));
    this.dir = join(this.root, 'project');
    // The machine's own npm settings (~/.npmrc) are not the reader's: npm warnings about them would be in the output.
    writeFileSync(join(this.root, 'npmrc'), '');
    mkdirSync(join(this.dir, 'platform', 'users'), { recursive: true });
    cpSync(join(ROOT, 'fixtures'), join(this.dir, 'fixtures'), { recursive: true });
    copyFileSync(join(ROOT, 'fixtures/examples/maximal-user.yaml'), join(this.dir, 'platform/users/jane.yaml'));
    writeFileSync(join(this.dir, 'package.json'), JSON.stringify({ name: 'platform-config', version: '1.0.0', private: true, devDependencies: { platlint: 'file:platlint' } }, null, 2) + '\n');
    mkdirSync(join(this.dir, 'node_modules', '.bin'), { recursive: true });
    symlinkSync(ROOT, join(this.dir, 'node_modules', 'platlint'));
    symlinkSync(join('..', 'platlint', BIN.slice(ROOT.length + 1)), join(this.dir, 'node_modules', '.bin', 'platlint'));
    this.git(['init', '--quiet']);
    writeFileSync(join(this.dir, '.git', 'info', 'exclude'), 'node_modules/\n');
    this.git(['add', '-A']);
    this.git(['commit', '--quiet', '-m', 'platform manifests']);
    this.initialCommit = this.git(['rev-parse', 'HEAD']);
  }

  /** Back to the first commit, every change and new file gone: each page starts from the same project. */
  reset(): void {
    this.git(['checkout', '--quiet', '--force', '--detach', this.initialCommit]);
    this.git(['reset', '--quiet', '--hard', this.initialCommit]);
    this.git(['clean', '--quiet', '-fd']);
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true });
  }

  /** Writes `text` to `path` (relative to the project), creating its folders. */
  write(path: string, text: string): string {
    const absolute = join(this.dir, path);
    mkdirSync(dirname(absolute), { recursive: true });
    writeFileSync(absolute, text);
    return absolute;
  }

  delete(path: string): void {
    rmSync(join(this.dir, path), { force: true });
  }

  /** A shell script run by bash in the project, `platlint` on PATH as `npx platlint` finds it. */
  bash(script: string, options: { errexit?: boolean } = {}): ShellRun {
    const result = spawnSync('bash', ['--noprofile', '--norc', ...(options.errexit ? ['-e'] : []), '-c', `exec 2>&1\n${script}`], {
      cwd: this.dir,
      encoding: 'utf8',
      env: this.env(),
      timeout: 120_000,
    });
    if (result.error) throw result.error;
    return { status: result.status, output: this.normalise(result.stdout) };
  }

  /**
   * Runs the commands of a console block one after the other in one shell (so that `cd`, `$?` and variables carry
   * over, as in a terminal) and returns what each printed.
   */
  console(steps: readonly ConsoleStep[]): string[] {
    const marker = (i: number): string => `@@platlint-docs-step-${i}@@`;
    // The marker is printed without losing the previous command's exit status, which `echo $?` shows.
    const script = steps.map((step, i) => `__platlint_status=$?; printf '%s\\n' '${marker(i)}'; (exit "$__platlint_status")\n${step.command}`).join('\n');
    const { output } = this.bash(script);
    return steps.map((_, i) => {
      const start = output.indexOf(`${marker(i)}\n`);
      if (start < 0) throw new Error(`the shell stopped before "${steps[i]?.command ?? ''}":\n${output}`);
      const from = start + marker(i).length + 1;
      const end = i + 1 < steps.length ? output.indexOf(`${marker(i + 1)}\n`, from) : output.length;
      return output.slice(from, end < 0 ? output.length : end);
    });
  }

  /** The temporary directory is the one thing that differs between runs: it reads as `~/platform-config`. */
  private normalise(output: string): string {
    return output.replaceAll(this.dir, '~/platform-config');
  }

  private env(): Record<string, string> {
    const inherited = Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !/^(npm_|VITEST|NODE_OPTIONS$|INIT_CWD$|GITHUB_|CI$|FORCE_COLOR$)/i.test(entry[0]),
    );
    const env: Record<string, string> = Object.fromEntries(inherited);
    return {
      ...env,
      NO_COLOR: '1',
      NPM_CONFIG_USERCONFIG: join(this.root, 'npmrc'),
      NPM_CONFIG_UPDATE_NOTIFIER: 'false',
      PATH: `${join(this.dir, 'node_modules', '.bin')}:${env['PATH'] ?? ''}`,
      GIT_AUTHOR_NAME: 'Docs',
      GIT_AUTHOR_EMAIL: 'docs@example.com',
      GIT_COMMITTER_NAME: 'Docs',
      GIT_COMMITTER_EMAIL: 'docs@example.com',
    };
  }

  private git(args: readonly string[]): string {
    const result = spawnSync('git', ['-c', 'init.defaultBranch=main', ...args], { cwd: this.dir, encoding: 'utf8', env: this.env() });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
    return result.stdout.trim();
  }
}
