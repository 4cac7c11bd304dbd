import { describe, expect, it } from 'vitest';
import { withoutComment } from '../../src/yaml/line-comment.js';

describe('withoutComment: a line of YAML without the comment that white space and "#" start', () => {
  it.each([
    ['value', 'value'],
    ['value # note', 'value'],
    ['value\t\t# note # more', 'value'],
    ['a#b', 'a#b'],
    ['a #b c #d', 'a'],
    ['# only a comment', '# only a comment'],
    [' # note', ''],
    ['url#fragment and text', 'url#fragment and text'],
  ])('%j is %j', (line, kept) => expect(withoutComment(line)).toBe(kept));

  it('keeps a long run of spaces that no "#" follows', () => {
    const inside = ' '.repeat(200_000);
    expect(withoutComment(`a${inside}b`)).toBe(`a${inside}b`);
    expect(withoutComment(`a${inside}b #`)).toBe(`a${inside}b`);
  });
});
