/**
 * The command the playground stands for, run for real: its three texts written as files into a folder of their own
 * (an empty settings or policy text is a file that is not there; the manifest is always there), then `platlint --format json [--policy policy.yaml] playground.yaml`
 * in that folder, as src/browser/playground.ts says.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlaygroundTexts } from '../../src/browser/playground.js';
import { runCli, type CliRun } from './cli.js';

export interface PlaygroundCliRun extends CliRun {
  /** The folder the command ran in (removed): its stderr names the settings file by its path there. */
  dir: string;
}

export function runPlaygroundCommand(texts: PlaygroundTexts): PlaygroundCliRun {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-playground-'));
  try {
    writeFileSync(join(dir, 'playground.yaml'), texts.manifest);
    if (texts.config !== '') writeFileSync(join(dir, '.platlint.yaml'), texts.config);
    if (texts.policy !== '') writeFileSync(join(dir, 'policy.yaml'), texts.policy);
    const run = runCli(['--format', 'json', ...(texts.policy === '' ? [] : ['--policy', 'policy.yaml']), 'playground.yaml'], { cwd: dir });
    return { ...run, dir };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
