import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { binOf } from '../bench/context.js';

export const ROOT = join(import.meta.dirname, '../..');
/** The `platlint` command as npm links it (package.json `bin`). */
export const BIN = binOf(ROOT);

export const CLEAN_USER = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  email: jane@example.com\n';
export const BROKEN_USER = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  tokenGeneration: "3"\n';

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built CLI as a user would (`npm test` builds it first). `timeout` (60 s by default) kills a run that
 * hangs: its status is then null.
 */
export function runCli(args: readonly string[], options: { input?: string | Buffer; cwd?: string; env?: Record<string, string>; timeout?: number } = {}): CliRun {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run npm run build (npm test does it)`);
  const env: Record<string, string> = { ...process.env, NO_COLOR: '1', ...options.env } as Record<string, string>;
  delete env['GITHUB_ACTIONS'];
  if (options.env) Object.assign(env, options.env);
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    input: options.input ?? '',
    encoding: 'utf8',
    env,
    timeout: options.timeout ?? 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
