/** ANSI styles for the human-readable outputs (stylish, `--diff`); the CLI decides whether colour is on. */
const ANSI = { red: 31, green: 32, yellow: 33, blue: 34, cyan: 36, dim: 2, bold: 1, underline: 4 } as const;
export type Style = keyof typeof ANSI;

export function painter(enabled: boolean): (style: Style, text: string) => string {
  return (style, text) => (enabled ? `\u001b[${ANSI[style]}m${text}\u001b[0m` : text);
}

/** The C0 controls but tab, DEL and the C1 controls (Unicode's Cc but tab): what a terminal would obey rather than show. */
const CONTROL = /[^\P{Cc}\t]/gu;

function picture(control: string): string {
  const code = control.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  return code === 0x7f ? '\u2421' : '\ufffd';
}

/**
 * Text for a terminal, its control characters shown as Unicode's control pictures (`␛` for ESC, `␊` for a line
 * break; `�` for a C1 control) rather than obeyed: a value in a linted file, a file's name or a policy's message
 * cannot move the cursor, clear the screen, retitle the window or write an escape sequence the terminal acts on. One
 * character for one, so a code frame's carets stay under what they mark.
 */
export function terminalText(text: string): string {
  return text.replace(CONTROL, picture);
}

/** Every control `terminalText` pictures but the line feed. */
const CONTROL_BUT_LINE_FEED = /[^\P{Cc}\t\n]/gu;

/**
 * `terminalText` for text of several lines (a table, a documentation page, GitHub's workflow commands, which write them
 * as `%0A`): the line feeds are kept, every other control is pictured (a carriage return too, which would let a line
 * overwrite the one before).
 */
export function terminalLines(text: string): string {
  return text.replace(CONTROL_BUT_LINE_FEED, picture);
}
