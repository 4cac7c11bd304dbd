import { resolve } from 'node:path';
import { ChangeContext } from '../change/context.js';
import type { CliIo } from './io.js';
import { readManifestText } from '../project/read-file.js';
import { runLint, type LintFlags } from './lint-command.js';

/** `platlint diff OLD NEW`: exit codes as for lint; OLD that cannot be read is exit 2. */
export async function runDiff(oldFile: string, newFile: string, flags: LintFlags, io: CliIo, env: Readonly<Record<string, string | undefined>>): Promise<number> {
  const read = readManifestText(resolve(io.cwd, oldFile));
  if ('reason' in read) {
    io.error(`platlint: cannot read ${oldFile}: ${read.reason}`);
    return 2;
  }
  const oldText = read.text;
  const change = new ChangeContext({
    text: (file) => (file === oldFile ? oldText : undefined),
    files: () => [oldFile],
    // Objects left over are paired in order only within NEW itself; in a directory, other files pair by identity.
    oldPathOf: (file) => (newFile === '-' || resolve(io.cwd, file) === resolve(io.cwd, newFile) ? oldFile : undefined),
  });
  return runLint([newFile], { ...flags, rule: flags.rule ?? [], policy: flags.policy ?? [] }, io, env, change);
}
