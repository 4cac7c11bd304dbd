import { Scalar } from 'yaml';
import { goTrimRight } from '../formats/go-text.js';

/**
 * Maps offsets inside the value of a literal block scalar (`raw: |`) back to offsets in the file, so that
 * diagnostics inside an embedded YAML string land on the file's own lines. Returns undefined for styles whose
 * value is not a line-by-line copy of the source (folded, quoted, plain), where callers report at the scalar.
 */
export function literalBlockOffsetMap(fileText: string, node: Scalar): ((offset: number) => number) | undefined {
  if (node.type !== Scalar.BLOCK_LITERAL || !node.range || typeof node.value !== 'string') return undefined;
  const [start, end] = node.range;
  const headerEnd = fileText.indexOf('\n', start);
  if (headerEnd < 0 || headerEnd >= end) return undefined;
  const header = fileText.slice(start, headerEnd);
  const explicitIndent = /^[|][+-]?([1-9])|^[|]([1-9])[+-]?/.exec(header);
  const lines: { fileStart: number; text: string }[] = [];
  let pos = headerEnd + 1;
  while (pos < end) {
    let next = fileText.indexOf('\n', pos);
    if (next < 0 || next > end) next = end;
    lines.push({ fileStart: pos, text: fileText.slice(pos, next).replace(/\r$/, '') });
    pos = next + 1;
  }
  let indent: number;
  if (explicitIndent) {
    // The indicator is relative to the parent's indentation, which we recover from the first content line.
    const firstNonEmpty = lines.find((l) => l.text.trim() !== '');
    indent = firstNonEmpty ? firstNonEmpty.text.length - firstNonEmpty.text.trimStart().length : 0;
  } else {
    const firstNonEmpty = lines.find((l) => l.text.trim() !== '');
    if (!firstNonEmpty) return undefined;
    indent = firstNonEmpty.text.length - firstNonEmpty.text.trimStart().length;
  }
  const starts: { rawStart: number; fileStart: number }[] = [];
  let rebuilt = '';
  for (const line of lines) {
    starts.push({ rawStart: rebuilt.length, fileStart: line.fileStart + Math.min(indent, line.text.length) });
    rebuilt += line.text.slice(indent) + '\n';
  }
  // Chomping may drop or keep trailing newlines; the content itself must agree or we do not trust the map.
  const value = node.value;
  const comparable = goTrimRight(value, '\n');
  if (!rebuilt.startsWith(comparable)) return undefined;
  // Errors "at the end of input" point past the content; the last character is where a reader looks.
  const last = Math.max(0, comparable.length - 1);
  return (position: number): number => {
    const offset = Math.min(position, last);
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid]?.rawStart ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    const line = starts[lo];
    return line ? line.fileStart + (offset - line.rawStart) : start;
  };
}
