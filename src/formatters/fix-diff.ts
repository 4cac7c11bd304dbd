/**
 * `--diff`: what `--fix` would change in a file, as a unified diff with git's `a/` and `b/` prefixes, so that
 * `git apply` (or `patch -p1`) run where platlint ran applies it. Both texts come in with their secrets masked:
 * a line that holds a secret shows the mask, as every other output of platlint does.
 */
import { FILE_HEADERS_ONLY, formatPatch, structuredPatch } from 'diff';
import { painter, type Style } from './ansi.js';

function styleOf(line: string): Style | undefined {
  if (line.startsWith('--- ') || line.startsWith('+++ ')) return 'bold';
  if (line.startsWith('@@')) return 'cyan';
  if (line.startsWith('-')) return 'red';
  if (line.startsWith('+')) return 'green';
  return undefined;
}

/** The diff of `file` from `before` to `after`, three lines of context; empty when they are equal. */
export function fixDiff(file: string, before: string, after: string, color: boolean): string {
  if (before === after) return '';
  const path = file.replaceAll('\\', '/');
  const text = formatPatch(structuredPatch(`a/${path}`, `b/${path}`, before, after, undefined, undefined, { context: 3 }), FILE_HEADERS_ONLY);
  const body = text.endsWith('\n') ? text : `${text}\n`;
  const paint = painter(color);
  return body
    .split('\n')
    .map((line) => {
      const style = styleOf(line);
      return style ? paint(style, line) : line;
    })
    .join('\n');
}
