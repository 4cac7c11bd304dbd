/**
 * The evaluator's semantics where platlint's documents meet cel-go's rules: presence tests on values that are not
 * maps, comprehensions over values that are not lists, errors that && and || absorb, heterogeneous equality,
 * runtime cost with and without Kubernetes' OptOptimize, the per-call limit, and the classification of results.
 */
import { describe, expect, it } from 'vitest';
import { CelEnvironment, DYN, PER_CALL_LIMIT } from '../../../src/policy/cel/index.js';

const env = new CelEnvironment();

function run(expression: string, self: unknown = null, costLimit?: number) {
  const compiled = env.compile(expression, { self: DYN });
  if (!compiled.ok) throw new Error(compiled.error.message);
  return compiled.program.evaluate({ self: self as never }, costLimit === undefined ? {} : { costLimit });
}

describe('CEL evaluation as cel-go does it', () => {
  it("trim() is Go's strings.TrimSpace, also on a long run of spaces inside the text", () => {
    expect(run('self.trim()', '\u3000\t a b \u0085')).toMatchObject({ kind: 'value', value: 'a b' });
    const inside = ' '.repeat(200_000);
    expect(run('self.trim() == self', `a${inside}b`)).toMatchObject({ kind: 'value', value: true });
  });

  it("format.date() reads a day as Go's time.Parse does: 29 February of the years 0 and 2000, not of 1900", () => {
    const invalid = (day: string): unknown => run(`format.date().validate('${day}').hasValue()`);
    expect(['0000-02-29', '2000-02-29', '1900-02-29', '2027-02-30', '2024-02-29'].map(invalid)).toMatchObject(
      [false, false, true, true, false].map((value) => ({ kind: 'value', value })),
    );
  });

  it("string(bytes) keeps a byte-order mark, as Go's string(b) does, and refuses bytes that are not UTF-8", () => {
    expect(run("string(b'\\xef\\xbb\\xbfa').size()")).toMatchObject({ kind: 'value', value: 2n });
    expect(run('string(self).size()', new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toMatchObject({ kind: 'value', value: 2n });
    expect(run('string(self)', new Uint8Array([0xff]))).toMatchObject({ kind: 'error', message: 'invalid UTF-8 in bytes, cannot convert to string' });
  });

  it('has() on null, a string or a number is false; selecting a field of them is "no such key"', () => {
    expect(run('has(self.groups)', null)).toMatchObject({ kind: 'value', value: false });
    expect(run('has(self.groups)', 'text')).toMatchObject({ kind: 'value', value: false });
    expect(run('self.groups', null)).toMatchObject({ kind: 'error', message: 'no such key: groups' });
    expect(run('self.groups', [1n])).toMatchObject({ kind: 'error', message: "unsupported index type 'string' in list" });
    expect(run('self.?groups.hasValue()', null)).toMatchObject({ kind: 'value', value: false });
  });

  it('a field of an optional is optional: a.?b.c is none where b or c is missing (applyQualifiers)', () => {
    const labels = new Map([['labels', new Map([['team', 'web']])]]);
    expect(run("self.?labels.team.orValue('-')", labels)).toMatchObject({ kind: 'value', value: 'web' });
    expect(run("self.?labels.owner.orValue('-')", labels)).toMatchObject({ kind: 'value', value: '-' });
    expect(run("self.?annotations.team.orValue('-')", labels)).toMatchObject({ kind: 'value', value: '-' });
    expect(run('has(self.?labels.team)', labels)).toMatchObject({ kind: 'value', value: true });
  });

  it('a macro over something that is not a list or map is an error naming its Go type', () => {
    expect(run("self.exists(v, v == '*')", null)).toMatchObject({ kind: 'error', message: "got 'types.Null', expected iterable type" });
    expect(run("self.exists(v, v == '*')", 'get')).toMatchObject({ kind: 'error', message: "got 'types.String', expected iterable type" });
    expect(run("self.exists(v, v == '*')", new Map([['*', true]]))).toMatchObject({ kind: 'value', value: true });
  });

  it('&& and || absorb an error when the other side decides; numbers are equal across types', () => {
    expect(run('self.missing || true', new Map())).toMatchObject({ kind: 'value', value: true });
    expect(run('false && self.missing', new Map())).toMatchObject({ kind: 'value', value: false });
    expect(run('self.missing && true', new Map())).toMatchObject({ kind: 'error', message: 'no such key: missing' });
    expect(run('dyn(1) == 1.0 && dyn(1u) == 1 && dyn([1]) == [1.0]')).toMatchObject({ kind: 'value', value: true });
  });

  it('charges cel-go runtime cost: a variable 1, each field 1 more, a call by its model; constants are free', () => {
    expect(run('self', 1n).cost).toBe(1);
    expect(run('self.a.b', new Map([['a', new Map([['b', 1n]])]])).cost).toBe(3);
    // The list literal is folded into a constant (OptOptimize): only the call and the variable cost.
    expect(run("self.startsWith('abc')", 'a'.repeat(100)).cost).toBe(1 + Math.ceil(100 * 0.1));
    // Each of the 3 iterations: the condition @not_strictly_false(@result) 2, the step @result && x > 0 3; the result
    // @result 1; the constant list and the initial true nothing.
    expect(run('[1, 2, 3].all(x, x > 0)').cost).toBe(16);
    const literal = new CelEnvironment(undefined, { optimize: false }).compile('[1, 2, 3].size()', {});
    expect(literal.ok && literal.program.evaluate({}).cost).toBe(11);
  });

  it('stops at the cost limit, as cel-go does, and says so', () => {
    expect(PER_CALL_LIMIT).toBe(1_000_000);
    const result = run('self.map(a, self.map(b, a + b)).size() > 0', Array.from({ length: 2000 }, (_, i) => BigInt(i)));
    expect(result).toMatchObject({ kind: 'costExceeded', message: 'operation cancelled: actual cost limit exceeded' });
    expect(result.cost).toBeGreaterThan(PER_CALL_LIMIT);
    expect(run('self + 1', 1n, 1)).toMatchObject({ kind: 'costExceeded' });
  });

  it('classifies compile errors: syntax, types (with cel-go words and offsets), and a static estimate over a limit', () => {
    const syntax = env.compile('self.a ==', { self: DYN });
    expect(syntax.ok === false && syntax.error.kind).toBe('syntax');
    const type = env.compile("1 + 'a'", {});
    expect(type.ok === false && [type.error.kind, type.error.message, type.error.offset]).toEqual(['type', "found no matching overload for '_+_' applied to '(int, string)'", 2]);
    const cost = env.compile('[1, 2, 3].map(a, [1, 2, 3].map(b, a * b)).size() > 0', {}, { staticCostLimit: 10 });
    expect(cost.ok === false && [cost.error.kind, cost.error.message]).toEqual([
      'cost',
      'estimated rule cost exceeds budget by factor of 25.7x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)',
    ]);
  });

  it('an environment compiles the next expression as if alone after syntax errors deep in parentheses', () => {
    const fresh = new CelEnvironment();
    // Each error leaves 10 levels of nesting behind it: 30 of them once counted past the limit of 250 for good.
    for (let i = 0; i < 30; i++) {
      const broken = fresh.compile(`${'('.repeat(10)}self.a ==`, { self: DYN });
      expect(broken.ok === false && [broken.error.kind, broken.error.message]).toEqual(['syntax', "Syntax error: mismatched input '<EOF>' expecting an expression"]);
    }
    const next = fresh.compile('self.a == 1', { self: DYN });
    expect(next.ok && next.program.evaluate({ self: new Map([['a', 1n]]) })).toMatchObject({ kind: 'value', value: true });
  });
});

/**
 * Recorded from golang.org/x/text 0.7.0's message printer (Debian's golang-golang-x-text-dev, Go 1.19), which cel-go's
 * format hands "%.<precision>f" and "%<precision>e": the printer keeps a precision as uint8 and int16, pads %e to the
 * width, and stops reading a number past a million; Atoi's errors are cel-go's. x/text's message/print.go and
 * internal/format are the same at v0.40 (Kubernetes 1.37's); its number formatter has dropped, since v0.23, the
 * spaces around the × of scientific notation, so the newest environment writes %e without them.
 */
describe("strings format's %f and %e as x/text's printer writes them", () => {
  it.each([
    ['"%.300f".format([1.2345])', '1.2344999999999999307220832633902318775653839111328125'],
    ['"%.300f".format([2.5])', `2.5${'0'.repeat(43)}`],
    ['"%.256f".format([1e21])', '1,000,000,000,000,000,000,000'],
    ['"%.32768f".format([1.2345])', '1.2345'],
    ['"%.40000f".format([1e-7])', `0.0000001${'0'.repeat(57)}`],
    ['"%.65536f".format([-0.4])', '-0'],
    ['"%.65536f".format([2.71828])', '3'],
    ['"%.007f".format([1.5])', '1.5000000'],
    ['"a%.10000009fb".format([1.5])', `a1.5${'0'.repeat(136)}b`],
    ['"%.10000010f".format([1.5])', '%!(NOVERB)'],
    ['"%.611122233e".format([2.0])', '%!(NOVERB)'],
    ['"%.20e".format([-2.71828])', '      -2.718280×10⁰⁰'],
    ['"%.20e".format([1e-7])', '      1.000000×10⁻⁰⁷'],
    ['"%.20e".format([double("-Infinity")])', `${' '.repeat(18)}-∞`],
    ['"%e".format([double("NaN")])', '   NaN'],
  ])('%s', (expression, value) => {
    expect(run(expression)).toMatchObject({ kind: 'value', value });
  });

  it('writes %e with narrow no-break spaces around × for Kubernetes before 1.33, whose x/text is older than v0.23', () => {
    const evaluate = (version: string): unknown => {
      const compiled = new CelEnvironment(version).compile('"%.20e".format([-2.71828])', {});
      return compiled.ok && compiled.program.evaluate({});
    };
    expect(evaluate('1.32')).toMatchObject({ kind: 'value', value: '    -2.718280\u202f×\u202f10⁰⁰' });
    expect(evaluate('1.33')).toMatchObject({ kind: 'value', value: '      -2.718280×10⁰⁰' });
  });

  it.each([
    ['"%.f".format([1.5])', 'could not parse formatting clause: error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing "": invalid syntax'],
    ['"%.99999999999999999999f".format([1.5])', 'could not parse formatting clause: error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing "99999999999999999999": value out of range'],
    ['"%.611122233f".format(["x"])', 'error during formatting: fixed-point clause can only be used on doubles, was given string'],
  ])('%s is an error', (expression, message) => {
    expect(run(expression)).toMatchObject({ kind: 'error', message });
  });

  describe('stops an evaluation whose format() calls write more than 64 Mi characters, which the cost limit prices by the format string', () => {
    const limit = `format() writes more than ${2 ** 26} characters in this evaluation; platlint stops it there (the cost limit prices format() by its format string, not by what it writes, so the API server would hold all of it in memory)`;
    const padded = (count: number): string => `lists.range(${count}).map(x, "%.999999e".format([double(x)]))`;

    it('lets 60 clauses padded to a million characters each through, as Kubernetes evaluates them', () => {
      expect(run(`${padded(60)}.map(s, s.size()).sum()`)).toMatchObject({ kind: 'value', value: 59_999_940n });
    });

    it('stops at the 68th such call of one evaluation, whose cost stays far below the limit', () => {
      expect(run(`${padded(3000)}.size()`)).toMatchObject({ kind: 'error', message: limit });
    });

    it('stops within one call of a hundred such clauses, before the text reaches V8\'s limit', () => {
      const clauses = Array.from({ length: 100 }, () => '%.999999e').join('');
      const args = Array.from({ length: 100 }, () => '1.5').join(', ');
      expect(run(`"${clauses}".format([${args}]).size()`)).toMatchObject({ kind: 'error', message: limit, cost: 0 });
    });
  });
});
