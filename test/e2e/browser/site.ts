/**
 * The docs site as a contributor builds and serves it: `npm run site` in the checkout, then `npm run site:serve`, whose
 * printed address the browser tests open. The playground's tests are to use the same.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { ROOT } from '../../helpers/cli.js';

/** A contributor's shell: none of the npm settings of the `npm run test:e2e` that runs the tests. */
const shellEnv: Record<string, string> = Object.fromEntries(
  Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined && !/^(npm_|VITEST|NODE_OPTIONS$|INIT_CWD$)/i.test(entry[0])),
);

export const SITE_BUILD_TIMEOUT_MS = 600_000;

/** Runs a script of bash in the checkout, stopping at its first failing command; throws with its output if it fails. */
export function runInCheckout(script: string): string {
  const result = spawnSync('bash', ['--noprofile', '--norc', '-e', '-c', script], { cwd: ROOT, encoding: 'utf8', env: shellEnv, timeout: SITE_BUILD_TIMEOUT_MS });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${script} exited ${String(result.status)}:\n${result.stdout}${result.stderr}`);
  return result.stdout + result.stderr;
}

export interface RunningSite {
  /** The address the command printed. */
  url: string;
  /** The line it printed it in. */
  line: string;
  stop(): Promise<void>;
}

function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    // The command's own process group: npm and the server it started, nothing else.
    process.kill(-(child.pid as number), 'SIGTERM');
  });
}

/** Starts `command` (`npm run site:serve ...`) in the checkout and waits for the address it prints. */
export function serveSite(command = 'npm run --silent site:serve -- --port 0'): Promise<RunningSite> {
  const child = spawn('bash', ['--noprofile', '--norc', '-c', `exec ${command}`], { cwd: ROOT, env: shellEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stopGroup(child);
      reject(new Error(`${command} printed no address in 60 s:\n${output}`));
    }, 60_000);
    const read = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      const line = output.split('\n').find((text) => /https?:\/\/\S+/.test(text));
      if (line === undefined) return;
      clearTimeout(timer);
      resolve({ url: (/https?:\/\/\S+/.exec(line) as RegExpExecArray)[0], line, stop: () => stopGroup(child) });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited ${String(code)} before printing an address:\n${output}`));
    });
  });
}
