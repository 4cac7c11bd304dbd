import { describe, expect, it } from 'vitest';
import { terminalProgress, wantsColor, wantsProgress } from '../../src/cli/terminal.js';

describe('wantsColor', () => {
  it('follows the terminal, NO_COLOR and TERM=dumb, and FORCE_COLOR overrides them', () => {
    expect(wantsColor(true, {})).toBe(true);
    expect(wantsColor(false, {})).toBe(false);
    expect(wantsColor(true, { NO_COLOR: '' })).toBe(false);
    expect(wantsColor(true, { TERM: 'dumb' })).toBe(false);
    expect(wantsColor(false, { FORCE_COLOR: '1' })).toBe(true);
    expect(wantsColor(false, { FORCE_COLOR: '' })).toBe(true);
    expect(wantsColor(true, { FORCE_COLOR: '1', NO_COLOR: '1' })).toBe(true);
    expect(wantsColor(true, { FORCE_COLOR: '0' })).toBe(false);
    expect(wantsColor(true, { FORCE_COLOR: 'false' })).toBe(false);
  });
});

describe('wantsProgress', () => {
  it('only on a terminal, outside CI, and not on a dumb terminal', () => {
    expect(wantsProgress(true, {})).toBe(true);
    expect(wantsProgress(false, {})).toBe(false);
    expect(wantsProgress(true, { CI: 'true' })).toBe(false);
    expect(wantsProgress(true, { TERM: 'dumb' })).toBe(false);
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
