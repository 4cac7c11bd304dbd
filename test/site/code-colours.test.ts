import { describe, expect, it } from 'vitest';
import { contrast, DARK_CODE_BACKGROUND, legible, legibleCodeColours, LIGHT_CODE_BACKGROUND } from '../../src/site/code-colours.js';

describe('contrast', () => {
  it("is WCAG 2's ratio", () => {
    expect(contrast('#000000', '#ffffff')).toBe(21);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});

describe('legible', () => {
  it("darkens GitHub's light comment and string colours just past 4.5:1 on a highlighted line", () => {
    for (const colour of ['#6A737D', '#22863A']) {
      const moved = legible(colour, LIGHT_CODE_BACKGROUND);
      expect(contrast(moved, LIGHT_CODE_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(moved, LIGHT_CODE_BACKGROUND)).toBeLessThan(4.8);
      expect(contrast(moved, '#000000')).toBeLessThan(contrast(colour, '#000000'));
    }
  });

  it('lightens a dark theme colour, and keeps one that is legible already, alpha included', () => {
    const moved = legible('#6A737D', DARK_CODE_BACKGROUND);
    expect(contrast(moved, DARK_CODE_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(moved, '#ffffff')).toBeLessThan(contrast('#6A737D', '#ffffff'));
    expect(legible('#24292E', LIGHT_CODE_BACKGROUND)).toBe('#24292E');
    expect(legible('#E1E4E8', DARK_CODE_BACKGROUND)).toBe('#E1E4E8');
    expect(legible('#6A737D80', LIGHT_CODE_BACKGROUND)).toMatch(/^#[0-9a-f]{6}80$/);
  });
});

describe('legibleCodeColours', () => {
  it("rewrites both themes' colours of a token's style and nothing else", () => {
    const style = legibleCodeColours('--shiki-light:#22863A;--shiki-dark:#85E89D;font-style:italic');
    const [, light, dark] = /^--shiki-light:(#\w+);--shiki-dark:(#\w+);font-style:italic$/.exec(style) ?? [];
    expect(light).toBe(legible('#22863A', LIGHT_CODE_BACKGROUND));
    expect(light).not.toBe('#22863A');
    expect(dark).toBe('#85E89D');
  });
});
