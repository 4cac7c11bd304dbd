import { describe, expect, it } from 'vitest';
import { memoizeByString } from '../../src/formats/memo.js';

describe('memoizeByString', () => {
  it('asks once per value, an answer of undefined included', () => {
    const asked: string[] = [];
    const check = memoizeByString((value: string) => {
      asked.push(value);
      return value === 'none' ? undefined : value.length;
    });
    expect([check('abc'), check('abc'), check('none'), check('none'), check('abcd')]).toEqual([3, 3, undefined, undefined, 4]);
    expect(asked).toEqual(['abc', 'none', 'abcd']);
  });

  it('keeps at most maxEntries answers and never a string longer than maxLength', () => {
    const asked: string[] = [];
    const check = memoizeByString((value: string) => {
      asked.push(value);
      return value.toUpperCase();
    }, 2, 5);
    for (const value of ['a', 'b', 'c', 'a', 'longer', 'longer']) check(value);
    // 'c' found two kept: they were dropped, so 'a' is asked again; 'longer' is never kept.
    expect(asked).toEqual(['a', 'b', 'c', 'a', 'longer', 'longer']);
  });
});
