import { describe, expect, it } from 'vitest';
import { defaultFormat, FORMAT_NAMES, isFormatName, loadFormatter } from '../../src/formatters/index.js';
import { formatGithub } from '../../src/formatters/github.js';
import { formatJunit } from '../../src/formatters/junit.js';
import { formatSarif } from '../../src/formatters/sarif.js';

describe('formatter registry', () => {
  it('knows the formats of the design and concise', () => {
    expect([...FORMAT_NAMES]).toEqual(['stylish', 'concise', 'json', 'sarif', 'github', 'junit', 'gitlab']);
    for (const name of FORMAT_NAMES) expect(isFormatName(name)).toBe(true);
    expect(isFormatName('checkstyle')).toBe(false);
  });

  it('loads each formatter on demand', async () => {
    expect(await loadFormatter('sarif')).toBe(formatSarif);
    expect(await loadFormatter('github')).toBe(formatGithub);
    expect(await loadFormatter('junit')).toBe(formatJunit);
    for (const name of FORMAT_NAMES) {
      const format = await loadFormatter(name);
      expect(typeof format([], { color: false, cwd: '/work/project' })).toBe('string');
    }
  });
});

describe('defaultFormat', () => {
  it('is github inside GitHub Actions and stylish elsewhere', () => {
    expect(defaultFormat({ GITHUB_ACTIONS: 'true' })).toBe('github');
    expect(defaultFormat({})).toBe('stylish');
    expect(defaultFormat({ GITHUB_ACTIONS: 'false' })).toBe('stylish');
    expect(defaultFormat({ GITHUB_ACTIONS: '' })).toBe('stylish');
    expect(defaultFormat({ CI: 'true', GITLAB_CI: 'true' })).toBe('stylish');
  });
});
