import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseOptions } from './context.js';
import { BenchError } from './measure.js';

describe('bench options', () => {
  it('reads the parts, repetitions and the build to compare with', () => {
    // The build before is a checkout's dist/; its own package.json names its command.
    const work = mkdtempSync(join(tmpdir(), 'platlint-bench-options-'));
    mkdirSync(join(work, 'old'));
    writeFileSync(join(work, 'old', 'package.json'), JSON.stringify({ bin: { platlint: 'dist/src/cli/bin.js' } }));
    const options = parseOptions(['--only', 'realistic,cold', '--reps', '3', '--no-memory', '--before', 'old/dist'], work);
    rmSync(work, { recursive: true });
    expect([...options.phases]).toEqual(['realistic', 'cold']);
    expect(options.reps).toBe(3);
    expect(options.memory).toBe(false);
    expect(options.beforeBin).toBe(join(work, 'old/dist/src/cli/bin.js'));
  });

  it('refuses an unknown option instead of running the whole benchmark', () => {
    expect(() => parseOptions(['--rep', '3'], '/work')).toThrow(new BenchError('unknown option --rep (see --help)'));
    expect(() => parseOptions(['--only', 'realistic', 'extra'], '/work')).toThrow(BenchError);
    expect(() => parseOptions(['--only', 'nothing'], '/work')).toThrow(/--only takes a comma-separated list/);
  });
});
