import { spawnSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { terminalProgress, wantsColor, wantsProgress } from '../../src/cli/terminal.js';
import { BIN, BROKEN_USER, CLEAN_USER, runCli } from '../helpers/cli.js';
import { tempTree } from '../helpers/files.js';

// The end-to-end tests start the built CLI on a pseudo-terminal: slow on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

describe('wantsColor', () => {
  it('follows the terminal, NO_COLOR, TERM=dumb and Emacs compilation buffers, and FORCE_COLOR overrides them', () => {
    expect(wantsColor(true, {})).toBe(true);
    expect(wantsColor(false, {})).toBe(false);
    expect(wantsColor(true, { NO_COLOR: '' })).toBe(false);
    expect(wantsColor(true, { TERM: 'dumb' })).toBe(false);
    expect(wantsColor(true, { TERM: 'xterm', INSIDE_EMACS: '28.2,compile' })).toBe(false);
    expect(wantsColor(true, { TERM: 'eterm-color', INSIDE_EMACS: '28.2,term:0.96' })).toBe(true);
    expect(wantsColor(false, { FORCE_COLOR: '1' })).toBe(true);
    expect(wantsColor(false, { FORCE_COLOR: '' })).toBe(true);
    expect(wantsColor(true, { FORCE_COLOR: '1', NO_COLOR: '1' })).toBe(true);
    expect(wantsColor(true, { FORCE_COLOR: '0' })).toBe(false);
    expect(wantsColor(true, { FORCE_COLOR: 'false' })).toBe(false);
  });
});

describe('wantsProgress', () => {
  it('only on a terminal, outside CI, and not on a dumb terminal nor in an Emacs compilation buffer', () => {
    expect(wantsProgress(true, {})).toBe(true);
    expect(wantsProgress(false, {})).toBe(false);
    expect(wantsProgress(true, { CI: 'true' })).toBe(false);
    expect(wantsProgress(true, { TERM: 'dumb' })).toBe(false);
    // Emacs' M-x compile: a pseudo-terminal whose buffer shows escape sequences as text; its terminal emulators do not.
    expect(wantsProgress(true, { TERM: 'xterm', INSIDE_EMACS: '28.2,compile' })).toBe(false);
    expect(wantsProgress(true, { TERM: 'xterm-256color', INSIDE_EMACS: 'vterm' })).toBe(true);
  });
});

describe('terminalProgress', () => {
  it('redraws at most every interval, always draws the last count, and erases only what it drew', () => {
    const written: string[] = [];
    let time = 1000;
    const progress = terminalProgress((text) => written.push(text), 100, () => time);
    progress.update(1, 5);
    time += 50;
    progress.update(2, 5);
    time += 60;
    progress.update(3, 5);
    progress.update(5, 5);
    progress.end();
    progress.end();
    expect(written).toEqual([
      '\r\u001b[Kplatlint: linting 1/5 files',
      '\r\u001b[Kplatlint: linting 3/5 files',
      '\r\u001b[Kplatlint: linting 5/5 files',
      '\r\u001b[K',
    ]);
    const silent: string[] = [];
    terminalProgress((text) => silent.push(text)).end();
    expect(silent).toEqual([]);
  });
});

describe('progress on a terminal', () => {
  const dir = tempTree('platlint-cli-', Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`users/u${String(i).padStart(2, '0')}.yaml`, CLEAN_USER])));

  /** Runs the CLI on a pseudo-terminal made by script(1): stdout and stderr both go to it. */
  function onTerminal(env: Record<string, string>, cwd = dir): { status: number | null; output: string } {
    const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'CI' && key !== 'GITHUB_ACTIONS' && key !== 'NO_COLOR')) as Record<string, string>;
    const command = `'${process.execPath}' '${BIN}' users`;
    const result = spawnSync('script', ['-qec', command, '/dev/null'], { cwd, env: { ...base, TERM: 'xterm', ...env }, encoding: 'utf8', timeout: 60_000 });
    return { status: result.status, output: result.stdout };
  }

  it('erases its line before each piece of a long report, so that nothing is written on it', () => {
    // 400 broken files: a stylish report several times the 64 kB the CLI writes at a time, while the line is drawn.
    const files = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`users/u${String(i).padStart(3, '0')}.yaml`, BROKEN_USER]));
    const run = onTerminal({ NO_COLOR: '1' }, tempTree('platlint-cli-', files));
    expect(run.status).toBe(1);
    // Each piece between two erasures is the progress line alone, or report text that starts on a line of its own.
    const pieces = run.output.split('\r\u001b[K').filter(Boolean);
    const reportPieces = pieces.filter((piece) => !/^platlint: linting \d+\/400 files$/.test(piece));
    expect(reportPieces.length).toBeGreaterThan(1);
    for (const piece of reportPieces) expect(piece).not.toContain('platlint: linting');
    expect(reportPieces[0]?.startsWith('users/u000.yaml\r\n')).toBe(true);
  });

  it('shows files done / total on stderr when it is a terminal, and erases it before exiting', () => {
    // .ci/run installs script(1) where it is missing: a machine without it fails here rather than skipping.
    expect(spawnSync('script', ['--version']).error).toBeUndefined();
    const run = onTerminal({});
    expect(run.status).toBe(0);
    expect(run.output).toContain('\r\u001b[Kplatlint: linting 30/30 files');
    expect(run.output.endsWith('\r\u001b[K')).toBe(true);
  });

  it("never in CI, even on a terminal, nor in Emacs' M-x compile, nor in a pipe", () => {
    expect(onTerminal({ CI: 'true' })).toEqual({ status: 0, output: '' });
    expect(onTerminal({ INSIDE_EMACS: '28.2,compile' })).toEqual({ status: 0, output: '' });
    expect(runCli(['users'], { cwd: dir })).toEqual({ status: 0, stdout: '', stderr: '' });
  });
});
