import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { main } from '../../src/cli/program.js';
import { ROOT } from '../helpers/cli.js';
import { insertion, mutate, mutation, secretsStillUnderKey } from '../helpers/mutants.js';
import { FORMAT_NAMES } from '../../src/formatters/index.js';

/**
 * Property-based fuzzing of `platlint diff OLD NEW` and `platlint patch BASE PATCH`, run in process as the CLI runs
 * them: mutants of the fixtures' pairs, one side or both, with secrets planted under secret keys. Fixed seed, so a CI
 * failure reproduces; FUZZ_RUNS and FUZZ_SEED widen or move the search locally.
 */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 300);
const SEED = Number(process.env['FUZZ_SEED'] ?? 53);

interface Pair {
  command: 'diff' | 'patch';
  first: string;
  second: string;
}

const FIXTURES = join(ROOT, 'fixtures');
const files = readdirSync(FIXTURES, { recursive: true, encoding: 'utf8' }).sort();
const PAIRS: Pair[] = [
  ...files.filter((file) => file.endsWith('.old.yaml')).map((old) => ({ command: 'diff' as const, first: old, second: old.replace(/\.old\.yaml$/, '.yaml') })),
  ...files
    .filter((file) => /\.patch\.(yaml|json)$/.test(file))
    .map((patch) => {
      const dir = patch.slice(0, patch.lastIndexOf('/'));
      return { command: 'patch' as const, first: files.includes(`${dir}/base.yaml`) ? `${dir}/base.yaml` : `${dir}/user.yaml`, second: patch };
    }),
].filter((pair) => files.includes(pair.first) && files.includes(pair.second));

/** JSON Patch pieces: other operations, pointers that escape, index past the end or name nothing. */
const PATCH_PIECES = ['op: move\n', 'op: copy\n', 'op: test\n', 'from: /spec\n', 'path: ""\n', 'path: /-\n', 'path: /spec/groups/99\n', 'path: /a~2b\n', 'value: {}\n', '- {op: remove, path: /metadata}\n', '- {op: add, path: /spec/x/y, value: 1}\n'];

const side = fc.array(fc.oneof(mutation, insertion(fc.constantFrom(...PATCH_PIECES))), { minLength: 1, maxLength: 5 });
const run = fc.record({
  pair: fc.nat({ max: PAIRS.length - 1 }),
  first: fc.option(side, { nil: undefined }),
  second: fc.option(side, { nil: undefined }),
  format: fc.constantFrom(...FORMAT_NAMES),
  print: fc.boolean(),
});

describe(`fuzzing diff and patch (${RUNS} mutated pairs of ${PAIRS.length}, seed ${SEED})`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-update-fuzz-'));
  let cases = 0;

  it('the fixtures give pairs of both commands', () => {
    expect(PAIRS.filter((pair) => pair.command === 'diff').length).toBeGreaterThanOrEqual(20);
    expect(PAIRS.filter((pair) => pair.command === 'patch').length).toBeGreaterThanOrEqual(20);
  });

  it('exits 0, 1 or 2 with one-line errors, writes a report in its format, and never shows a planted secret but in --print', async () => {
    await fc.assert(
      fc.asyncProperty(run, async ({ pair: index, first, second, format, print }) => {
        cases++;
        const pair = PAIRS[index] as Pair;
        const texts = [pair.first, pair.second].map((file) => readFileSync(join(FIXTURES, file), 'utf8'));
        const mutated = [first ? mutate(texts[0] ?? '', first) : texts[0] ?? '', second ? mutate(texts[1] ?? '', second) : texts[1] ?? ''];
        const paths = [pair.first, pair.second].map((file, i) => join(dir, `${i}-${basename(file)}`));
        paths.forEach((path, i) => writeFileSync(path, mutated[i] ?? ''));
        const printing = pair.command === 'patch' && print;
        let out = '';
        const errors: string[] = [];
        const code = await main([pair.command, '--format', format, ...(printing ? ['--print'] : []), ...paths], {
          cwd: dir,
          color: false,
          out: (text) => (out += text),
          error: (line) => errors.push(line),
          readStdin: async () => ({ bytes: new Uint8Array() }),
        });
        expect([0, 1, 2]).toContain(code);
        for (const line of errors) expect(line, 'one line, no stack trace').not.toMatch(/\n\s+at /);
        if (code === 2) {
          // One line for each cause: one input that cannot be read, or both (seed 1132: both made binary).
          expect(errors.length, 'exit 2 says why').toBeGreaterThanOrEqual(1);
          expect(errors.length, 'one line a cause').toBeLessThanOrEqual(2);
          for (const line of errors) expect(line).toMatch(/^platlint: /);
        }
        if (printing) {
          // The patched document, or nothing when the patch cannot apply.
          if (code === 0) expect(parseAllDocuments(out).flatMap((doc) => doc.errors)).toEqual([]);
          else expect(out).toBe('');
        } else if (format === 'json' && code !== 2) {
          const report = JSON.parse(out) as { results: { diagnostics: { severity: string }[] }[] };
          expect(report.results.some((result) => result.diagnostics.some((d) => d.severity === 'error'))).toBe(code === 1);
        }
        const shown = printing ? errors.join('\n') : `${out}\n${errors.join('\n')}`;
        for (const secret of mutated.flatMap(secretsStillUnderKey)) expect(shown, `shows ${secret}`).not.toContain(secret);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    expect(cases).toBe(RUNS);
  }, 300_000);
});
