import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { yamlFilesUnder } from '../helpers/files.js';
import { builtinRules } from '../../rules/index.js';
import type { Diagnostic } from '../../src/engine/types.js';
import { lint } from '../helpers/lint.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures');

/** The value at rank p (0..1) of sorted numbers: the nearest-rank percentile. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
}

/** Every diagnostic over the shipped examples and every rule's fixtures, all rules on. */
function allDiagnostics(): Diagnostic[] {
  return yamlFilesUnder(FIXTURES).flatMap((file) => lint(readFileSync(file, 'utf8'), { preset: 'strict', filename: file }));
}

describe('message length', () => {
  it('percentile takes the nearest rank', () => {
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2);
    expect(percentile([1, 2, 3, 4], 0.95)).toBe(4);
    expect(percentile([5], 0.5)).toBe(5);
    expect(percentile([], 0.5)).toBe(0);
  });

  it('keeps messages over the examples and fixtures short: median <= 110, p95 <= 180 characters', () => {
    const diagnostics = allDiagnostics();
    const lengths = diagnostics.map((d) => d.message.length).sort((a, b) => a - b);
    // The figures the README quotes; printed so that a run shows them.
    process.stdout.write(`message length over ${lengths.length} diagnostics: median ${percentile(lengths, 0.5)}, p95 ${percentile(lengths, 0.95)}, max ${lengths.at(-1)}\n`);
    expect(lengths.length).toBeGreaterThan(500);
    expect(percentile(lengths, 0.5)).toBeLessThanOrEqual(110);
    expect(percentile(lengths, 0.95)).toBeLessThanOrEqual(180);
  });

  it('keeps the explanation: the diagnostics of every message with a note carry it, filled in', () => {
    const withNote = new Set(
      builtinRules.flatMap((rule) =>
        Object.entries(rule.messages).flatMap(([, spec]) => (typeof spec === 'object' && spec.note ? [rule.meta.id] : [])),
      ),
    );
    const diagnostics = allDiagnostics().filter((d) => withNote.has(d.ruleId));
    expect(diagnostics.length).toBeGreaterThan(400);
    const noted = diagnostics.filter((d) => d.note !== undefined);
    expect(noted.length / diagnostics.length).toBeGreaterThan(0.9);
    for (const d of noted) expect(d.note).not.toMatch(/\{\{\s*\w+\s*\}\}/);
  });

  it('keeps every message template within 140 characters, placeholders included', () => {
    const long = builtinRules.flatMap((rule) =>
      Object.entries(rule.messages).flatMap(([id, spec]) => {
        const text = typeof spec === 'string' ? spec : spec.text;
        return text.length > 140 ? [`${rule.meta.id}#${id} (${text.length})`] : [];
      }),
    );
    expect(long).toEqual([]);
  });
});
