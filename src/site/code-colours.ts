/**
 * The code blocks' colours, legible: VitePress colours code with GitHub's themes (Shiki's github-light and
 * github-dark), some of whose colours (comments, YAML strings) fall below WCAG AA's contrast of 4.5:1 on VitePress's
 * code background, and further on a highlighted line. Each token's colour is darkened (light theme) or lightened
 * (dark theme) just enough to reach it; the others are kept.
 */

/** The light theme's darkest code background: a highlighted line, `--vp-code-line-highlight-color` over the block's. */
export const LIGHT_CODE_BACKGROUND = '#e7e9ec';
/** The dark theme's lightest: a highlighted line, over `--vp-code-block-bg` (#161618). */
export const DARK_CODE_BACKGROUND = '#23252a';

const AA = 4.5;

function channels(colour: string): [number, number, number] {
  const hex = /^#([0-9a-f]{6})/i.exec(colour)?.[1];
  if (hex === undefined) throw new Error(`not a #rrggbb colour: ${colour}`);
  return [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
}

function luminance(colour: string): number {
  const [r, g, b] = channels(colour).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2's contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `colour` moved towards black (on a light background) or white (on a dark one) until it reaches 4.5:1, else kept. */
export function legible(colour: string, background: string): string {
  const alpha = /^#[0-9a-f]{6}([0-9a-f]{2})?$/i.exec(colour)?.[1] ?? '';
  const target = luminance(background) > 0.5 ? 0 : 255;
  const start = channels(colour);
  let moved = colour.slice(0, 7);
  for (let step = 1; contrast(moved, background) < AA && step <= 100; step++) {
    moved = `#${start.map((value) => Math.round(value + ((target - value) * step) / 100).toString(16).padStart(2, '0')).join('')}`;
  }
  return moved === colour.slice(0, 7) ? colour : `${moved}${alpha}`;
}

/** A token's style as VitePress writes it (`--shiki-light:#22863A;--shiki-dark:#85E89D`), each colour made legible. */
export function legibleCodeColours(style: string): string {
  return style
    .replace(/(--shiki-light:\s*)(#[0-9a-f]{6}(?:[0-9a-f]{2})?)/gi, (_, key: string, colour: string) => `${key}${legible(colour, LIGHT_CODE_BACKGROUND)}`)
    .replace(/(--shiki-dark:\s*)(#[0-9a-f]{6}(?:[0-9a-f]{2})?)/gi, (_, key: string, colour: string) => `${key}${legible(colour, DARK_CODE_BACKGROUND)}`);
}
