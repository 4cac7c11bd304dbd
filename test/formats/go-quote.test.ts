/**
 * The quoting of Go's error messages. The tables are Go's own (src/strconv/quote_test.go, quotetests and
 * quoterunetests, their Quote and QuoteRune columns), less the cases of invalid UTF-8 bytes, which a JavaScript string
 * cannot hold.
 */
import { describe, expect, it } from 'vitest';
import { goQuote, goQuoteRune, goTimeQuote } from '../../src/formats/go-quote.js';

describe('goQuote (strconv.Quote)', () => {
  it.each([
    ['\x07\b\f\r\n\t\v', '"\\a\\b\\f\\r\\n\\t\\v"'],
    ['\\', '"\\\\"'],
    ['\u263a', '"☺"'],
    ['\u{10ffff}', '"\\U0010ffff"'],
    ['\x04', '"\\x04"'],
    ['!\u00a0!\u2000!\u3000!', '"!\\u00a0!\\u2000!\\u3000!"'],
    ['\x7f', '"\\x7f"'],
    ['say "hi"', '"say \\"hi\\""'],
    ["it's", '"it\'s"'],
  ])('quotes %j as %s', (text, quoted) => expect(goQuote(text)).toBe(quoted));
});

describe('goQuoteRune (strconv.QuoteRune)', () => {
  it.each([
    ['a', "'a'"],
    ['\x07', "'\\a'"],
    ['\\', "'\\\\'"],
    ['\u00ff', "'ÿ'"],
    ['\u263a', "'☺'"],
    ['\udead', "'\ufffd'"],
    ['\ufffd', "'\ufffd'"],
    ['\u{10ffff}', "'\\U0010ffff'"],
    ['\x04', "'\\x04'"],
    ['\u00a0', "'\\u00a0'"],
    ['\u2000', "'\\u2000'"],
    ['\u3000', "'\\u3000'"],
    ["'", "'\\''"],
    ['"', `'"'`],
  ])('quotes %j as %s', (char, quoted) => expect(goQuoteRune(char)).toBe(quoted));
});

describe("goTimeQuote (the time package's quote)", () => {
  it.each([
    ['2024-05-14', '"2024-05-14"'],
    ['a"b\\µ', '"a\\"b\\\\\\xc2\\xb5"'],
    ['\t☺', '"\\x09\\xe2\\x98\\xba"'],
  ])('quotes %j as %s', (text, quoted) => expect(goTimeQuote(text)).toBe(quoted));
});
