/**
 * Go's character classes. The TrimSpace table is Go's own (src/strings/strings_test.go, trimSpaceTests), less the
 * cases of invalid UTF-8 bytes, which a JavaScript string cannot hold.
 */
import { describe, expect, it } from 'vitest';
import { firstUnprintable, goTrim, goTrimRight, goTrimSpace, isPrintable } from '../../src/formats/go-text.js';

const SPACE = '\t\v\r\f\n\u0085\u00a0\u2000\u3000';

describe('goTrimSpace (strings.TrimSpace)', () => {
  it.each([
    ['', ''],
    ['abc', 'abc'],
    [SPACE + 'abc' + SPACE, 'abc'],
    [' ', ''],
    [' \t\r\n \t\t\r\r\n\n ', ''],
    [' \t\r\n x\t\t\r\r\n\n ', 'x'],
    [' \u2000\t\r\n x\t\t\r\r\ny\n \u3000', 'x\t\t\r\r\ny'],
    ['1 \t\r\n2', '1 \t\r\n2'],
    ['x ☺ ', 'x ☺'],
  ])('trims %j to %j', (text, trimmed) => expect(goTrimSpace(text)).toBe(trimmed));

  it('keeps a long run of spaces inside the text', () => {
    const inside = ' '.repeat(200_000);
    expect(goTrimSpace(` a${inside}b `)).toBe(`a${inside}b`);
  });
});

describe('goTrimRight (strings.TrimRight)', () => {
  it.each([
    ['abc \t \t', ' \t', 'abc'],
    ['\n\nabc\n\n\n', '\n', '\n\nabc'],
    ['abc', ' ', 'abc'],
    ['   ', ' ', ''],
  ])('trims %j of %j to %j', (text, cutset, trimmed) => expect(goTrimRight(text, cutset)).toBe(trimmed));

  it('keeps a long run of the cut characters inside the text', () => {
    const inside = '\n'.repeat(200_000);
    expect(goTrimRight(`a${inside}b\n`, '\n')).toBe(`a${inside}b`);
  });
});

describe('goTrim (strings.Trim)', () => {
  it.each([
    ['--a-b..', '-.', 'a-b'],
    [' \tvalue \t', ' \t', 'value'],
    ['---', '-', ''],
    ['abc', '-', 'abc'],
  ])('trims %j of %j to %j', (text, cutset, trimmed) => expect(goTrim(text, cutset)).toBe(trimmed));
});

describe('isPrintable and firstUnprintable (unicode.IsPrint)', () => {
  it.each([
    ['a', true],
    [' ', true],
    ['☺', true],
    ['\u0301', true],
    ['\t', false],
    ['\u00a0', false],
    ['\u00ad', false],
    ['\u2028', false],
    ['\u{10ffff}', false],
  ])('%j is printable: %s', (char, printable) => expect(isPrintable(char)).toBe(printable));

  it('finds the first character that is not printable', () => {
    expect(firstUnprintable('kubectl\u00a0apply\t')).toBe('\u00a0');
    expect(firstUnprintable('kubectl-client-side-apply')).toBeUndefined();
  });
});
