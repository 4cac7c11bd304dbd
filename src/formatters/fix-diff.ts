/**
 * `--diff`: what `--fix` would change in a file, as a unified diff with git's `a/` and `b/` prefixes, so that
 * `git apply` (or `patch -p1`) run where platlint ran applies it. Both texts come in with their secrets masked:
 * a line that holds a secret shows the mask, as every other output of platlint does.
 */
import { FILE_HEADERS_ONLY, formatPatch, structuredPatch } from 'diff';
import { painter, terminalText, type Style } from './ansi.js';

function styleOf(line: string): Style | undefined {
  if (line.startsWith('--- ') || line.startsWith('+++ ')) return 'bold';
  if (line.startsWith('@@')) return 'cyan';
  if (line.startsWith('-')) return 'red';
  if (line.startsWith('+')) return 'green';
  return undefined;
}

/** The unified diff of `file` from `before` to `after`, three lines of context, exactly; empty when they are equal. */
export function unifiedDiff(file: string, before: string, after: string): string {
  if (before === after) return '';
  const path = file.replaceAll('\\', '/');
  const text = formatPatch(structuredPatch(`a/${path}`, `b/${path}`, before, after, undefined, undefined, { context: 3 }), FILE_HEADERS_ONLY);
  return text.endsWith('\n') ? text : `${text}\n`;
}

/**
 * The diff as `--diff` prints it: control characters as pictures (a CRLF line keeps its CR, so the patch still
 * applies), coloured when `color`.
 */
export function fixDiff(file: string, before: string, after: string, color: boolean): string {
  const paint = painter(color);
  return unifiedDiff(file, before, after)
    .split('\n')
    .map((line) => {
      const crlf = line.endsWith('\r');
      const shown = crlf ? `${terminalText(line.slice(0, -1))}\r` : terminalText(line);
      const style = styleOf(shown);
      return style ? paint(style, shown) : shown;
    })
    .join('\n');
}
