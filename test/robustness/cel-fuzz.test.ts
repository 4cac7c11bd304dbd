import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CelEnvironment, DYN, type CelValue } from '../../src/policy/cel/index.js';

/**
 * Mutants of the expressions of Kubernetes' CEL library tests (test/policy/cel/k8s-tables), compiled and evaluated.
 * An environment lives as long as a policy load or an editor session, so it must compile each expression as a fresh
 * one would, whatever it compiled before (a parser once kept the depth of an expression that failed). Fixed seed;
 * CEL_FUZZ_RUNS and CEL_FUZZ_SEED widen or move the search locally.
 */
const RUNS = Number(process.env['CEL_FUZZ_RUNS'] ?? 1500);
const SEED = Number(process.env['CEL_FUZZ_SEED'] ?? 36);

const TABLES = join(import.meta.dirname, '../policy/cel/k8s-tables');
const EXPRESSIONS = readdirSync(TABLES)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .flatMap((name) => (JSON.parse(readFileSync(join(TABLES, name), 'utf8')) as { rows: { expr?: string }[] }).rows.map((row) => row.expr ?? ''))
  .filter((expression) => expression !== '');

/** Pieces of CEL that parsers, checkers and libraries trip on. */
const PIECES = ['(', ')', '[', ']', '{', '}', '.', '.?', '?', ':', ',', '!', '-', '+', '*', '/', '%', '==', '&&', '||', ' in ', '"', "'", '"""', 'b"', '\\', '\\u', '0x', '1u', '1e308',
  '-9223372036854775808', 'null', 'dyn(', 'self', '.all(x, ', '.map(x, ', '.exists_one(x, ', '.size()', 'string(', 'int(', 'double(', 'duration("1h")', '"%.9999999f".format([1.5])', '.matches("(a+)+$")',
  'quantity("1Gi")', 'ip("::1")', 'cidr("10.0.0.0/8")', 'url("https://a")', 'optional.of(', '.orValue(', 'cel.bind(x, ', '.join(",")', '.split("")', '"%e%s".format(['];

/** Pieces that keep an expression whole where they land between two tokens. */
const WHOLE = [' ', ' || true', ' && false', ' + 1', '[0]', '.size()', ' == self.a', '1', '"a"'];

const mutation = fc.record({ at: fc.nat(), cut: fc.nat({ max: 3 }), piece: fc.oneof(fc.constantFrom(...PIECES), fc.constantFrom(...WHOLE)) });
const mutant = fc
  .tuple(fc.constantFrom(...EXPRESSIONS), fc.array(mutation, { minLength: 1, maxLength: 2 }))
  .map(([expression, mutations]) => mutations.reduce((text, { at, cut, piece }) => {
    const i = at % (text.length + 1);
    return text.slice(0, i) + piece + text.slice(i + cut);
  }, expression));

const VARIABLES = { self: DYN };
const SELF: CelValue = new Map<string, CelValue>([['a', 1n], ['b', 'text'], ['c', [1n, 2n]]]);

/** What compiling and evaluating gives, in a form to compare: the compile error, or the evaluation's kind and message. */
function outcome(environment: CelEnvironment, expression: string): string {
  const compiled = environment.compile(expression, VARIABLES);
  if (!compiled.ok) return `compile ${compiled.error.kind} at ${compiled.error.offset}: ${compiled.error.message}`;
  const result = compiled.program.evaluate({ self: SELF });
  return result.kind === 'value' ? `value ${typeof result.value}` : `${result.kind}: ${result.message}`;
}

describe(`fuzzing CEL (${RUNS} mutants of Kubernetes' library tests, seed ${SEED})`, () => {
  it('compiles and evaluates without throwing, an error offset within the text, and as a fresh environment would', () => {
    const shared = new CelEnvironment();
    let compiled = 0;
    fc.assert(
      fc.property(mutant, (expression) => {
        const once = outcome(shared, expression);
        expect(once).toBe(outcome(new CelEnvironment(), expression));
        const offset = /^compile \w+ at (\d+)/.exec(once)?.[1];
        if (offset !== undefined) expect(Number(offset)).toBeLessThanOrEqual(expression.length);
        else compiled++;
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // The premise: some of the mutants compile, so evaluation is fuzzed too (about 12% with the default seed).
    expect(compiled).toBeGreaterThan(RUNS / 20);
  }, 300_000);
});
