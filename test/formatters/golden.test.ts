import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { loadFormatter, type FormatName } from '../../src/formatters/index.js';
import { fixedContext, fixedResults, realContext, realResult, suppressedResults } from './inputs.js';

// Real lints load every rule: slow on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });

/**
 * Each format's exact output on fixed inputs. A difference fails: review the new output by eye, then rewrite the
 * golden files with `UPDATE_GOLDEN=1 npx vitest run test/formatters/golden.test.ts`.
 */
const goldenDir = join(dirname(fileURLToPath(import.meta.url)), 'golden');
const update = process.env['UPDATE_GOLDEN'] === '1';

const FORMATS: readonly { name: FormatName; ext: string }[] = [
  { name: 'sarif', ext: 'sarif' },
  { name: 'github', ext: 'txt' },
  { name: 'concise', ext: 'txt' },
  { name: 'junit', ext: 'xml' },
  { name: 'gitlab', ext: 'json' },
  { name: 'json', ext: 'json' },
];

async function compare(file: string, actual: string): Promise<void> {
  const path = join(goldenDir, file);
  if (update) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, actual);
  }
  expect(existsSync(path), `${file} is missing; write it with UPDATE_GOLDEN=1`).toBe(true);
  expect(actual).toBe(readFileSync(path, 'utf8'));
}

describe.each(FORMATS)('$name golden output', ({ name, ext }) => {
  it('hand-built results', async () => {
    const format = await loadFormatter(name);
    await compare(`${name}-fixed.${ext}`, format(fixedResults(), fixedContext));
  });

  it('a real lint of the broken User fixture', async () => {
    const format = await loadFormatter(name);
    await compare(`${name}-broken-user.${ext}`, format([realResult()], realContext));
  });

  it('problems suppressed by the baseline and by an exception', async () => {
    const format = await loadFormatter(name);
    await compare(`${name}-suppressed.${ext}`, format(suppressedResults(), fixedContext));
  });
});

describe('--statistics golden output', () => {
  it.each([
    { name: 'stylish' as const, ext: 'txt' },
    { name: 'json' as const, ext: 'json' },
  ])('$name of the hand-built results', async ({ name, ext }) => {
    const format = await loadFormatter(name);
    await compare(`${name}-statistics-fixed.${ext}`, format(fixedResults(), { ...fixedContext, statistics: true }));
  });
});
