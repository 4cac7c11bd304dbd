/** ANSI styles for the human-readable outputs (stylish, `--diff`); the CLI decides whether colour is on. */
const ANSI = { red: 31, green: 32, yellow: 33, blue: 34, cyan: 36, dim: 2, bold: 1, underline: 4 } as const;
export type Style = keyof typeof ANSI;

export function painter(enabled: boolean): (style: Style, text: string) => string {
  return (style, text) => (enabled ? `\u001b[${ANSI[style]}m${text}\u001b[0m` : text);
}
